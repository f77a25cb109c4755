import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

// Access tokens are short-lived signed JWTs naming the user and the server-side session; refresh
// tokens are random, stored only as a hash, and rotated on every use (decisions 0002, 0186).
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** The session answer refreshes the access token when less than this is left. */
export const REFRESH_MARGIN_SECONDS = 2 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

export interface AccessClaims {
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

export function secretKey(secret: string): Uint8Array {
  return createHash('sha256').update(secret).digest();
}

export async function signAccessToken(key: Uint8Array, userId: string, sessionId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000);
  const token = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .setIssuer('folio')
    .sign(key);
  return { token, expiresAt };
}

/** The one header this server signs with (signAccessToken), base64url-encoded as jose writes it. */
const ACCESS_TOKEN_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** What a token that passed the signature check says, kept so its next call skips the check (the time bounds are checked on every call). */
interface CheckedToken {
  userId: string;
  sessionId: string;
  exp: number;
  nbf: number | undefined;
}

/**
 * Tokens whose signature this process has checked, per signing key. A session's token is sent on every call
 * of its page for up to 15 minutes; the HMAC, the base64 and JSON decoding of its body then run once. Only
 * tokens that passed are kept (a refused one is checked again in full), and the map is emptied once it holds
 * CHECKED_TOKENS_KEPT, so it stays bounded whoever calls.
 */
const checkedTokens = new WeakMap<Uint8Array, Map<string, CheckedToken>>();
const CHECKED_TOKENS_KEPT = 10_000;

function claimsAt(checked: CheckedToken, now: number): AccessClaims | undefined {
  const nowSeconds = Math.floor(now / 1000);
  // As jose: expired once `exp` is reached; not valid before `nbf` when one is given.
  if (checked.exp <= nowSeconds) return undefined;
  if (checked.nbf !== undefined && checked.nbf > nowSeconds) return undefined;
  return { userId: checked.userId, sessionId: checked.sessionId, expiresAt: new Date(checked.exp * 1000) };
}

/**
 * The claims of an access token this server signed, or undefined for any other token: another header
 * (another algorithm, `none`), a signature that is not ours, another issuer, or past its expiry. Every
 * signed-in call asks this; an HMAC checked here in one synchronous step costs a few microseconds
 * where jose's asynchronous WebCrypto path cost about 0.5 ms of CPU per call (decision 0470), and a
 * token already checked skips even that (decision 0625). Whether its session is still open is not
 * this function's to say: the caller asks the database on every call.
 */
export async function verifyAccessToken(key: Uint8Array, token: string, now = Date.now()): Promise<AccessClaims | undefined> {
  let checked = checkedTokens.get(key);
  if (!checked) checkedTokens.set(key, (checked = new Map()));
  const known = checked.get(token);
  if (known) return claimsAt(known, now);
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, body, signature] = parts as [string, string, string];
  if (header !== ACCESS_TOKEN_HEADER) return undefined;
  const expected = createHmac('sha256', key).update(`${header}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let payload: { iss?: unknown; sub?: unknown; sid?: unknown; exp?: unknown; nbf?: unknown };
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof payload;
  } catch {
    return undefined;
  }
  if (payload === null || typeof payload !== 'object') return undefined;
  if (payload.iss !== 'folio' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return undefined;
  if (payload.nbf !== undefined && typeof payload.nbf !== 'number') return undefined;
  const passed: CheckedToken = { userId: payload.sub, sessionId: payload.sid, exp: payload.exp, nbf: payload.nbf };
  const claims = claimsAt(passed, now);
  if (!claims) return undefined;
  if (checked.size >= CHECKED_TOKENS_KEPT) checked.clear();
  checked.set(token, passed);
  return claims;
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
