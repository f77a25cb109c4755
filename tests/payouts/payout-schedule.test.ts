import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { PAYOUT_DEFAULTS, type PayoutSettings } from '../../contract/settings/payout';
import { scheduleDuePayouts } from '../../server/payouts/payout-run';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Decision 0699: the payout run follows each property's payout settings. A weekly property is paid the week
// before on Mondays, a monthly one the month before on the 1st; a payout that would pay less than the
// property's minimum waits, and its days join the next one. The run's day is given to it, as its timer would.

let app: FastifyInstance;
let merchantAdmin: string;
const properties: Record<string, string> = {};

const DAY = 86_400_000;
const day = (date: Date) => date.toISOString().slice(0, 10);
/** The run's moment: 06:00 UTC on the day. */
const at = (date: string) => new Date(`${date}T06:00:00Z`);
const plus = (date: string, days: number) => day(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY));

/** The first Monday (UTC) at least a week after today: every day of the week before it is after the demo's days. */
function mondayAfterNextWeek(): string {
  const today = new Date(`${day(new Date())}T00:00:00Z`);
  const toMonday = (8 - today.getUTCDay()) % 7 || 7;
  return plus(day(today), toMonday + 7);
}

beforeAll(async () => {
  app = await startTestApp({ demoPayoutSettleMs: 0 });
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  const rows = await sql<{ id: string; name: string }>`
    SELECT m.id, m.name FROM merchants m JOIN users u ON u.merchant_group_id = m.merchant_group_id
    WHERE u.email = 'merchantadmin@demo.folio.test' AND m.status IN ('Active', 'Inactive') ORDER BY m.name`.execute(app.ctx.db);
  for (const row of rows.rows) properties[row.name] = row.id;
}, 180_000);
afterAll(async () => app?.close());

async function setPayoutSettings(merchantId: string, changes: Partial<PayoutSettings>) {
  const saved = await app.inject({
    method: 'PUT',
    url: `${MERCHANT_API}/property-settings/${merchantId}/payout`,
    headers: bearer(merchantAdmin),
    payload: { ...PAYOUT_DEFAULTS, accountHolder: 'Lagoon Hotels BV', accountNumber: 'NL91ABNA0417164300', ...changes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A Paid capture of the property on the day (10:00 UTC); its order id. */
async function capture(merchantId: string, date: string, amountMinor: number): Promise<string> {
  const order = await sql<{ id: string }>`
    INSERT INTO orders (merchant_id, reference_no, guest_name, amount_minor, currency, status, payment_type, created_at, updated_at)
    VALUES (${merchantId}::uuid, ${`SCHED-${date}-${amountMinor}`}, 'Planted Guest', ${amountMinor}, 'EUR', 'Paid', 'PN',
      ${`${date}T10:00:00Z`}::timestamptz, now()) RETURNING id::text`.execute(app.ctx.db);
  return order.rows[0]!.id;
}

/** The payout holding the order's capture: its period, schedule and amount; undefined while none does. */
async function payoutOf(orderId: string) {
  const rows = await sql<{ period_end: string; schedule: string; amount_minor: string }>`
    SELECT to_char(p.period_end, 'YYYY-MM-DD') AS period_end, p.schedule, p.amount_minor::text
    FROM payout_lines l JOIN payouts p ON p.id = l.payout_id WHERE l.order_id = ${orderId}::bigint AND l.kind = 'Capture'`.execute(app.ctx.db);
  return rows.rows[0];
}

describe("the payout run follows a property's payout settings", () => {
  test('weekly: the closed week is paid on the Monday after it, not before; the week under way waits', async () => {
    const merchantId = properties['Canal House Amsterdam']!;
    await setPayoutSettings(merchantId, { schedule: 'Weekly' });
    const monday = mondayAfterNextWeek();
    const lastWeek = await capture(merchantId, plus(monday, -4), 120_000);
    const thisWeek = await capture(merchantId, monday, 80_000);

    await scheduleDuePayouts(app.ctx, at(plus(monday, -1)));
    expect(await payoutOf(lastWeek)).toBeUndefined();

    await scheduleDuePayouts(app.ctx, at(monday));
    expect(await payoutOf(lastWeek)).toMatchObject({ period_end: plus(monday, -1), schedule: 'Weekly' });
    // A daily payout would have taken Monday's capture on Tuesday; the weekly one leaves it for the next Monday.
    await scheduleDuePayouts(app.ctx, at(plus(monday, 1)));
    expect(await payoutOf(thisWeek)).toBeUndefined();
    await scheduleDuePayouts(app.ctx, at(plus(monday, 7)));
    expect(await payoutOf(thisWeek)).toMatchObject({ period_end: plus(monday, 6), schedule: 'Weekly' });
  });

  test('monthly: the closed month is paid on the 1st after it', async () => {
    const merchantId = properties['Dune Resort Scheveningen']!;
    await setPayoutSettings(merchantId, { schedule: 'Monthly' });
    const monday = mondayAfterNextWeek();
    const first = `${plus(monday, 40).slice(0, 7)}-01`;
    const order = await capture(merchantId, plus(first, -5), 99_000);
    await scheduleDuePayouts(app.ctx, at(plus(first, -1)));
    expect(await payoutOf(order)).toBeUndefined();
    await scheduleDuePayouts(app.ctx, at(first));
    expect(await payoutOf(order)).toMatchObject({ period_end: plus(first, -1), schedule: 'Monthly' });
  });

  test('a payout short of the minimum waits; with the next day it reaches it and holds both days', async () => {
    const merchantId = properties['Harbour View Hotel']!;
    const start = plus(mondayAfterNextWeek(), 20);
    // The demo's own days are paid out first, so the payout below holds only the planted captures.
    await scheduleDuePayouts(app.ctx, at(start));
    await setPayoutSettings(merchantId, { schedule: 'Daily', minimumPayoutMinor: 100_000, currency: 'EUR' });
    const small = await capture(merchantId, start, 30_000);
    await scheduleDuePayouts(app.ctx, at(plus(start, 1)));
    expect(await payoutOf(small)).toBeUndefined();
    const more = await capture(merchantId, plus(start, 1), 80_000);
    await scheduleDuePayouts(app.ctx, at(plus(start, 2)));
    const payout = await payoutOf(small);
    expect(payout).toMatchObject({ period_end: plus(start, 1), schedule: 'Daily', amount_minor: '110000' });
    expect(await payoutOf(more)).toEqual(payout);
  });
});
