import { HOTP, Secret, TOTP } from 'otpauth';

// Time-based one-time passwords (RFC 6238, on HOTP of RFC 4226): what an authenticator app shows.
// 30-second steps, 6 digits, HMAC-SHA1 for the apps (the RFC's default); SHA-256 and SHA-512 are
// there because the RFC's test vectors cover them. The codes, the base32 secrets and the otpauth://
// address come from the maintained `otpauth` library (issue 35: a library over our own crypto); the
// functions below keep the shapes the two-step sign-in and its tests call.

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';
export interface TotpOptions {
  algorithm?: TotpAlgorithm;
  digits?: number;
  stepSeconds?: number;
}

const secretOf = (bytes: Uint8Array) => new Secret({ buffer: Uint8Array.from(bytes).buffer });
const settingsOf = (options: TotpOptions) => ({ algorithm: (options.algorithm ?? 'sha1').toUpperCase(), digits: options.digits ?? 6 });

export function base32Encode(bytes: Uint8Array): string {
  return secretOf(bytes).base32;
}

/** The secret's bytes; spaces, dashes, padding and lower case as people type them are accepted. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  if (!/^[A-Z2-7]*$/.test(clean)) throw new Error('not base32');
  return Buffer.from(Secret.fromBase32(clean).bytes);
}

/** HOTP (RFC 4226 section 5.3): dynamic truncation of the HMAC of the 8-byte counter. */
export function hotp(key: Uint8Array, counter: number, options: TotpOptions = {}): string {
  return HOTP.generate({ secret: secretOf(key), counter, ...settingsOf(options) });
}

export function totpAt(key: Uint8Array, unixSeconds: number, options: TotpOptions = {}): string {
  return hotp(key, Math.floor(unixSeconds / (options.stepSeconds ?? 30)), options);
}

/**
 * The time step the code belongs to, accepting one step either side for clock drift; undefined
 * when it matches none. Callers refuse a step at or before the last one used (no replay). The
 * library compares in constant time.
 */
export function matchingStep(key: Uint8Array, code: string, unixSeconds: number, options: TotpOptions = {}): number | undefined {
  const period = options.stepSeconds ?? 30;
  const delta = TOTP.validate({ token: code, secret: secretOf(key), ...settingsOf(options), period, timestamp: unixSeconds * 1000, window: 1 });
  return delta === null ? undefined : Math.floor(unixSeconds / period) + delta;
}

/** A new 160-bit secret (RFC 4226 recommends 160 bits), base32 as the apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads (as text or a QR code). */
export function otpauthUri(secret: string, account: string, issuer = 'Folio'): string {
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).toString();
}
