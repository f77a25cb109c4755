import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { configFromEnv, DEFAULT_EXACT_COUNT_UP_TO, type Config } from '../../server/config';
import type { DatabaseTarget } from '../../server/db/database';
import { DEMO_PASSWORD } from '../../server/demo/demo-layout';
import { seededDatabase } from './seeded-database';
import { setExactCountUpTo } from '../../server/lists/list-query';

/** The demo accounts' password, defined once by the seed; tests import it from here or from the seed. */
export { DEMO_PASSWORD };

/** How many orders the demo seed of a test app holds unless a test asks for another volume. */
export const DEFAULT_TEST_ORDERS = 2000;

/**
 * A real server over a fresh embedded database with the demo seed, answering real HTTP through
 * inject (no socket needed). `orders` keeps the seed small unless a test needs volume. The demo
 * database starts as a copy of the run's template for that volume; the server still runs its
 * migrations and seed over it, which find nothing left to do. Closing the app deletes the copy.
 */
export async function startTestApp(overrides: Partial<Config> & { orders?: number; database?: DatabaseTarget } = {}): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-test-'));
  const base = configFromEnv({ NODE_ENV: 'test', FOLIO_DATA_DIR: dataDir, FOLIO_DEMO: 'true', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const orders = overrides.orders ?? DEFAULT_TEST_ORDERS;
  const seeded = !overrides.database && base.demo && overrides.demo !== false ? await seededDatabase(orders) : undefined;
  const config: Config = {
    ...base,
    database: overrides.database ?? (seeded ? { kind: 'pglite', dataDir: seeded.dataDir } : { kind: 'pglite', dataDir: 'memory' }),
    seedOrders: orders,
    rateLimits: { ...base.rateLimits, signInPerMinute: 1000, forgotPasswordPerHour: 1000 },
    // The payout run's timer is off: a test that wants a round runs one (runPayoutRound), so no test sees payouts appear.
    payoutRunMs: 0,
    ...overrides,
  };
  const app = await buildApp(config);
  await app.ready();
  const close = app.close.bind(app);
  app.close = (async () => {
    await close();
    // The lists' count cap is the process's (buildApp sets it from the config): a later test file in this worker
    // counts with the default again, not with the cap this app was given.
    setExactCountUpTo(DEFAULT_EXACT_COUNT_UP_TO);
    // The copy is removed once the server has closed its database (a run makes about a hundred of them).
    seeded?.remove();
  }) as typeof app.close;
  return app;
}

/** Signs in through the real form post (csrf included) and returns the access token and cookies. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ accessToken: string; cookies: Record<string, string>; response: LightMyRequestResponse }> {
  const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf' });
  const csrfCookie = csrf.cookies.find((cookie) => cookie.name === 'folio.csrf-token');
  const { csrfToken } = csrf.json<{ csrfToken: string }>();
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `folio.csrf-token=${csrfCookie?.value ?? ''}` },
    payload: new URLSearchParams({ csrfToken, email, password, callbackUrl: '/', json: 'true' }).toString(),
  });
  const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
  if (response.statusCode !== 200) return { accessToken: '', cookies, response };
  const session = await app.inject({ method: 'GET', url: '/api/auth/session', cookies });
  return { accessToken: session.json<{ accessToken: string }>().accessToken, cookies, response };
}

export function bearer(accessToken: string): Record<string, string> {
  return { authorization: `Bearer ${accessToken}` };
}
