import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../server/auth/refresh-tokens';
import { hashToken } from '../../server/auth/tokens';
import { CookieJar, setCookie } from '../support/cookie-jar';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Refresh tokens rotate on every use; a replaced one coming back ends its session (decision 0186).

const REFRESH = 'folio.refresh-token';
const EMAIL = 'foliouser@demo.folio.test';
let app: FastifyInstance;

beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
});
afterAll(async () => {
  await app.close();
});

async function signedIn(): Promise<{ jar: CookieJar; userId: string }> {
  const { cookies } = await signIn(app, EMAIL);
  const session = await app.inject({ method: 'GET', url: '/api/auth/session', cookies });
  return { jar: new CookieJar(cookies), userId: session.json().user.id };
}

/** What the SPA's forced refresh sends (POST /api/auth/session): it always mints an access token. */
function refresh(cookies: Record<string, string>) {
  return app.inject({ method: 'POST', url: '/api/auth/session', cookies, payload: {} });
}

function me(accessToken: string, userId: string) {
  return app.inject({ method: 'GET', url: `/identity/api/v1/users/${userId}`, headers: bearer(accessToken) });
}

describe('refresh token rotation', () => {
  it('gives a new refresh token on every use, and the new one works', async () => {
    const { jar } = await signedIn();
    const first = jar.cookies[REFRESH];
    const once = await refresh(jar.cookies);
    expect(once.json().accessToken).toEqual(expect.any(String));
    const second = setCookie(once, REFRESH);
    expect(second).toEqual(expect.any(String));
    expect(second).not.toBe(first);
    jar.take(once);
    const twice = await refresh(jar.cookies);
    expect(setCookie(twice, REFRESH)).not.toBe(second);
    expect(twice.json().accessToken).toEqual(expect.any(String));
  });

  it('a token replayed after it was replaced ends the session for every holder', async () => {
    const { jar, userId } = await signedIn();
    const stolen = jar.copy();
    jar.take(await refresh(jar.cookies));
    const owner = await refresh(jar.cookies);
    jar.take(owner);
    const ownerAccess = owner.json().accessToken as string;
    expect((await me(ownerAccess, userId)).statusCode).toBe(200);
    const reuses = () =>
      app.ctx.db.selectFrom('audit_log').select('id').where('actor_user_id', '=', userId).where('action', '=', 'session.refresh-token-reused').execute();
    const reusesBefore = (await reuses()).length;

    // Two rotations later the thief's copy comes back: not the token just replaced, so no grace.
    const replay = await refresh(stolen.cookies);
    expect(replay.json()).toEqual({});
    expect(setCookie(replay, REFRESH)).toBe('');

    // The owner's newest token and every access token of the session are dead too.
    expect((await refresh(jar.cookies)).json()).toEqual({});
    const after = await me(ownerAccess, userId);
    expect(after.statusCode).toBe(401);
    expect(after.headers['content-type']).toContain('application/problem+json');
    expect((await reuses()).length).toBe(reusesBefore + 1);
  });

  it('the token just replaced is a replay once the grace window is over', async () => {
    const { jar, userId } = await signedIn();
    const previous = jar.copy();
    const rotated = await refresh(jar.cookies);
    jar.take(rotated);
    // Time passes: the replaced token's replacement is dated back beyond the window.
    const earlier = new Date(Date.now() - (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);
    await app.ctx.db.updateTable('refresh_tokens').set({ superseded_at: earlier }).where('token_hash', '=', hashToken(previous.cookies[REFRESH]!)).execute();
    expect((await refresh(previous.cookies)).json()).toEqual({});
    expect((await me(rotated.json().accessToken, userId)).statusCode).toBe(401);
    expect((await refresh(jar.cookies)).json()).toEqual({});
  });

  it('another sign-in of the same user is another family and keeps working', async () => {
    const laptop = await signedIn();
    const phone = await signedIn();
    const stolen = laptop.jar.copy();
    laptop.jar.take(await refresh(laptop.jar.cookies));
    laptop.jar.take(await refresh(laptop.jar.cookies));
    expect((await refresh(stolen.cookies)).json()).toEqual({});
    const phoneAnswer = await refresh(phone.jar.cookies);
    expect(phoneAnswer.json().accessToken).toEqual(expect.any(String));
    expect((await me(phoneAnswer.json().accessToken, phone.userId)).statusCode).toBe(200);
  });

  it('two tabs refreshing at once both stay signed in', async () => {
    const { jar, userId } = await signedIn();
    const [tabA, tabB] = await Promise.all([refresh(jar.cookies), refresh(jar.cookies)]);
    for (const answer of [tabA, tabB]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().accessToken).toEqual(expect.any(String));
      expect((await me(answer.json().accessToken, userId)).statusCode).toBe(200);
    }
    // Exactly one answer rotated; the other left the refresh cookie alone, so the browser keeps the new token.
    const rotatedBy = [tabA, tabB].filter((answer) => setCookie(answer, REFRESH) !== undefined);
    expect(rotatedBy).toHaveLength(1);
    jar.take(tabA).take(tabB);
    expect(jar.cookies[REFRESH]).toBe(setCookie(rotatedBy[0]!, REFRESH));
    const later = await refresh(jar.cookies);
    expect(later.json().accessToken).toEqual(expect.any(String));
    expect((await me(later.json().accessToken, userId)).statusCode).toBe(200);
  });

  it('reading the session with a fresh access token does not rotate', async () => {
    const { jar } = await signedIn();
    const read = await app.inject({ method: 'GET', url: '/api/auth/session', cookies: jar.cookies });
    expect(read.json().accessToken).toEqual(expect.any(String));
    expect(setCookie(read, REFRESH)).toBeUndefined();
    const rows = await sql<{
      count: number;
    }>`SELECT count(*)::int AS count FROM refresh_tokens WHERE token_hash = ${hashToken(jar.cookies[REFRESH]!)} AND superseded_at IS NULL`.execute(app.ctx.db);
    expect(rows.rows[0]?.count).toBe(1);
  });
});
