import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_API } from '../../contract/product';
import { verifyAccessToken } from '../../server/auth/tokens';
import { demoEmail } from '../../server/demo/seed-demo';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';
import { bearer, signIn, startTestApp } from '../support/test-app';

// A read-only search starts its statements for the caller its token was at its last call, beside the session check,
// and its answer is kept only when the check answers that same caller (decision 0709). What a caller can see of it:
// the answer always belongs to the caller the session check found at this call (its scope, its roles, its session
// still open), and on PostgreSQL the page's statement is already running while the session check waits.

type SearchAnswer = { items: Array<{ merchantId: string }>; total: number };

const searchOf = (app: FastifyInstance) => (token: string) =>
  app.inject({ method: 'POST', url: `${BACKOFFICE_API}/order/search`, headers: bearer(token), payload: { pagination: { page: 0, pageSize: 100 } } });

async function signedIn(app: FastifyInstance, email: string) {
  const { accessToken } = await signIn(app, email);
  const claims = await verifyAccessToken(app.ctx.tokenKey, accessToken);
  if (!claims) throw new Error(`no claims for ${email}`);
  return { accessToken, ...claims };
}

describe('a search begun for the earlier caller is answered for the caller found now', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startTestApp({ orders: 200 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers a property user whose properties changed between two calls with the properties they have now', async () => {
    const search = searchOf(app);
    const { rows } = await sql<{ user_id: string; email: string }>`
      SELECT u.id AS user_id, u.email FROM users u JOIN user_merchant_scopes s ON s.user_id = u.id
      JOIN orders o ON o.merchant_id = s.merchant_id
      GROUP BY u.id, u.email HAVING count(DISTINCT s.merchant_id) >= 2 ORDER BY u.email LIMIT 1`.execute(app.ctx.db);
    const user = rows[0];
    if (!user) throw new Error('the demo has no property user with orders on two properties');
    const { accessToken } = await signedIn(app, user.email);
    const before = (await search(accessToken)).json<SearchAnswer>();
    const seen = [...new Set(before.items.map((item) => item.merchantId))];
    expect(seen.length).toBeGreaterThanOrEqual(2);

    // One property taken away: the very next call, which starts for the earlier caller, answers without it.
    const [kept, removed] = seen as [string, string];
    await sql`DELETE FROM user_merchant_scopes WHERE user_id = ${user.user_id} AND merchant_id = ${removed}::uuid`.execute(app.ctx.db);
    const after = await search(accessToken);
    expect(after.statusCode).toBe(200);
    const narrowed = after.json<SearchAnswer>();
    expect(narrowed.items.map((item) => item.merchantId)).not.toContain(removed);
    expect(narrowed.items.map((item) => item.merchantId)).toContain(kept);
    expect(narrowed.total).toBeLessThan(before.total);

    await sql`INSERT INTO user_merchant_scopes (user_id, merchant_id) VALUES (${user.user_id}, ${removed}::uuid)`.execute(app.ctx.db);
    expect((await search(accessToken)).json<SearchAnswer>().total).toBe(before.total);
  });

  it('answers a widened scope with every merchant at once, and a narrowed one with its own again', async () => {
    const search = searchOf(app);
    const admin = await signedIn(app, demoEmail('MerchantAdmin'));
    const own = (await search(admin.accessToken)).json<SearchAnswer>().total;
    const all = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM orders`.execute(app.ctx.db)).rows[0]!.n);
    expect(own).toBeLessThan(all);
    await sql`INSERT INTO user_roles (user_id, role_name, position) VALUES (${admin.userId}, 'FolioAdmin', 2)`.execute(app.ctx.db);
    expect((await search(admin.accessToken)).json<SearchAnswer>().total).toBe(all);
    await sql`DELETE FROM user_roles WHERE user_id = ${admin.userId} AND role_name = 'FolioAdmin'`.execute(app.ctx.db);
    expect((await search(admin.accessToken)).json<SearchAnswer>().total).toBe(own);
  });
});

describe.skipIf(!postgresUrl)('on PostgreSQL, the page is read while the session check waits', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh.drop;
    url = fresh.url;
    app = await startTestApp({ database: { kind: 'postgres', url }, orders: 50 });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  /** Two connections of the test's own: one holds the sessions table, the other the payment links the page reads. */
  async function holding(): Promise<{ sessions: pg.Client; links: pg.Client; release: () => Promise<void> }> {
    const sessions = new pg.Client({ connectionString: url });
    const links = new pg.Client({ connectionString: url });
    await Promise.all([sessions.connect(), links.connect()]);
    await sessions.query('BEGIN; LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
    await links.query('BEGIN; LOCK TABLE payment_links IN ACCESS EXCLUSIVE MODE');
    let released: Promise<void> | undefined;
    const release = () =>
      (released ??= (async () => {
        await Promise.all([sessions.query('COMMIT'), links.query('COMMIT')]);
        await Promise.all([sessions.end(), links.end()]);
      })());
    return { sessions, links, release };
  }

  /**
   * The app's statements waiting on a lock, each named by what it is: the session check (it reads the sessions table)
   * or the orders page (it reads the orders and, for each row, its payment link). Background work waiting on the same
   * tables (the payment links' own timers) is neither, and is left out.
   */
  async function waitingStatements(observer: pg.Client): Promise<string[]> {
    const { rows } = await observer.query<{ relation: string; query: string }>(
      `SELECT c.relname AS relation, a.query FROM pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE NOT l.granted AND a.datname = current_database()`,
    );
    return rows
      .flatMap(({ relation, query }) =>
        relation === 'sessions' && query.includes('FROM sessions s WHERE s.id')
          ? ['session check']
          : relation === 'payment_links' && /FROM "orders" as "o"/i.test(query)
            ? ['orders page']
            : [],
      )
      .sort();
  }

  /** Polls until both statements wait at once (the page begun beside the check); what was last seen otherwise. */
  async function bothWaiting(observer: pg.Client): Promise<string[]> {
    let seen: string[] = [];
    for (let polls = 0; polls < 400; polls++) {
      seen = await waitingStatements(observer);
      if (seen.length === 2) return seen;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return seen;
  }

  /**
   * The search called with both tables held: once its page and its session check both wait, `meanwhile` runs with the
   * holding connections, then both tables are let go and the answer is returned.
   */
  async function searchWhileHeld(token: string, meanwhile: (held: { sessions: pg.Client }) => Promise<void> = async () => undefined) {
    const observer = new pg.Client({ connectionString: url });
    await observer.connect();
    const held = await holding();
    try {
      const pending = searchOf(app)(token);
      expect(await bothWaiting(observer)).toEqual(['orders page', 'session check']);
      await meanwhile(held);
      await held.release();
      return await pending;
    } finally {
      await held.release();
      await observer.end();
    }
  }

  it('starts the page beside a session check that waits, and answers once the check has', async () => {
    const admin = await signedIn(app, demoEmail('FolioAdmin'));
    const first = (await searchOf(app)(admin.accessToken)).json<SearchAnswer>();
    const answered = await searchWhileHeld(admin.accessToken);
    expect(answered.statusCode).toBe(200);
    expect(answered.json<SearchAnswer>().total).toBe(first.total);
  });

  it('refuses the call when the session ends while its page is being read: the page read for it is never sent', async () => {
    const admin = await signedIn(app, demoEmail('Admin'));
    expect((await searchOf(app)(admin.accessToken)).statusCode).toBe(200);
    // Signed out elsewhere while the call waits: the page is read, then the check finds the session ended.
    const refused = await searchWhileHeld(admin.accessToken, async (held) => {
      await held.sessions.query('UPDATE sessions SET revoked_at = now() WHERE id = $1', [admin.sessionId]);
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ detail: 'the session has ended; sign in again' });
    expect(refused.body).not.toContain('"items"');
  });
});
