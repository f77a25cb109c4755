import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_API, TENANT } from '../../contract/product';
import { hashToken, randomToken } from '../../server/auth/tokens';
import { bearer, DEMO_PASSWORD, signIn, startTestApp } from '../support/test-app';
import { tableCounts } from '../support/table-counts';

// "A failing request leaves nothing behind" (decision 0176): a real fault, raised by a database
// trigger on the audit log for one action, hits each write after its data rows are inserted. The
// request must answer a 500 problem and every table must hold exactly the rows it held before;
// with the fault removed the same request succeeds, so the fault was the only thing in its way.

let app: FastifyInstance;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
  admin = bearer((await signIn(app, 'folioadmin@demo.folio.test')).accessToken);
  await sql`CREATE TABLE test_audit_faults (action text PRIMARY KEY)`.execute(app.ctx.db);
  await sql`
    CREATE FUNCTION test_fail_marked_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM test_audit_faults WHERE action = NEW.action) THEN
        RAISE EXCEPTION 'injected fault: audit entry %', NEW.action;
      END IF;
      RETURN NEW;
    END $$`.execute(app.ctx.db);
  await sql`CREATE TRIGGER test_fail_marked_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_fail_marked_audit()`.execute(app.ctx.db);
});
afterAll(async () => {
  await app?.close();
});

async function expectAtomic(action: string, send: () => Promise<LightMyRequestResponse>, succeeded: number): Promise<void> {
  await sql`INSERT INTO test_audit_faults (action) VALUES (${action})`.execute(app.ctx.db);
  const before = await tableCounts(app.ctx.db);
  const failed = await send();
  expect(failed.statusCode, failed.body).toBe(500);
  expect(failed.headers['content-type']).toContain('application/problem+json');
  expect(await tableCounts(app.ctx.db)).toEqual(before);
  await sql`DELETE FROM test_audit_faults`.execute(app.ctx.db);
  const retried = await send();
  expect(retried.statusCode, retried.body).toBe(succeeded);
  const audited = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action}`.execute(app.ctx.db);
  expect(audited.rows[0]?.n).toBeGreaterThan(0);
}

describe('a write and its audit entry commit together or not at all', () => {
  it('merchant-group create stores no group and no application when its audit entry fails', async () => {
    const name = 'Atomic Harbour Group';
    const create = () =>
      app.inject({
        method: 'POST',
        url: `${MERCHANT_API}/merchant-groups`,
        headers: admin,
        payload: { name, country: 'AT', contactEmail: 'atomic@example.test' },
      });
    await expectAtomic('merchantGroup.create', create, 201);
    const groups = await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', name).execute();
    expect(groups).toHaveLength(1);
  });

  it('sign-in opens no session when its audit entry fails', async () => {
    await expectAtomic('signed-in', async () => (await signIn(app, 'foliouser@demo.folio.test')).response, 200);
  });

  it('a password reset keeps the old password and the sessions when its audit entry fails', async () => {
    const user = await app.ctx.db.selectFrom('users').select('id').where('email', '=', 'merchantviewonlyuser@demo.folio.test').executeTakeFirstOrThrow();
    const token = randomToken();
    await app.ctx.db
      .insertInto('password_reset_tokens')
      .values({ token_hash: hashToken(token), user_id: user.id, expires_at: new Date(Date.now() + 600_000) })
      .execute();
    const reset = () =>
      app.inject({ method: 'POST', url: `/identity/api/v2/auth/${TENANT}/reset-password`, payload: { token, password: 'Another-pass-2026' } });
    await sql`INSERT INTO test_audit_faults (action) VALUES ('password-reset')`.execute(app.ctx.db);
    expect((await reset()).statusCode).toBe(500);
    expect((await signIn(app, 'merchantviewonlyuser@demo.folio.test', DEMO_PASSWORD)).response.statusCode).toBe(200);
    await sql`DELETE FROM test_audit_faults`.execute(app.ctx.db);
    await expectAtomic('password-reset', reset, 200);
  });

  it('a KYC review action and a payout retry leave their statuses as they were', async () => {
    const pending = await app.ctx.db.selectFrom('merchant_groups').select('id').where('status', '=', 'Pending').executeTakeFirstOrThrow();
    await expectAtomic(
      'kyc.startReview',
      () =>
        app.inject({ method: 'POST', url: `${MERCHANT_API}/kyc/applications/${pending.id}/transitions`, headers: admin, payload: { action: 'startReview' } }),
      200,
    );
    const failed = await app.ctx.db.selectFrom('payouts').select('id').where('status', '=', 'Failed').executeTakeFirstOrThrow();
    await expectAtomic('payout.retry', () => app.inject({ method: 'POST', url: `${MERCHANT_API}/payouts/${failed.id}/retry`, headers: admin }), 200);
  });
});
