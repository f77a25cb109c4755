import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PropertyDashboard } from '../../contract/home-screens';
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
    expect((await act(manager, link.id, 'cancel')).json()).toMatchObject({ status: 409, detail: 'the guest has already paid with this link' });
    expect((await act(manager, link.id, 'resend')).statusCode).toBe(409);
    expect((await act(manager, link.id, '')).json<PaymentLink>().staffState).toBe('Paid');

    const locked = await createdLink(app, manager, property, { bookingReference: 'LOCKED-BY-ID' });
    const guest = guestOf(app, '10.0.43.4');
    for (let attempt = 0; attempt < MAX_FAILED_CARD_ATTEMPTS; attempt++) await guest.pay(locked.token, DECLINED_CARD);
    expect((await act(manager, locked.link.id, '')).json<PaymentLink>()).toMatchObject({ staffState: 'Locked', failedAttempts: MAX_FAILED_CARD_ATTEMPTS });
    expect((await act(manager, locked.link.id, 'resend')).json()).toMatchObject({ status: 409 });
  });
});
