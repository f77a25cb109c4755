import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { PAYMENT_DEFAULTS } from '../../contract/settings/payment';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { PROCESSING, smtpBody } from '../support/settings-bodies';

// Decision 0354, amended 2026-11-30: a save that names no version takes the row lock a versioned save takes before its
// check, so a versioned save's check and write cannot have another save of the same settings (or user) commit in
// between. The test holds that lock in a transaction of its own, as a versioned save between its check and its write
// does, and sees the unversioned save wait for it. Only PostgreSQL runs requests on separate connections that can wait
// for each other's locks; the embedded engine runs one statement at a time.

describe.skipIf(!postgresUrl)('a save that names no version waits for a versioned save of the same settings, on PostgreSQL', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let database: string;
  let holder: pg.Client;
  let observer: pg.Client;
  let admin: string;
  let groupId: string;
  let propertyId: string;
  let managerId: string;

  const send = (method: 'PUT' | 'POST', path: string, payload: object) =>
    app.inject({ method, url: `${MERCHANT_API}${path}`, headers: bearer(admin), payload });

  /** The row lock a versioned save holds from its check to its commit, held by the test's own transaction. */
  async function holdLock(statement: string, id: string): Promise<void> {
    await holder.query('BEGIN');
    await holder.query(statement, [id]);
  }

  /**
   * Whether a backend of the test database came to wait for a lock before the request answered. Polled a bounded
   * number of times: a request that takes no lock answers first, and one that waits never answers while it is held.
   */
  async function waitsForLock(answered: () => boolean): Promise<boolean> {
    for (let poll = 0; poll < 400 && !answered(); poll += 1) {
      const { rows } = await observer.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
        [database],
      );
      if (rows[0]!.waiting > 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return false;
  }

  function tracked(request: Promise<LightMyRequestResponse>) {
    let answered = false;
    const response = request.finally(() => {
      answered = true;
    });
    return { response, answered: () => answered };
  }

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh.drop;
    database = new URL(fresh.url).pathname.slice(1);
    app = await startTestApp({ orders: 0, database: { kind: 'postgres', url: fresh.url } });
    holder = new pg.Client({ connectionString: fresh.url });
    observer = new pg.Client({ connectionString: fresh.url });
    await holder.connect();
    await observer.connect();
    admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
    groupId = (await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', 'Lagoon Hotels Group').executeTakeFirstOrThrow()).id;
    propertyId = (await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', 'Canal House Amsterdam').executeTakeFirstOrThrow()).id;
    managerId = (await app.ctx.db.selectFrom('users').select('id').where('email', '=', 'propertymanager@demo.folio.test').executeTakeFirstOrThrow()).id;
  }, 180_000);
  afterEach(async () => {
    await holder?.query('ROLLBACK');
  });
  afterAll(async () => {
    await holder?.end();
    await observer?.end();
    await app?.close();
    await drop?.();
  });

  const groupScope = () => ({ kind: 'merchantGroup', merchantGroupId: groupId });
  // Each save is made once before the lock is held, so the one under test updates a row that exists: an update that
  // keeps the row's group takes no lock on the group's row of its own, so only the save's own lock can make it wait.
  const saves: Array<{ what: string; save: () => Promise<LightMyRequestResponse> }> = [
    { what: 'a group settings page', save: () => send('PUT', `/merchant-group-settings/${groupId}/processing`, PROCESSING) },
    { what: 'a property settings page', save: () => send('PUT', `/property-settings/${propertyId}/processing`, { ...PROCESSING, linkExpiryHours: 12 }) },
    { what: 'a property settings reset', save: () => send('POST', `/property-settings/${propertyId}/processing/reset`, { fields: ['linkExpiryHours'] }) },
    { what: 'the e-mail settings', save: () => send('PUT', '/merchant-smtp', smtpBody(groupScope(), 'smtp.lagoon.example')) },
    { what: 'the webhook settings', save: () => send('PUT', '/webhooks', { scope: groupScope(), url: 'https://hooks.lagoon.example/folio' }) },
    // A property's payment settings inherit its group's as its settings pages do (spec 7's merchant-config).
    {
      what: 'a property’s payment settings',
      save: () =>
        send('PUT', '/merchant-config', { merchantId: propertyId, settings: { ...PAYMENT_DEFAULTS, depositBasis: 'DepositAmount', depositPercentage: 20 } }),
    },
  ];

  it.each(saves)('$what waits for the group’s row lock and then saves', async ({ what, save }) => {
    if (what === 'a property settings reset') expect((await saves[1]!.save()).statusCode).toBe(200);
    expect((await save()).statusCode).toBe(200);

    await holdLock('SELECT id FROM merchant_groups WHERE id = $1 FOR UPDATE', groupId);
    const { response, answered } = tracked(save());
    expect(await waitsForLock(answered)).toBe(true);
    expect(answered()).toBe(false);
    await holder.query('ROLLBACK');
    expect((await response).statusCode).toBe(200);
  });

  // A change of a user that names no version used to lock the user's row only when it wrote it, after it had deleted
  // their role; a versioned change holding the row that then deleted the role too waited for it: a deadlock, one of
  // the two aborted.
  it("a change of a user's properties waits for the user's row lock before it writes anything", async () => {
    // Properties other than the ones the manager covers, so the change writes their role and scope.
    const covered = (await app.ctx.db.selectFrom('user_merchant_scopes').select('merchant_id').where('user_id', '=', managerId).execute()).map(
      (row) => row.merchant_id,
    );
    const groupProperties = (await app.ctx.db.selectFrom('merchants').select('id').where('merchant_group_id', '=', groupId).execute()).map((row) => row.id);
    const merchantIds = covered.length > 1 ? covered.slice(1) : groupProperties.filter((id) => !covered.includes(id)).slice(0, 1);
    expect(merchantIds).not.toHaveLength(0);

    await holdLock('SELECT id FROM users WHERE id = $1 FOR UPDATE', managerId);
    const { response, answered } = tracked(send('POST', '/merchant-scopes/assign', { userId: managerId, merchantIds }));
    expect(await waitsForLock(answered)).toBe(true);
    expect(answered()).toBe(false);
    // What a versioned change of the same user writes next, under the lock it holds.
    await holder.query('DELETE FROM user_roles WHERE user_id = $1', [managerId]);
    await holder.query('ROLLBACK');
    expect((await response).statusCode).toBe(200);
  });
});
