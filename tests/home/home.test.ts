import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MerchantHome, Money, PropertyDashboard } from '../../contract/home';
import { MERCHANT_HEADER } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { activePropertiesOf, createdLink, DECLINED_CARD, guestOf } from '../payment-links/support';

// Issue 15 "Done when": the home screens' figures match the database. Each expected figure is worked
// out here from the raw rows in JavaScript (local days through Intl), not with the server's SQL.
const API = '/backoffice/api/v2';
let app: FastifyInstance;
let manager: string;
let merchantAdmin: string;
let property: { id: string; name: string; merchant_group_id: string };
let editedOrder: { id: string; amountMinor: number };

const dashboardOf = (token: string, merchantId: string) =>
  app.inject({ method: 'GET', url: `${API}/home/property`, headers: { ...bearer(token), [MERCHANT_HEADER]: merchantId } });

function localDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}
function mondayOf(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

async function expectedFigures(merchantId: string) {
  const { timezone } = await app.ctx.db.selectFrom('merchants').select('timezone').where('id', '=', merchantId).executeTakeFirstOrThrow();
  const orders = await app.ctx.db.selectFrom('orders').selectAll().where('merchant_id', '=', merchantId).execute();
  const links = await app.ctx.db.selectFrom('payment_links').selectAll().where('merchant_id', '=', merchantId).execute();
  const now = new Date();
  const today = localDay(now, timezone);
  const weekStart = mondayOf(today);
  // Money is taken by a capture, on the capture's day; a Paid order without one (the demo's history) on its own day.
  const captures = await app.ctx.db
    .selectFrom('payment_operations as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.order_id', 'p.created_at', 'p.amount_minor', 'p.currency'])
    .where('o.merchant_id', '=', merchantId)
    .where('p.kind', '=', 'Capture')
    .where('p.outcome', '=', 'Succeeded')
    .execute();
  const capturedOrders = new Set(captures.map((capture) => String(capture.order_id)));
  const taken = [
    ...captures.map((capture) => ({ at: new Date(capture.created_at), currency: capture.currency.trim(), amount: Number(capture.amount_minor) })),
    ...orders
      .filter((order) => order.status === 'Paid' && !capturedOrders.has(String(order.id)))
      .map((order) => ({
        at: new Date(order.created_at),
        currency: order.currency.trim(),
        amount: Number(order.captured_minor) > 0 ? Number(order.captured_minor) : Number(order.amount_minor),
      })),
  ];
  const totals = (accept: (day: string) => boolean): Money[] => {
    const sums = new Map<string, number>();
    for (const entry of taken.filter((row) => accept(localDay(row.at, timezone)))) sums.set(entry.currency, (sums.get(entry.currency) ?? 0) + entry.amount);
    return [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amountMinor]) => ({ currency, amountMinor }));
  };
  const statusOf = new Map(orders.map((order) => [order.id, order.status]));
  const weekAgo = now.getTime() - 7 * 86_400_000;
  const declined = await app.ctx.db
    .selectFrom('payment_operations as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.created_at', 'p.order_id'])
    .where('o.merchant_id', '=', merchantId)
    .where('p.outcome', '=', 'Declined')
    .execute();
  return {
    takingsToday: totals((day) => day === today),
    takingsThisWeek: totals((day) => day >= weekStart && day <= today),
    // A link locked after five refused cards is not open (decision 0422).
    openLinks: links.filter(
      (link) => !link.completed_at && statusOf.get(String(link.order_id)) !== 'Cancelled' && new Date(link.expires_at) > now && link.failed_attempts < 5,
    ).length,
    awaitingCapture: orders.filter(
      (order) => order.status === 'Tokenized' && Number(order.authorized_minor) - Number(order.captured_minor) - Number(order.voided_minor) > 0,
    ).length,
    // One per order, however many of its attempts were refused (decision 0422).
    failedPayments: new Set([
      ...declined.filter((op) => new Date(op.created_at).getTime() > weekAgo).map((op) => String(op.order_id)),
      ...orders.filter((order) => order.status === 'Failed' && new Date(order.updated_at).getTime() > weekAgo).map((order) => String(order.id)),
    ]).size,
    recentOrderIds: [...orders]
      .sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || Number(b.id) - Number(a.id))
      .slice(0, 8)
      .map((order) => Number(order.id)),
  };
}

beforeAll(async () => {
  app = await startTestApp({ orders: 200 });
  manager = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  [property] = (await activePropertiesOf(app, 'propertymanager@demo.folio.test')) as [typeof property];
  // Today's activity at the property: a link paid now, an authorization held, a declined attempt.
  const guest = guestOf(app, '10.0.3.1');
  await guest.pay((await createdLink(app, manager, property.id, { bookingReference: 'HOME-PN', amountMinor: 12_345 })).token);
  await guest.pay((await createdLink(app, manager, property.id, { bookingReference: 'HOME-AU', paymentType: 'AU', amountMinor: 40_000 })).token);
  await guest.pay((await createdLink(app, manager, property.id, { bookingReference: 'HOME-DECLINED' })).token, DECLINED_CARD);
  // An order paid weeks ago whose reference is corrected today: an edit takes no money.
  const old = await app.ctx.db
    .selectFrom('orders')
    .select('id')
    .where('merchant_id', '=', property.id)
    .where('status', '=', 'Paid')
    .where('created_at', '<', new Date(Date.now() - 14 * 86_400_000))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const edited = await app.inject({
    method: 'PUT',
    url: `${API}/order/updateReferenceNo`,
    headers: { ...bearer(manager), [MERCHANT_HEADER]: property.id },
    payload: { orderId: Number(old.id), referenceNo: 'HOME-EDITED-TODAY' },
  });
  expect(edited.statusCode).toBe(200);
  editedOrder = {
    id: String(old.id),
    amountMinor: Number((await app.ctx.db.selectFrom('orders').select('amount_minor').where('id', '=', old.id).executeTakeFirstOrThrow()).amount_minor),
  };
}, 180_000);
afterAll(async () => app?.close());

describe('property management home', () => {
  test("the active property's figures match its rows", async () => {
    const answer = await dashboardOf(manager, property.id);
    expect(answer.statusCode).toBe(200);
    const dashboard = answer.json<PropertyDashboard>();
    const expected = await expectedFigures(property.id);
    expect(dashboard.takingsToday).toEqual(expected.takingsToday);
    expect(dashboard.takingsToday.find((money) => money.currency === 'EUR')!.amountMinor).toBeGreaterThanOrEqual(12_345);
    // Today's EUR is the link paid today and nothing of the order edited today.
    const todayEur = dashboard.takingsToday.find((money) => money.currency === 'EUR')!.amountMinor;
    expect(todayEur).toBe(expected.takingsToday.find((money) => money.currency === 'EUR')!.amountMinor);
    expect(editedOrder.amountMinor).toBeGreaterThan(0);
    expect(dashboard.takingsThisWeek).toEqual(expected.takingsThisWeek);
    expect(dashboard.openLinks.count).toBe(expected.openLinks);
    expect(dashboard.openLinks.items.map((link) => link.referenceNo)).toContain('HOME-DECLINED');
    expect(dashboard.awaitingCapture.count).toBe(expected.awaitingCapture);
    expect(dashboard.awaitingCapture.items[0]).toMatchObject({ referenceNo: 'HOME-AU', openMinor: 40_000 });
    expect(dashboard.failedPayments.count).toBe(expected.failedPayments);
    expect(dashboard.failedPayments.items[0]).toMatchObject({ referenceNo: 'HOME-DECLINED' });
    expect(dashboard.recentOrders.map((order) => order.orderId)).toEqual(expected.recentOrderIds);
    expect(dashboard.expiredLinks.items.every((link) => link.linkState === 'Locked' || new Date(link.expiresAt) <= new Date())).toBe(true);
  });

  test("another group's property is refused", async () => {
    const foreign = await app.ctx.db
      .selectFrom('merchants')
      .select('id')
      .where('merchant_group_id', '!=', property.merchant_group_id)
      .executeTakeFirstOrThrow();
    expect((await dashboardOf(manager, foreign.id)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `${API}/home/property`, headers: bearer(manager) })).statusCode).toBe(400);
  });
});

describe('merchant home', () => {
  test("the group's properties with status and today's takings, and what needs action", async () => {
    const answer = await app.inject({ method: 'GET', url: `${API}/home/merchant`, headers: bearer(merchantAdmin) });
    expect(answer.statusCode).toBe(200);
    const home = answer.json<MerchantHome>();
    const group = await app.ctx.db
      .selectFrom('merchant_groups')
      .select(['name', 'status'])
      .where('id', '=', property.merchant_group_id)
      .executeTakeFirstOrThrow();
    expect(home).toMatchObject({ groupName: group.name, groupStatus: group.status });
    const properties = await app.ctx.db
      .selectFrom('merchants')
      .select(['id', 'name', 'status'])
      .where('merchant_group_id', '=', property.merchant_group_id)
      .orderBy('position')
      .orderBy('name')
      .execute();
    expect(home.properties.map((row) => [row.merchantId, row.status])).toEqual(properties.map((row) => [row.id, row.status]));
    for (const row of home.properties) {
      const expected = await expectedFigures(row.merchantId);
      expect({ takingsToday: row.takingsToday, openLinks: row.openLinks, awaitingCapture: row.awaitingCapture }).toEqual({
        takingsToday: expected.takingsToday,
        openLinks: expected.openLinks,
        awaitingCapture: expected.awaitingCapture,
      });
    }
    const ids = properties.map((row) => row.id);
    const failedPayouts = await app.ctx.db.selectFrom('payouts').select('id').where('merchant_id', 'in', ids).where('status', '=', 'Failed').execute();
    expect(home.needsAction.failedPayouts).toBe(failedPayouts.length);
    expect(home.needsAction.failedPayouts).toBeGreaterThan(0);
    expect(home.needsAction.propertiesOnboarding.map((row) => row.status)).toEqual(
      properties.filter((row) => row.status !== 'Active' && row.status !== 'Inactive').map((row) => row.status),
    );
    let failed = 0;
    for (const id of ids) failed += (await expectedFigures(id)).failedPayments;
    expect(home.needsAction.failedPaymentsThisWeek).toBe(failed);
  });

  test('property roles without Properties read get no merchant home', async () => {
    expect((await app.inject({ method: 'GET', url: `${API}/home/merchant`, headers: bearer(manager) })).statusCode).toBe(403);
  });
});
