import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { scheduleDuePayouts } from '../../server/payouts/payout-run';
import { signIn, startTestApp } from '../support/test-app';
import { dayOf, plantCapture, plusDays, setPayoutSettings } from './payout-planting';

// Decision 0699: the payout run follows each property's payout settings. A weekly property is paid the week
// before on Mondays, a monthly one the month before on the 1st; a payout that would pay less than the
// property's minimum waits, and its days join the next one. The run's day is given to it, as its timer would.

let app: FastifyInstance;
let merchantAdmin: string;
const properties: Record<string, string> = {};

/** The run's moment: 06:00 UTC on the day. */
const at = (date: string) => new Date(`${date}T06:00:00Z`);

/** The first Monday (UTC) at least a week after today: every day of the week before it is after the demo's days. */
function mondayAfterNextWeek(): string {
  const today = new Date(`${dayOf(new Date())}T00:00:00Z`);
  const toMonday = (8 - today.getUTCDay()) % 7 || 7;
  return plusDays(dayOf(today), toMonday + 7);
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
    await setPayoutSettings(app, merchantAdmin, merchantId, { schedule: 'Weekly' });
    const monday = mondayAfterNextWeek();
    const lastWeek = await plantCapture(app, 'SCHED', merchantId, plusDays(monday, -4), 120_000);
    const thisWeek = await plantCapture(app, 'SCHED', merchantId, monday, 80_000);

    await scheduleDuePayouts(app.ctx, at(plusDays(monday, -1)));
    expect(await payoutOf(lastWeek)).toBeUndefined();

    await scheduleDuePayouts(app.ctx, at(monday));
    expect(await payoutOf(lastWeek)).toMatchObject({ period_end: plusDays(monday, -1), schedule: 'Weekly' });
    // A daily payout would have taken Monday's capture on Tuesday; the weekly one leaves it for the next Monday.
    await scheduleDuePayouts(app.ctx, at(plusDays(monday, 1)));
    expect(await payoutOf(thisWeek)).toBeUndefined();
    await scheduleDuePayouts(app.ctx, at(plusDays(monday, 7)));
    expect(await payoutOf(thisWeek)).toMatchObject({ period_end: plusDays(monday, 6), schedule: 'Weekly' });
  });

  test('monthly: the closed month is paid on the 1st after it', async () => {
    const merchantId = properties['Dune Resort Scheveningen']!;
    await setPayoutSettings(app, merchantAdmin, merchantId, { schedule: 'Monthly' });
    const monday = mondayAfterNextWeek();
    const first = `${plusDays(monday, 40).slice(0, 7)}-01`;
    const order = await plantCapture(app, 'SCHED', merchantId, plusDays(first, -5), 99_000);
    await scheduleDuePayouts(app.ctx, at(plusDays(first, -1)));
    expect(await payoutOf(order)).toBeUndefined();
    await scheduleDuePayouts(app.ctx, at(first));
    expect(await payoutOf(order)).toMatchObject({ period_end: plusDays(first, -1), schedule: 'Monthly' });
  });

  test('a payout short of the minimum waits; with the next day it reaches it and holds both days', async () => {
    const merchantId = properties['Harbour View Hotel']!;
    const start = plusDays(mondayAfterNextWeek(), 20);
    // The demo's own days are paid out first, so the payout below holds only the planted captures.
    await scheduleDuePayouts(app.ctx, at(start));
    await setPayoutSettings(app, merchantAdmin, merchantId, { schedule: 'Daily', minimumPayoutMinor: 100_000, currency: 'EUR' });
    const small = await plantCapture(app, 'SCHED', merchantId, start, 30_000);
    await scheduleDuePayouts(app.ctx, at(plusDays(start, 1)));
    expect(await payoutOf(small)).toBeUndefined();
    const more = await plantCapture(app, 'SCHED', merchantId, plusDays(start, 1), 80_000);
    await scheduleDuePayouts(app.ctx, at(plusDays(start, 2)));
    const payout = await payoutOf(small);
    expect(payout).toMatchObject({ period_end: plusDays(start, 1), schedule: 'Daily', amount_minor: '110000' });
    expect(await payoutOf(more)).toEqual(payout);
  });
});
