import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PayoutDetail } from '../../contract/payouts';
import type { ReconciliationAnswer, SettlementLineAnswer } from '../../contract/settlement';
import type { WebhookDelivery } from '../../contract/webhooks';
import { DEMO_REFUSED_PAYOUT_CENTS, settleDueAttempts } from '../../server/payouts/demo-payout-rail';
import { runPayoutRound, scheduleDuePayouts, sendScheduledPayouts } from '../../server/payouts/payout-run';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 37, decisions 0582 and 0583: the payout run schedules a payout for the Paid captures of a
// merchant's closed days that no payout holds, sends it to the bank (in transit, its first attempt),
// and the demo bank answers that attempt. Driven over HTTP as callers read it; each round is the
// run's own (its timer is off in tests).

const API = '/folio/payment-api/v2';
const BASE = `${API}/payouts`;
let app: FastifyInstance;
let admin: string;
let merchantAdmin: string;
let groupId: string;
/** Two properties of the merchant admin's group: one whose payout the bank pays, one whose payout it refuses. */
const planted: Record<'paid' | 'refused', { merchantId: string; orderId: string; amount: number; payoutId?: string }> = {} as never;

const get = async <T>(url: string, token = merchantAdmin) => {
  const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const post = async <T>(url: string, payload: object, token = merchantAdmin, method: 'POST' | 'PUT' = 'POST') => {
  const response = await app.inject({ method, url, headers: bearer(token), payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const detail = (id: string) => get<PayoutDetail>(`${BASE}/${id}`);
const reconciliation = () => get<ReconciliationAnswer>(`${BASE}/reconciliation`, admin);
/** The payout holding the order's capture (what the lines table links), or undefined. */
const payoutOf = async (orderId: string) =>
  (await sql<{ payout_id: string }>`SELECT payout_id FROM payout_lines WHERE order_id = ${orderId}::bigint AND kind = 'Capture'`.execute(app.ctx.db)).rows.map(
    (row) => row.payout_id,
  );

beforeAll(async () => {
  app = await startTestApp({ demoPayoutSettleMs: 0 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  groupId = (await app.ctx.db.selectFrom('users').select('merchant_group_id').where('email', '=', 'merchantadmin@demo.folio.test').executeTakeFirstOrThrow())
    .merchant_group_id!;
}, 180_000);
afterAll(async () => app?.close());

describe('the payout run', () => {
  test('on a fresh demo it finds nothing to pay out: the seed settles every closed day', async () => {
    expect((await reconciliation()).findings).toEqual([]);
    expect(await runPayoutRound(app.ctx)).toEqual({ scheduled: 0, sent: 0 });
    expect(await sql`SELECT 1 FROM payouts WHERE status = 'Scheduled'`.execute(app.ctx.db).then((r) => r.rows)).toEqual([]);
  });

  test('schedules a payout for a capture of a closed day in no payout, sends it, and a second round makes nothing', async () => {
    const properties = await sql<{ id: string; name: string }>`
      SELECT id, name FROM merchants WHERE merchant_group_id = ${groupId}::uuid AND name IN ('Canal House Amsterdam', 'Dune Resort Scheveningen') ORDER BY name`.execute(
      app.ctx.db,
    );
    expect(properties.rows.map((row) => row.name)).toEqual(['Canal House Amsterdam', 'Dune Resort Scheveningen']);
    // Yesterday (UTC) is a closed day after every seeded payout period.
    for (const [key, merchant, amount] of [
      ['paid', properties.rows[0]!, 250_000],
      ['refused', properties.rows[1]!, 250_000 + DEMO_REFUSED_PAYOUT_CENTS],
    ] as const) {
      const order = await sql<{ id: string }>`
        INSERT INTO orders (merchant_id, reference_no, guest_name, amount_minor, currency, status, payment_type, created_at, updated_at)
        VALUES (${merchant.id}::uuid, ${`RUN-${key}`}, 'Planted Guest', ${amount}, 'EUR', 'Paid', 'PN',
          (now() AT TIME ZONE 'UTC')::date - 1 + interval '10 hours', now()) RETURNING id::text`.execute(app.ctx.db);
      planted[key] = { merchantId: merchant.id, orderId: order.rows[0]!.id, amount };
    }
    // The group's receiver hears of the send (the delivery is queued; where it goes does not matter here).
    await post(`${API}/webhooks`, { scope: { kind: 'merchantGroup', merchantGroupId: groupId }, url: 'https://hooks.example.com/folio' }, merchantAdmin, 'PUT');

    expect(await scheduleDuePayouts(app.ctx)).toBe(2);
    for (const one of Object.values(planted)) {
      const [payoutId, ...more] = await payoutOf(one.orderId);
      expect(more).toEqual([]);
      one.payoutId = payoutId!;
      const scheduled = await detail(payoutId!);
      expect(scheduled.status).toBe('Scheduled');
      expect(scheduled.attemptList).toEqual([]);
      expect(scheduled.periodEnd).toBe(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
    }

    expect(await sendScheduledPayouts(app.ctx)).toBe(2);
    for (const one of Object.values(planted)) {
      const sent = await detail(one.payoutId!);
      expect(sent.status).toBe('Processing');
      expect(sent.attemptList.map((attempt) => attempt.status)).toEqual(['Processing']);
      expect(sent.amountMinor).toBe(one.amount);
      // Its lines: the planted capture among them, and they sum to the net amount.
      const lines = await post<SettlementLineAnswer>(`${BASE}/${one.payoutId}/lines/search`, { pagination: { page: 0, pageSize: 100 } });
      expect(lines.items.map((line) => line.orderId)).toContain(Number(one.orderId));
      const sum = lines.items.reduce((total, line) => total + line.amountMinor, 0);
      expect(lines.breakdown).toHaveLength(1);
      expect(lines.breakdown[0]!.netMinor).toBe(sum);
      expect(sent.netMinor ?? sent.amountMinor).toBe(sum);
      // The live stream and the receiver heard of it.
      const live = await sql<{ status: string }>`
        SELECT payload->>'status' AS status FROM live_events WHERE payload->>'payoutId' = ${one.payoutId} ORDER BY id`.execute(app.ctx.db);
      expect(live.rows.map((row) => row.status)).toEqual(['Scheduled', 'Processing']);
    }
    const deliveries = await post<{ items: WebhookDelivery[] }>(`${API}/webhooks/deliveries/search`, {
      scope: { kind: 'merchantGroup', merchantGroupId: groupId },
      pagination: { page: 0, pageSize: 100 },
    });
    expect(deliveries.items.filter((delivery) => delivery.eventType === 'payout.sent')).toHaveLength(2);

    expect((await reconciliation()).findings).toEqual([]);
    expect(await runPayoutRound(app.ctx)).toEqual({ scheduled: 0, sent: 0 });
    for (const one of Object.values(planted)) expect(await payoutOf(one.orderId)).toEqual([one.payoutId]);
  });

  test('the demo bank answers the run’s first attempts (an amount ending in 51 is refused), never the seeded ones in transit', async () => {
    const seededInTransit = await sql<{ n: string }>`SELECT count(*)::text AS n FROM payout_attempts WHERE status = 'Processing' AND NOT sent_by_run`.execute(
      app.ctx.db,
    );
    expect(await settleDueAttempts(app.ctx, 0)).toBe(2);
    const paid = await detail(planted.paid.payoutId!);
    expect(paid.status).toBe('Paid');
    expect(paid.attemptList.map((attempt) => attempt.status)).toEqual(['Paid']);
    const refused = await detail(planted.refused.payoutId!);
    expect(refused.status).toBe('Failed');
    expect(refused.attemptList.map((attempt) => attempt.status)).toEqual(['Failed']);
    expect(await settleDueAttempts(app.ctx, 0)).toBe(0);
    const stillInTransit = await sql<{ n: string }>`SELECT count(*)::text AS n FROM payout_attempts WHERE status = 'Processing' AND NOT sent_by_run`.execute(
      app.ctx.db,
    );
    expect(Number(stillInTransit.rows[0]!.n)).toBe(Number(seededInTransit.rows[0]!.n));
    expect(Number(stillInTransit.rows[0]!.n)).toBeGreaterThan(0);
  });
});
