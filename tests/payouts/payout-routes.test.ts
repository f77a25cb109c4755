import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PayoutDetail, PayoutRow, PayoutSearchAnswer, PayoutSearchBody } from '../../contract/payouts';
import { demoPayoutRailOptions } from '../../server/payouts/demo-payout-rail';
import { bearer, signIn, startTestApp } from '../support/test-app';

const BASE = '/folio/payment-api/v2/payouts';
let app: FastifyInstance;
let admin: string;
let merchantAdmin: string;
let bot: string;
let groupMerchantIds: string[];

async function search(token: string, body: PayoutSearchBody) {
  const response = await app.inject({ method: 'POST', url: `${BASE}/search`, headers: bearer(token), payload: body });
  return { status: response.statusCode, answer: response.json<PayoutSearchAnswer>() };
}

async function allPayouts(token: string, body: PayoutSearchBody = {}): Promise<PayoutRow[]> {
  const rows: PayoutRow[] = [];
  for (let page = 0; ; page++) {
    const { answer } = await search(token, { ...body, pagination: { page, pageSize: 100 } });
    rows.push(...answer.items);
    if (answer.items.length < 100) return rows;
  }
}

const retry = (token: string, id: string) => app.inject({ method: 'POST', url: `${BASE}/${id}/retry`, headers: bearer(token) });

beforeAll(async () => {
  app = await startTestApp({ orders: 200 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  bot = (await signIn(app, 'foliobot@demo.folio.test')).accessToken;
  const user = await app.ctx.db.selectFrom('users').select('merchant_group_id').where('email', '=', 'merchantadmin@demo.folio.test').executeTakeFirstOrThrow();
  groupMerchantIds = (await app.ctx.db.selectFrom('merchants').select('id').where('merchant_group_id', '=', user.merchant_group_id!).execute()).map(
    (row) => row.id,
  );
});
afterAll(async () => app.close());

describe('POST payouts/search', () => {
  test('filters by status and sorts by amount, with an exact total', async () => {
    const failed = await allPayouts(admin, { filters: { statuses: ['Failed'] }, sorting: [{ id: 'amount', desc: false }] });
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((row) => row.status === 'Failed' && row.attempts === 1)).toBe(true);
    expect(failed.map((row) => row.amountMinor)).toEqual([...failed.map((row) => row.amountMinor)].sort((a, b) => a - b));
    const { answer } = await search(admin, { filters: { statuses: ['Failed'] }, pagination: { page: 0, pageSize: 10 } });
    expect(answer).toMatchObject({ total: failed.length, totalExact: true });
  });

  test("a merchant-side user sees only their group's payouts", async () => {
    const all = await allPayouts(admin);
    const own = await allPayouts(merchantAdmin);
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(all.length);
    expect(own.every((row) => groupMerchantIds.includes(row.merchantId))).toBe(true);
    const foreign = all.find((row) => !groupMerchantIds.includes(row.merchantId))!;
    expect((await search(merchantAdmin, { filters: { merchantIds: [foreign.merchantId] } })).answer.items).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `${BASE}/${foreign.id}`, headers: bearer(merchantAdmin) })).statusCode).toBe(404);
  });

  test('date range and reference prefix', async () => {
    const rows = await allPayouts(admin, { filters: { createdFrom: '2026-10-01', createdTo: '2026-10-10' } });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.createdAt >= '2026-10-01T00:00:00.000Z' && row.createdAt < '2026-10-11T00:00:00.000Z')).toBe(true);
    const prefix = rows[0]!.reference.slice(0, 11);
    const byReference = await allPayouts(admin, { filters: { reference: prefix } });
    expect(byReference.length).toBeGreaterThan(0);
    expect(byReference.every((row) => row.reference.startsWith(prefix))).toBe(true);
  });
});

describe('POST payouts/{id}/retry', () => {
  test('a Failed payout gets a new Processing attempt of the same payout, audited; a second retry is a 409', async () => {
    const [payout] = await allPayouts(admin, { filters: { statuses: ['Failed'] } });
    const before = await app.ctx.db
      .selectFrom('payouts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const response = await retry(admin, payout!.id);
    expect(response.statusCode).toBe(200);
    const detail = response.json<PayoutDetail>();
    expect(detail).toMatchObject({ id: payout!.id, status: 'Processing', attempts: 2 });
    expect(detail.attemptList.map((attempt) => [attempt.attemptNo, attempt.status])).toEqual([
      [1, 'Failed'],
      [2, 'Processing'],
    ]);
    expect(detail.attemptList[1]!.requestedBy).not.toBeNull();
    const after = await app.ctx.db
      .selectFrom('payouts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const audit = await app.ctx.db.selectFrom('audit_log').select(['action', 'entity_id']).where('entity_type', '=', 'payout').execute();
    expect(audit).toContainEqual({ action: 'payout.retry', entity_id: payout!.id });

    const again = await retry(admin, payout!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      status: 409,
      detail: 'only a Failed payout can be retried; this one is Processing',
      code: 'payout.onlyFailedRetried',
      params: { status: 'Processing' },
    });
  });

  test('a Failed payout with an attempt still in flight is a 409, and the answer shows it', async () => {
    const [, payout] = await allPayouts(admin, { filters: { statuses: ['Failed'] } });
    await app.ctx.db.insertInto('payout_attempts').values({ payout_id: payout!.id, attempt_no: 2, status: 'Processing' }).execute();
    const response = await retry(admin, payout!.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ detail: 'an attempt of this payout is already in progress' });
  });

  test('Paid payouts are not retried; roles without Payouts Update get 403; unknown ids 404', async () => {
    const [paid] = await allPayouts(admin, { filters: { statuses: ['Paid'] } });
    expect((await retry(admin, paid!.id)).statusCode).toBe(409);
    const [failed] = await allPayouts(merchantAdmin, { filters: { statuses: ['Failed'] } });
    expect(failed).toBeDefined();
    expect((await retry(merchantAdmin, failed!.id)).statusCode).toBe(403);
    expect((await retry(bot, failed!.id)).statusCode).toBe(403);
    expect((await retry(admin, '8a0d7a5e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await retry(admin, 'nope')).statusCode).toBe(400);
  });
});

describe('the demo payout rail (decision 0137)', () => {
  /** Signs in as the provider admin on `on` and retries its first Failed payout. */
  async function retryFirstFailed(on: FastifyInstance) {
    const token = (await signIn(on, 'folioadmin@demo.folio.test')).accessToken;
    const failed = await on.inject({ method: 'POST', url: `${BASE}/search`, headers: bearer(token), payload: { filters: { statuses: ['Failed'] } } });
    const payout = failed.json<PayoutSearchAnswer>().items[0]!;
    const retried = await on.inject({ method: 'POST', url: `${BASE}/${payout.id}/retry`, headers: bearer(token) });
    expect(retried.json<PayoutDetail>().status).toBe('Processing');
    const read = async () => (await on.inject({ method: 'GET', url: `${BASE}/${payout.id}`, headers: bearer(token) })).json<PayoutDetail>();
    return { payout, read };
  }

  test('settles a retried payout as Paid once its attempt is due: the same payout, its second attempt, audited', async () => {
    const quick = await startTestApp({ orders: 50, demoPayoutSettleMs: 300 });
    try {
      const { payout, read } = await retryFirstFailed(quick);
      let detail = await read();
      for (const deadline = Date.now() + 10_000; detail.status === 'Processing' && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        detail = await read();
      }
      expect(detail).toMatchObject({ id: payout.id, status: 'Paid', attempts: 2 });
      expect(detail.paidAt).not.toBeNull();
      expect(detail.attemptList.map((attempt) => [attempt.attemptNo, attempt.status])).toEqual([
        [1, 'Failed'],
        [2, 'Paid'],
      ]);
      const settled = await quick.ctx.db
        .selectFrom('audit_log')
        .select(['action', 'actor_user_id'])
        .where('entity_id', '=', payout.id)
        .where('action', '=', 'payout.settled')
        .execute();
      expect(settled).toEqual([{ action: 'payout.settled', actor_user_id: null }]);
    } finally {
      await quick.close();
    }
  });

  test('runs in demo mode only, and not with a settle time of 0', () => {
    expect(demoPayoutRailOptions({ demo: true, demoPayoutSettleMs: 10_000 })).toEqual({ settleAfterMs: 10_000, everyMs: 1000 });
    expect(demoPayoutRailOptions({ demo: true, demoPayoutSettleMs: 300 })).toEqual({ settleAfterMs: 300, everyMs: 300 });
    expect(demoPayoutRailOptions({ demo: false, demoPayoutSettleMs: 10_000 })).toBeUndefined();
    expect(demoPayoutRailOptions({ demo: true, demoPayoutSettleMs: 0 })).toBeUndefined();
  });

  test('with a settle time of 0 nothing settles: the retried payout stays Processing', async () => {
    const still = await startTestApp({ orders: 50, demoPayoutSettleMs: 0 });
    try {
      const { read } = await retryFirstFailed(still);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await read()).status).toBe('Processing');
    } finally {
      await still.close();
    }
  });
});
