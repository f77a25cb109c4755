import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PayoutDetail, PayoutSearchAnswer } from '../../contract/payouts';
import { DEMO_FEE_PROPERTY } from '../../server/demo/seed-fees';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 17 "Orders and payouts show the fee and the net amount they imply" (decision 0291): a payout's fee
// is what the merchant's schedule charges for the Paid orders of its period, its net the amount less that.
// The expected numbers are worked out here from the orders, by the schedule's words (1.9 % + €0.25 each).

const BASE = '/folio/payment-api/v2/payouts';
let app: FastifyInstance;
let admin: string;
let merchantAdmin: string;
let feeMerchantId: string;

const search = async (token: string, merchantIds: string[]) =>
  (
    await app.inject({
      method: 'POST',
      url: `${BASE}/search`,
      headers: bearer(token),
      payload: { filters: { merchantIds }, pagination: { page: 0, pageSize: 100 } },
    })
  ).json<PayoutSearchAnswer>();

/** The fee worked out by hand: per Paid order of the days (the demo's last payout also covers the anchor's day), 1.9 % rounded to the cent plus 25 cents. */
async function expectedFee(merchantId: string, day: string, lastDay = day): Promise<{ fee: number; orders: number }> {
  const { rows } = await sql<{ amount_minor: string }>`
    SELECT amount_minor FROM orders WHERE merchant_id = ${merchantId} AND status = 'Paid'
      AND (created_at AT TIME ZONE 'UTC')::date BETWEEN ${day}::date AND ${lastDay}::date`.execute(app.ctx.db);
  return { fee: rows.reduce((sum, row) => sum + Math.round((Number(row.amount_minor) * 19) / 1000) + 25, 0), orders: rows.length };
}

beforeAll(async () => {
  app = await startTestApp({ orders: 3000 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  feeMerchantId = (await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', DEMO_FEE_PROPERTY).executeTakeFirstOrThrow()).id;
}, 180_000);
afterAll(async () => app.close());

describe('fees on payouts', () => {
  test("each payout of a merchant with a fee schedule shows the fee of its period's Paid orders and the amount less that fee", async () => {
    const { items } = await search(admin, [feeMerchantId]);
    expect(items.length).toBeGreaterThan(20);
    let withOrders = 0;
    for (const payout of items.slice(0, 40)) {
      const { fee, orders } = await expectedFee(feeMerchantId, payout.periodStart, payout.periodEnd);
      if (orders > 0) withOrders++;
      expect({ reference: payout.reference, fee: payout.feeMinor, net: payout.netMinor }).toEqual({
        reference: payout.reference,
        fee,
        net: payout.amountMinor - fee,
      });
    }
    // The check means something only when some periods had orders to charge.
    expect(withOrders).toBeGreaterThan(3);
  });

  test('the payout detail shows the same fee and net amount as its row', async () => {
    const { items } = await search(admin, [feeMerchantId]);
    const charged = items.find((payout) => (payout.feeMinor ?? 0) > 0)!;
    const detail = await app.inject({ method: 'GET', url: `${BASE}/${charged.id}`, headers: bearer(admin) });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<PayoutDetail>()).toMatchObject({ feeMinor: charged.feeMinor, netMinor: charged.netMinor });
  });

  test('a merchant without a fee schedule in the period has no fee to show (null), on the list and the detail', async () => {
    const { items } = await search(merchantAdmin, []);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((payout) => payout.feeMinor === null && payout.netMinor === null)).toBe(true);
    const detail = await app.inject({ method: 'GET', url: `${BASE}/${items[0]!.id}`, headers: bearer(merchantAdmin) });
    expect(detail.json<PayoutDetail>()).toMatchObject({ feeMinor: null, netMinor: null });
  });

  test('a schedule in another currency charges nothing: the orders of its days cost no fee', async () => {
    const { items } = await search(admin, [feeMerchantId]);
    let charged: (typeof items)[number] | undefined;
    for (const payout of items) if ((await expectedFee(feeMerchantId, payout.periodStart)).orders > 0 && payout.feeMinor) charged = payout;
    expect(charged).toBeDefined();
    // From that payout's day on, the schedule in force charges in another currency than the orders'.
    const other = charged!.currency === 'USD' ? 'GBP' : 'USD';
    const added = await sql<{ id: string }>`
      INSERT INTO fees (merchant_id, fee_model, percentage, fixed_amount_minor, currency, valid_from)
      VALUES (${feeMerchantId}, 'Blended', 5, 100, ${other}, ${charged!.periodStart}::date) RETURNING id`.execute(app.ctx.db);
    try {
      const detail = (await app.inject({ method: 'GET', url: `${BASE}/${charged!.id}`, headers: bearer(admin) })).json<PayoutDetail>();
      expect(detail).toMatchObject({ feeMinor: 0, netMinor: charged!.amountMinor });
    } finally {
      await sql`DELETE FROM fees WHERE id = ${added.rows[0]!.id}`.execute(app.ctx.db);
    }
  });

  test("a schedule that starts later leaves the earlier days' orders uncharged", async () => {
    const { items } = await search(admin, [feeMerchantId]);
    const oldest = [...items].sort((a, b) => a.periodStart.localeCompare(b.periodStart))[0]!;
    // Move the schedule's start to the day after the oldest payout: that payout's period had none in force.
    const next = new Date(Date.parse(`${oldest.periodStart}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const fee = await app.ctx.db.selectFrom('fees').select(['id', 'valid_from']).where('merchant_id', '=', feeMerchantId).executeTakeFirstOrThrow();
    await app.ctx.db.updateTable('fees').set({ valid_from: next }).where('id', '=', fee.id).execute();
    try {
      const detail = (await app.inject({ method: 'GET', url: `${BASE}/${oldest.id}`, headers: bearer(admin) })).json<PayoutDetail>();
      expect(detail).toMatchObject({ feeMinor: null, netMinor: null });
    } finally {
      await app.ctx.db.updateTable('fees').set({ valid_from: fee.valid_from }).where('id', '=', fee.id).execute();
    }
  });
});
