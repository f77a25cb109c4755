import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

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

export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer: 'folio', algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return undefined;
    return { userId: payload.sub, sessionId: payload.sid, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return undefined;
  }
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
