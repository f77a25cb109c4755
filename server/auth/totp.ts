import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Time-based one-time passwords (RFC 6238, on HOTP of RFC 4226) with node:crypto: what an
// authenticator app shows. 30-second steps, 6 digits, HMAC-SHA1 for the apps (the RFC's default);
// SHA-256 and SHA-512 are there because the RFC's test vectors cover them.

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';
export interface TotpOptions {
  algorithm?: TotpAlgorithm;
  digits?: number;
  stepSeconds?: number;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP (RFC 4226 section 5.3): dynamic truncation of the HMAC of the 8-byte counter. */
export function hotp(key: Uint8Array, counter: number, options: TotpOptions = {}): string {
  const digits = options.digits ?? 6;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(options.algorithm ?? 'sha1', key)
    .update(message)
    .digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = (((mac[offset] ?? 0) & 0x7f) << 24) | ((mac[offset + 1] ?? 0) << 16) | ((mac[offset + 2] ?? 0) << 8) | (mac[offset + 3] ?? 0);
  return (binary % 10 ** digits).toString().padStart(digits, '0');
}

export function totpAt(key: Uint8Array, unixSeconds: number, options: TotpOptions = {}): string {
  return hotp(key, Math.floor(unixSeconds / (options.stepSeconds ?? 30)), options);
}

/**
 * The time step the code belongs to, accepting one step either side for clock drift; undefined
 * when it matches none. Callers refuse a step at or before the last one used (no replay).
 */
export function matchingStep(key: Uint8Array, code: string, unixSeconds: number, options: TotpOptions = {}): number | undefined {
  const step = Math.floor(unixSeconds / (options.stepSeconds ?? 30));
  const given = Buffer.from(code);
  for (const candidate of [step - 1, step, step + 1]) {
    const expected = Buffer.from(hotp(key, candidate, options));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return candidate;
  }
  return undefined;
}

/** A new 160-bit secret (RFC 4226 recommends 160 bits), base32 as the apps take it. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The otpauth:// address an authenticator app reads (as text or a QR code). */
export function otpauthUri(secret: string, account: string, issuer = 'Folio'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
}
