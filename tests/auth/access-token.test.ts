import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { secretKey, signAccessToken, verifyAccessToken } from '../../server/auth/tokens';

// Every signed-in call checks its access token; the check is the server's own HMAC (decision 0470).
// What it must accept and refuse, with tokens made the way jose makes them.
const key = secretKey('the test secret');
const now = new Date('2026-11-28T12:00:00Z');

const signed = (claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }, signingKey = key) =>
  new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(signingKey);

describe('access tokens', () => {
  it('accept what the server signed, until it expires, with the user, session and expiry', async () => {
    const { token, expiresAt } = await signAccessToken(key, 'user-1', 'session-1', now);
    expect(await verifyAccessToken(key, token, now.getTime())).toEqual({ userId: 'user-1', sessionId: 'session-1', expiresAt });
    expect(await verifyAccessToken(key, token, expiresAt.getTime() - 1000)).toBeDefined();
    expect(await verifyAccessToken(key, token, expiresAt.getTime())).toBeUndefined();
  });

  it('refuse a token signed with another key, changed after signing, or cut short', async () => {
    const { token } = await signAccessToken(key, 'user-1', 'session-1', now);
    expect(await verifyAccessToken(secretKey('another secret'), token, now.getTime())).toBeUndefined();
    const [header, body, signature] = token.split('.') as [string, string, string];
    const otherUser = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: 'user-2' })).toString('base64url');
    expect(await verifyAccessToken(key, `${header}.${otherUser}.${signature}`, now.getTime())).toBeUndefined();
    expect(await verifyAccessToken(key, `${header}.${body}.${signature.slice(0, -2)}`, now.getTime())).toBeUndefined();
    expect(await verifyAccessToken(key, `${header}.${body}`, now.getTime())).toBeUndefined();
    expect(await verifyAccessToken(key, 'not a token', now.getTime())).toBeUndefined();
  });

  it('refuse another algorithm, an unsigned token, another issuer, missing claims and a token not valid yet', async () => {
    const seconds = Math.floor(now.getTime() / 1000);
    const claims = { sub: 'user-1', sid: 'session-1', iss: 'folio', exp: seconds + 600 };
    expect(await verifyAccessToken(key, await signed(claims), now.getTime())).toBeDefined();
    expect(await verifyAccessToken(key, await signed(claims, { alg: 'HS512', typ: 'JWT' }), now.getTime())).toBeUndefined();
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect(await verifyAccessToken(key, unsigned, now.getTime())).toBeUndefined();
    expect(await verifyAccessToken(key, await signed({ ...claims, iss: 'someone else' }), now.getTime())).toBeUndefined();
    expect(await verifyAccessToken(key, await signed({ ...claims, sid: undefined }), now.getTime())).toBeUndefined();
    expect(await verifyAccessToken(key, await signed({ ...claims, exp: undefined }), now.getTime())).toBeUndefined();
    expect(await verifyAccessToken(key, await signed({ ...claims, nbf: seconds + 60 }), now.getTime())).toBeUndefined();
  });
});
