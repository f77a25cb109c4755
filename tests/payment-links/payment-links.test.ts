import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/endpoint';
import type { OrderEmailHistory } from '../../contract/transaction-emails';
import type { GuestCheckout, GuestPaymentAnswer, PaymentLink, PaymentLinkSetup } from '../../contract/payment-links';
import type { OrderDetail } from '../../contract/transaction-payments';
import { MERCHANT_HEADER } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { activePropertiesOf, AUTH_FAILED_CARD, createdLink, createLink, DECLINED_CARD, guestOf, linkBody, LINKS } from './support';

// Issue 15: staff generate a link for the active property (order + e-mail), the guest pays it once
// on the public page; PN ends Paid, PL Tokenized, AU with an open authorization staff capture.
const API = '/backoffice/api/v2';
let app: FastifyInstance;
let manager: string;
let viewOnly: string;
let property: { id: string; name: string; merchant_group_id: string };
let foreignProperty: string;

const order = (id: number) => app.inject({ method: 'GET', url: `${API}/order/${id}`, headers: bearer(manager) }).then((answer) => answer.json<OrderDetail>());

beforeAll(async () => {
  app = await startTestApp({ orders: 40 });
  manager = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
  viewOnly = (await signIn(app, 'propertyviewonlyuser@demo.folio.test')).accessToken;
  [property] = (await activePropertiesOf(app, 'propertymanager@demo.folio.test')) as [typeof property];
  foreignProperty = (
    await app.ctx.db.selectFrom('merchants').select('id').where('merchant_group_id', '!=', property.merchant_group_id).executeTakeFirstOrThrow()
  ).id;
}, 180_000);
afterAll(async () => app?.close());

describe('generating a link', () => {
  test('creates the order waiting for the guest, e-mails the link and records it in the order history', async () => {
    const answer = await createLink(app, manager, property.id, linkBody());
    expect(answer.statusCode).toBe(201);
    const link = answer.json<PaymentLink>();
    expect(link).toMatchObject({
      state: 'Payable',
      orderStatus: 'PaymentLinkSentNoProcessing',
      amountMinor: 12_500,
      currency: 'EUR',
      propertyName: property.name,
    });
    const token = new URL(link.url).pathname.split('/').pop()!;
    // 192 random bits in base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const detail = await order(link.orderId);
    expect(detail).toMatchObject({ status: 'PaymentLinkSentNoProcessing', paymentType: 'PN', referenceNo: 'BK-LINK-1', amountMinor: 12_500 });
    const history = (
      await app.inject({ method: 'GET', url: `${API}/order/${link.orderId}/email-history`, headers: bearer(manager) })
    ).json<OrderEmailHistory>();
    expect(history.items).toEqual([expect.objectContaining({ recipient: 'ada.guest@example.test', subject: `Your payment link from ${property.name}` })]);
    const mail = await app.ctx.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('recipient', '=', 'ada.guest@example.test')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(link.url);
    expect(mail.text_body).toContain('€125.00');
    // The expiry in the hotel's own time, its zone named (decision 0348), not GMT.
    const { timezone } = await app.ctx.db.selectFrom('merchants').select('timezone').where('id', '=', property.id).executeTakeFirstOrThrow();
    const localTime = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      new Date(link.expiresAt),
    );
    expect(mail.text_body).toMatch(new RegExp(`valid until \\w+day, .+ at ${localTime} \\S+ \\(${timezone}\\)\\.`));
  });

  test("the setup names the active property's currencies, default expiry and branding", async () => {
    const answer = await app.inject({ method: 'GET', url: `${LINKS}/setup`, headers: { ...bearer(manager), [MERCHANT_HEADER]: property.id } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<PaymentLinkSetup>()).toMatchObject({
      merchantId: property.id,
      currencies: ['EUR'],
      defaultExpiryHours: 72,
      branding: { font: 'Helvetica' },
    });
  });

  test('refuses what the schema or the property does not allow, with field errors', async () => {
    const refused = async (body: unknown, field: string) => {
      const answer = await createLink(app, manager, property.id, body);
      expect(answer.statusCode).toBe(400);
      expect(Object.keys(answer.json<{ errors: Record<string, string[]> }>().errors)).toContain(field);
    };
    await refused(linkBody({ currency: 'USD' }), 'currency');
    await refused(linkBody({ expiryHours: 24 * 365 * 10 }), 'expiryHours');
    await refused(linkBody({ amountMinor: 0 }), 'amountMinor');
    await refused({ ...linkBody(), paymentType: 'XX' }, 'paymentType');
    await refused(linkBody({ guestEmail: 'not-an-address' }), 'guestEmail');
    expect((await createLink(app, manager, undefined, linkBody())).statusCode).toBe(400);
  });

  test("a link for another merchant's property is refused, and view-only roles create none", async () => {
    const before = await app.ctx.db
      .selectFrom('payment_links')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await createLink(app, manager, foreignProperty, linkBody())).statusCode).toBe(403);
    expect((await createLink(app, viewOnly, property.id, linkBody())).statusCode).toBe(403);
    const after = await app.ctx.db
      .selectFrom('payment_links')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  test('the same idempotency key creates one link', async () => {
    const key = crypto.randomUUID();
    const send = () =>
      app.inject({
        method: 'POST',
        url: LINKS,
        headers: { ...bearer(manager), [MERCHANT_HEADER]: property.id, [IDEMPOTENCY_KEY_HEADER]: key },
        payload: linkBody({ bookingReference: 'BK-ONCE' }),
      });
    const first = await send();
    const second = await send();
    expect(second.json<PaymentLink>().id).toBe(first.json<PaymentLink>().id);
    const rows = await app.ctx.db.selectFrom('orders').select('id').where('reference_no', '=', 'BK-ONCE').execute();
    expect(rows).toHaveLength(1);
  });
});

describe("the guest's payment page", () => {
  const guest = () => guestOf(app, '10.0.1.1');

  test('shows amount, property and branding; nothing for a token that is not a link', async () => {
    const { token } = await createdLink(app, manager, property.id, { bookingReference: 'BK-VIEW' });
    const view = await guest().view(token);
    expect(view.statusCode).toBe(200);
    expect(view.json<GuestCheckout>()).toMatchObject({ state: 'Payable', propertyName: property.name, amountMinor: 12_500, currency: 'EUR', card: null });
    expect(view.body).not.toMatch(/orderId|merchantId|guestEmail/);
    const unknown = await guest().view(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    const garbage = await guest().view('x');
    expect(unknown.statusCode).toBe(404);
    expect(garbage.statusCode).toBe(404);
    expect(unknown.body).toBe(garbage.body);
  });

  test('PN: a declined card leaves the link payable with the attempt recorded; the success card pays once', async () => {
    const { link, token } = await createdLink(app, manager, property.id, { bookingReference: 'BK-PN' });
    const declined = await guest().pay(token, DECLINED_CARD);
    expect(declined.statusCode).toBe(200);
    expect(declined.json<GuestPaymentAnswer>()).toMatchObject({ outcome: 'Declined', checkout: { state: 'Payable' } });
    const authFailed = await guest().pay(token, AUTH_FAILED_CARD);
    expect(authFailed.json<GuestPaymentAnswer>()).toMatchObject({ outcome: 'AuthenticationFailed', checkout: { state: 'Payable' } });
    let detail = await order(link.orderId);
    expect(detail.status).toBe('PaymentLinkSentNoProcessing');
    expect(detail.operations.filter((op) => op.outcome === 'Declined')).toHaveLength(2);

    const paid = await guest().pay(token);
    expect(paid.statusCode).toBe(200);
    expect(paid.json<GuestPaymentAnswer>()).toMatchObject({ outcome: 'Paid', checkout: { state: 'Completed', card: { brand: 'Visa', last4: '4242' } } });
    detail = await order(link.orderId);
    expect(detail).toMatchObject({ status: 'Paid', capturedMinor: 12_500, authorizedMinor: 12_500 });

    const again = await guest().pay(token);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).toBe('this payment link has already been used');
    expect((await order(link.orderId)).capturedMinor).toBe(12_500);
  });

  test('PL ends Tokenized with the card on file and nothing charged', async () => {
    const { link, token } = await createdLink(app, manager, property.id, { paymentType: 'PL', bookingReference: 'BK-PL' });
    expect((await guest().pay(token)).json<GuestPaymentAnswer>().outcome).toBe('Tokenized');
    expect(await order(link.orderId)).toMatchObject({ status: 'Tokenized', authorizedMinor: 0, capturedMinor: 0 });
    const row = await app.ctx.db.selectFrom('payment_links').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ card_brand: 'Visa', card_last4: '4242', card_expiry: '12/30' });
    expect(row.card_token).toMatch(/^demo-tok-[a-p]{32}$/);
    const orderRow = await app.ctx.db.selectFrom('orders').select('card_token').where('id', '=', String(link.orderId)).executeTakeFirstOrThrow();
    expect(orderRow.card_token).toBe(row.card_token);
  });

  test('AU leaves an open authorization that staff capture', async () => {
    const { link, token } = await createdLink(app, manager, property.id, { paymentType: 'AU', bookingReference: 'BK-AU', amountMinor: 30_000 });
    expect((await guest().pay(token)).json<GuestPaymentAnswer>().outcome).toBe('Authorized');
    expect(await order(link.orderId)).toMatchObject({
      status: 'Tokenized',
      openAuthorizationMinor: 30_000,
      allowedActions: expect.arrayContaining(['capture']),
    });
    const capture = await app.inject({
      method: 'POST',
      url: `${API}/payment/captures`,
      headers: { ...bearer(manager), [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
      payload: { orderId: link.orderId, currency: 'EUR' },
    });
    expect(capture.statusCode).toBe(200);
    expect(capture.json<OrderDetail>()).toMatchObject({ status: 'Paid', capturedMinor: 30_000 });
  });

  test('an expired link and a cancelled one say so and take nothing', async () => {
    const expired = await createdLink(app, manager, property.id, { bookingReference: 'BK-EXP' });
    await app.ctx.db
      .updateTable('payment_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.link.id)
      .execute();
    expect((await guest().view(expired.token)).json<GuestCheckout>().state).toBe('Expired');
    const refused = await guest().pay(expired.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toBe('this payment link has expired');

    const cancelled = await createdLink(app, manager, property.id, { bookingReference: 'BK-CAN' });
    await app.inject({
      method: 'POST',
      url: `${API}/order/${cancelled.link.orderId}/cancel/5`,
      headers: { ...bearer(manager), [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
      payload: { reason: 'guest cancelled the stay' },
    });
    expect((await guest().pay(cancelled.token)).json<{ detail: string }>().detail).toBe('this payment link has been cancelled');
    for (const link of [expired.link, cancelled.link]) {
      const detail = await order(link.orderId);
      expect(detail.capturedMinor + detail.authorizedMinor).toBe(0);
      expect(detail.operations.filter((op) => op.kind === 'Authorization' || op.kind === 'Capture')).toHaveLength(0);
    }
  });

  test('concurrent payments of one link from two tabs: one pays, the others are refused', async () => {
    const { link, token } = await createdLink(app, manager, property.id, { bookingReference: 'BK-RACE' });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => guestOf(app, `10.0.2.${index}`).pay(token)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const detail = await order(link.orderId);
    expect(detail).toMatchObject({ status: 'Paid', capturedMinor: 12_500 });
    expect(detail.operations.filter((op) => op.kind === 'Capture')).toHaveLength(1);
  });

  test('is rate-limited per client address, unknown tokens included', async () => {
    const walker = guestOf(app, '10.0.9.9');
    const statuses: number[] = [];
    for (let index = 0; index < 61; index++) statuses.push((await walker.view(`guess-${index}-${'x'.repeat(30)}`)).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another address is not held back.
    expect((await guestOf(app, '10.0.9.10').view('guess')).statusCode).toBe(404);
  });
});
