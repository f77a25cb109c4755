import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { countHit } from '../../server/auth/rate-limit-store';
import { freshPostgresDatabase, postgresUrl, testEngines } from '../support/postgres';
import { CookieJar, setCookie } from '../support/cookie-jar';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Two server instances on one PostgreSQL database: rate limits are counted in the database, so they
// hold across instances (decision 0187); a refresh token racing on both rotates once (decision 0186).

describe.skipIf(!postgresUrl)('rate limits with two server instances on one PostgreSQL database', () => {
  let drop: () => Promise<void>;
  let instanceA: FastifyInstance;
  let instanceB: FastifyInstance;

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh.drop;
    const shared = {
      database: { kind: 'postgres' as const, url: fresh.url },
      orders: 0,
      tokenSecret: 'two-instances-one-secret',
      rateLimits: { signInPerMinute: 3, forgotPasswordPerHour: 2, guestPaymentsPerTenMinutes: 20 },
    };
    // One after the other: the first migrates and seeds, the second finds it done.
    instanceA = await startTestApp(shared);
    instanceB = await startTestApp(shared);
  }, 120_000);
  afterAll(async () => {
    await instanceA?.close();
    await instanceB?.close();
    await drop?.();
  });

  it('counts sign-in attempts on both: two on A and two on B, the fourth is 429', async () => {
    const attempt = (app: FastifyInstance) => signIn(app, 'folioadmin@demo.folio.test', 'Wrong-pass-2026').then((result) => result.response.statusCode);
    const statuses = [await attempt(instanceA), await attempt(instanceA), await attempt(instanceB), await attempt(instanceB)];
    expect(statuses).toEqual([401, 401, 401, 429]);
    const blocked = await signIn(instanceA, 'folioadmin@demo.folio.test');
    expect(blocked.response.statusCode).toBe(429);
    expect(blocked.response.headers['content-type']).toContain('application/problem+json');
  });

  it('counts forgot-password requests on both', async () => {
    const ask = (app: FastifyInstance) =>
      app
        .inject({ method: 'POST', url: '/identity/api/v2/auth/folio/forgot-password', payload: { email: 'merchantadmin@demo.folio.test' } })
        .then((response) => response.statusCode);
    expect([await ask(instanceA), await ask(instanceB), await ask(instanceA)]).toEqual([202, 202, 429]);
  });

  it('counts a burst sent to both at once exactly', async () => {
    const ask = (app: FastifyInstance) =>
      app
        .inject({
          method: 'POST',
          url: '/identity/api/v2/auth/folio/forgot-password',
          payload: { email: 'applicant@demo.folio.test' },
          remoteAddress: '198.51.100.7',
        })
        .then((response) => response.statusCode);
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, index) => ask(index % 2 === 0 ? instanceA : instanceB)));
    expect(statuses.filter((status) => status === 202)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8);
  });

  it('two tabs refreshing at once through different instances both stay signed in; a later replay ends the session', async () => {
    const signedIn = await formSignIn(instanceA, '/api/auth/callback/credentials', '198.51.100.9', 'merchantadmin@demo.folio.test', 'Demo-pass-2026');
    expect(signedIn.statusCode).toBe(200);
    const cookies = new CookieJar().take(signedIn).cookies;
    const refresh = (app: FastifyInstance, jar: Record<string, string>) => app.inject({ method: 'POST', url: '/api/auth/session', cookies: jar, payload: {} });
    const [tabA, tabB] = await Promise.all([refresh(instanceA, cookies), refresh(instanceB, cookies)]);
    const rotated = [tabA, tabB].filter((answer) => setCookie(answer, 'folio.refresh-token') !== undefined);
    expect(rotated).toHaveLength(1);
    const userId = tabA.json().user.id as string;
    for (const answer of [tabA, tabB]) {
      const me = await instanceB.inject({ method: 'GET', url: `/identity/api/v1/users/${userId}`, headers: bearer(answer.json().accessToken) });
      expect(me.statusCode).toBe(200);
    }
    const jar = new CookieJar(cookies).take(tabA).take(tabB);
    const next = await refresh(instanceA, jar.cookies);
    expect(next.json().accessToken).toEqual(expect.any(String));
    // The first token, two rotations old by now, comes back on the other instance: the session ends on both.
    expect((await refresh(instanceB, cookies)).json()).toEqual({});
    expect((await instanceA.inject({ method: 'GET', url: `/identity/api/v1/users/${userId}`, headers: bearer(next.json().accessToken) })).statusCode).toBe(401);
  });

  it('the two sign-in urls share one counter', async () => {
    const viaSignIn = (app: FastifyInstance) => postFormFrom(app, '/api/auth/signin/credentials', '198.51.100.8');
    const viaCallback = (app: FastifyInstance) => postFormFrom(app, '/api/auth/callback/credentials', '198.51.100.8');
    expect([await viaSignIn(instanceA), await viaCallback(instanceB), await viaSignIn(instanceB), await viaCallback(instanceA)]).toEqual([401, 401, 401, 429]);
  });
});

/** The sign-in form posted from a given client address (each test its own, so their limits do not meet). */
async function formSignIn(app: FastifyInstance, url: string, remoteAddress: string, email: string, password: string) {
  const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf', remoteAddress });
  const cookie = csrf.cookies.find((entry) => entry.name === 'folio.csrf-token')?.value ?? '';
  return app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `folio.csrf-token=${cookie}` },
    payload: new URLSearchParams({ csrfToken: csrf.json().csrfToken, email, password, callbackUrl: '/' }).toString(),
  });
}

async function postFormFrom(app: FastifyInstance, url: string, remoteAddress: string): Promise<number> {
  return (await formSignIn(app, url, remoteAddress, 'foliouser@demo.folio.test', 'Wrong-pass-2026')).statusCode;
}

describe.each(testEngines)('the rate-limit counter on $name', ({ open }) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await open());
    await migrateToLatest(db as never);
  });
  afterAll(async () => {
    await db.destroy();
    await cleanup();
  });

  it('counts hits within the window, says how long it has left, and starts again after it', async () => {
    const hits = [await countHit(db, 'test|a', 800), await countHit(db, 'test|a', 800), await countHit(db, 'test|a', 800)];
    expect(hits.map((hit) => hit.current)).toEqual([1, 2, 3]);
    for (const hit of hits) expect(hit.ttl).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.ttl).toBeLessThanOrEqual(800);
    expect((await countHit(db, 'test|b', 800)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect((await countHit(db, 'test|a', 800)).current).toBe(1);
  });

  it('counts concurrent hits exactly', async () => {
    const hits = await Promise.all(Array.from({ length: 20 }, () => countHit(db, 'test|burst', 60_000)));
    expect(hits.map((hit) => hit.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });
});
