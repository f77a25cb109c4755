import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import type { MerchantHome, PropertyDashboard } from '../../contract/home';
import type { OrderSearchAnswer } from '../../contract/transactions';
import type { OrderDetail } from '../../contract/transaction-payments';
import { MERCHANT_HEADER } from '../../contract/product';
import { MAX_FAILED_CARD_ATTEMPTS } from '../../server/payment-links/link-limits';
import { bearer, signIn, startTestApp } from '../support/test-app';
import type { PaymentLink } from '../../contract/payment-links';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/endpoint';
import { activePropertiesOf, createdLink, DECLINED_CARD, guestOf, LINKS, SUCCESS_CARD } from './support';

// Decision 0422: a link that took too many refused cards leaves the open links and is shown as locked;
// its refused attempts are one failed payment of one order.
let app: FastifyInstance;
let manager: string;
let property: string;

beforeAll(async () => {
  app = await startTestApp();
  manager = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
  property = (await activePropertiesOf(app, 'propertymanager@demo.folio.test'))[0]!.id;
}, 120_000);
afterAll(async () => app?.close());

async function dashboard(): Promise<PropertyDashboard> {
  const answer = await app.inject({ method: 'GET', url: '/backoffice/api/v2/home/property', headers: { ...bearer(manager), [MERCHANT_HEADER]: property } });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

test('a locked link leaves the open links, shows as locked, and its refusals count as one failed payment', async () => {
  const { link, token } = await createdLink(app, manager, property, { bookingReference: 'DAY-LOCKED', expiryHours: 1 });
  // Open links are listed soonest expiry first: a link expiring within the hour is on the first page.
  const before = await dashboard();
  expect(before.openLinks.items.find((item) => item.orderId === link.orderId)).toMatchObject({ linkState: 'Open' });
  const guest = guestOf(app, '10.0.43.1');
  for (let attempt = 0; attempt < MAX_FAILED_CARD_ATTEMPTS; attempt++) expect((await guest.pay(token, DECLINED_CARD)).statusCode).toBe(200);

  const after = await dashboard();
  expect(after.openLinks.items.some((item) => item.orderId === link.orderId)).toBe(false);
  expect(after.openLinks.count).toBe(before.openLinks.count - 1);
  expect(after.expiredLinks.items.find((item) => item.orderId === link.orderId)).toMatchObject({ linkState: 'Locked' });
  const failed = after.failedPayments.items.filter((item) => item.orderId === link.orderId);
  expect(failed).toHaveLength(1);
  expect(failed[0]).toMatchObject({ attempts: MAX_FAILED_CARD_ATTEMPTS });
  expect(new Set(after.failedPayments.items.map((item) => item.orderId)).size).toBe(after.failedPayments.items.length);
});

// Decision 0464: a created link is read by its id, and staff cancel or re-send it from its screen.
describe('a link read, cancelled and re-sent by its id', () => {
  const act = (token: string, id: string, action: 'cancel' | 'resend' | '', merchantId = property) =>
    app.inject({
      method: action ? 'POST' : 'GET',
      url: action ? `${LINKS}/${id}/${action}` : `${LINKS}/${id}`,
      headers: { ...bearer(token), [MERCHANT_HEADER]: merchantId, ...(action ? { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() } : {}) },
    });
  const sentTo = async (orderId: number) =>
    (await app.ctx.db.selectFrom('order_email_history').select(['status']).where('order_id', '=', String(orderId)).execute()).map((row) => row.status);

  test("a link is read with its own state; outside the caller's merchants it is a 404", async () => {
    const { link } = await createdLink(app, manager, property, { bookingReference: 'BY-ID' });
    const read = await act(manager, link.id, '');
    expect(read.statusCode).toBe(200);
    expect(read.json<PaymentLink>()).toMatchObject({ id: link.id, url: link.url, staffState: 'Open', failedAttempts: 0, orderId: link.orderId });
    const admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
    const group = await app.ctx.db.selectFrom('merchants').select('merchant_group_id').where('id', '=', property).executeTakeFirstOrThrow();
    const foreign = await app.ctx.db
      .selectFrom('merchants')
      .select('id')
      .where('merchant_group_id', '!=', group.merchant_group_id)
      .where('status', '=', 'Active')
      .executeTakeFirstOrThrow();
    const theirs = await createdLink(app, admin, foreign.id, { bookingReference: 'BY-ID-FOREIGN', currency: 'EUR' });
    const refused = await app.inject({ method: 'GET', url: `${LINKS}/${theirs.link.id}`, headers: bearer(manager) });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${LINKS}/${theirs.link.id}/cancel`,
          headers: { ...bearer(manager), [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
        })
      ).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${LINKS}/not-a-uuid`, headers: bearer(manager) })).statusCode).toBe(400);
  });

  test('re-sending e-mails the same link again; cancelling closes the guest page and the order; neither twice', async () => {
    const { link, token } = await createdLink(app, manager, property, { bookingReference: 'RESEND-CANCEL' });
    const viewOnly = (await signIn(app, 'propertyviewonlyuser@demo.folio.test')).accessToken;
    expect((await act(viewOnly, link.id, 'resend')).statusCode).toBe(403);
    expect((await act(viewOnly, link.id, 'cancel')).statusCode).toBe(403);

    const resent = await act(manager, link.id, 'resend');
    expect(resent.statusCode).toBe(200);
    expect(await sentTo(link.orderId)).toEqual(expect.arrayContaining(['Sent', 'Resent']));
    const mails = app.ctx.mailer as unknown as { sent?: Array<{ text: string }> };
    if (mails.sent) expect(mails.sent.at(-1)?.text).toContain(link.url);

    const cancelled = await act(manager, link.id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<PaymentLink>()).toMatchObject({ staffState: 'Cancelled', orderStatus: 'Cancelled' });
    expect((await guestOf(app, '10.0.43.2').view(token)).json()).toMatchObject({ outcome: 'Cancelled' });
    expect((await guestOf(app, '10.0.43.2').pay(token, SUCCESS_CARD)).statusCode).toBe(409);
    const again = await act(manager, link.id, 'cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: 'this payment link is already cancelled' });
    expect((await act(manager, link.id, 'resend')).json()).toMatchObject({ status: 409, detail: 'this payment link is already cancelled' });
    expect((await dashboard()).openLinks.items.some((item) => item.orderId === link.orderId)).toBe(false);
  });

  test('a paid link is neither cancelled nor re-sent; a locked one is said locked', async () => {
    const { link, token } = await createdLink(app, manager, property, { bookingReference: 'PAID-NO-CANCEL' });
    expect((await guestOf(app, '10.0.43.3').pay(token, SUCCESS_CARD)).statusCode).toBe(200);
    expect((await act(manager, link.id, 'cancel')).json()).toMatchObject({
      status: 409,
      detail: 'the guest has already paid with this link',
      code: 'paymentLink.paid',
    });
    expect((await act(manager, link.id, 'resend')).statusCode).toBe(409);
    expect((await act(manager, link.id, '')).json<PaymentLink>().staffState).toBe('Paid');

    const locked = await createdLink(app, manager, property, { bookingReference: 'LOCKED-BY-ID' });
    const guest = guestOf(app, '10.0.43.4');
    for (let attempt = 0; attempt < MAX_FAILED_CARD_ATTEMPTS; attempt++) await guest.pay(locked.token, DECLINED_CARD);
    expect((await act(manager, locked.link.id, '')).json<PaymentLink>()).toMatchObject({ staffState: 'Locked', failedAttempts: MAX_FAILED_CARD_ATTEMPTS });
    expect((await act(manager, locked.link.id, 'resend')).json()).toMatchObject({ status: 409 });
  });
});

// Decision 0535: the transactions list, the transaction info and the property's order lists carry the own state
// of the link that made each order, from the server; failed payments count orders, not refused attempts.
const API = '/backoffice/api/v2';

const headers = () => ({ ...bearer(manager), [MERCHANT_HEADER]: property });

/** The transactions list's row of the order with this reference, as the list answers it. */
async function listed(referenceNo: string) {
  const answer = await app.inject({ method: 'POST', url: `${API}/order/search`, headers: headers(), payload: { filters: { referenceNo } } });
  expect(answer.statusCode).toBe(200);
  const items = answer.json<OrderSearchAnswer>().items;
  expect(items).toHaveLength(1);
  return items[0]!;
}
async function detail(orderId: number) {
  const answer = await app.inject({ method: 'GET', url: `${API}/order/${orderId}`, headers: headers() });
  expect(answer.statusCode).toBe(200);
  return answer.json<OrderDetail>();
}

describe("the link's own state wherever its order appears (decision 0535)", () => {
  test("the list and the order's detail say its link's own state: open, locked, paid, cancelled, expired", async () => {
    const guest = guestOf(app, '10.0.53.1');
    const open = await createdLink(app, manager, property, { bookingReference: 'LS-ORD-OPEN' });
    expect((await listed('LS-ORD-OPEN')).paymentLink).toMatchObject({ id: open.link.id, state: 'Open', failedAttempts: 0, expiresAt: open.link.expiresAt });
    expect((await detail(open.link.orderId)).paymentLink).toMatchObject({ id: open.link.id, state: 'Open', expiresAt: open.link.expiresAt });

    const locked = await createdLink(app, manager, property, { bookingReference: 'LS-ORD-LOCKED' });
    for (let attempt = 0; attempt < MAX_FAILED_CARD_ATTEMPTS; attempt++) await guest.pay(locked.token, DECLINED_CARD);
    const lockedRow = await listed('LS-ORD-LOCKED');
    // The order's own status still says no money moved; its link says why no more will.
    expect(lockedRow.status).toBe('PaymentLinkSentNoProcessing');
    expect(lockedRow.paymentLink).toMatchObject({ state: 'Locked', failedAttempts: MAX_FAILED_CARD_ATTEMPTS });
    expect((await detail(locked.link.orderId)).paymentLink).toMatchObject({ state: 'Locked', failedAttempts: MAX_FAILED_CARD_ATTEMPTS });

    const paid = await createdLink(app, manager, property, { bookingReference: 'LS-ORD-PAID' });
    expect((await guest.pay(paid.token, SUCCESS_CARD)).statusCode).toBe(200);
    expect((await listed('LS-ORD-PAID')).paymentLink).toMatchObject({ state: 'Paid' });

    const cancelled = await createdLink(app, manager, property, { bookingReference: 'LS-ORD-CANCELLED' });
    const cancel = await app.inject({
      method: 'POST',
      url: `${LINKS}/${cancelled.link.id}/cancel`,
      headers: { ...headers(), [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await detail(cancelled.link.orderId)).paymentLink).toMatchObject({ state: 'Cancelled' });

    const expired = await createdLink(app, manager, property, { bookingReference: 'LS-ORD-EXPIRED' });
    await sql`UPDATE payment_links SET expires_at = now() - interval '1 hour' WHERE id = ${expired.link.id}::uuid`.execute(app.ctx.db);
    expect((await listed('LS-ORD-EXPIRED')).paymentLink).toMatchObject({ state: 'Expired' });
  });

  test('an order no link made carries no link state', async () => {
    const withoutLink = await app.ctx.db
      .selectFrom('orders')
      .select('reference_no')
      .where('merchant_id', '=', property)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('payment_links').select('id').whereRef('payment_links.order_id', '=', 'orders.id'))))
      .executeTakeFirstOrThrow();
    expect((await listed(withoutLink.reference_no)).paymentLink).toBeNull();
  });

  test("the property's order lists say the link's state, and five refused cards on one link are one failed payment", async () => {
    const home = async () =>
      (
        await app.inject({ method: 'GET', url: `${API}/home/merchant`, headers: bearer((await signIn(app, 'merchantadmin@demo.folio.test')).accessToken) })
      ).json<MerchantHome>();
    const before = { property: (await dashboard()).failedPayments.count, group: (await home()).needsAction.failedPaymentsThisWeek };
    const locked = await createdLink(app, manager, property, { bookingReference: 'LS-DAY-LOCKED' });
    const guest = guestOf(app, '10.0.53.2');
    for (let attempt = 0; attempt < MAX_FAILED_CARD_ATTEMPTS; attempt++) await guest.pay(locked.token, DECLINED_CARD);

    const after = await dashboard();
    expect(after.failedPayments.count).toBe(before.property + 1);
    expect((await home()).needsAction.failedPaymentsThisWeek).toBe(before.group + 1);
    const rows = after.failedPayments.items.filter((item) => item.orderId === locked.link.orderId);
    expect(rows).toEqual([expect.objectContaining({ attempts: MAX_FAILED_CARD_ATTEMPTS, linkState: 'Locked' })]);
    expect(after.recentOrders.find((order) => order.orderId === locked.link.orderId)).toMatchObject({ linkState: 'Locked' });
  });
});
