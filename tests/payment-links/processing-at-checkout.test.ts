import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/endpoint';
import type { GuestCheckout, GuestPaymentAnswer } from '../../contract/payment-links';
import { MERCHANT_API } from '../../contract/product';
import { PROCESSING_DEFAULTS, type ProcessingSettings } from '../../contract/settings/processing';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { activePropertiesOf, AUTH_FAILED_CARD, createdLink, guestOf, SUCCESS_CARD } from './support';

// Decision 0698: a property's processing settings shape how its guests' cards are taken, not only what its settings
// page shows. The card networks it takes, whether it asks for the holder's name, whether the issuer is asked to
// confirm the guest (3-D Secure), and whether a pay-now link only holds the amount for the hotel to capture.
let app: FastifyInstance;
let manager: string;
let admin: string;
let property: { id: string; name: string; merchant_group_id: string };

/** A test American Express number (passes the Luhn check). */
const AMEX = '3782 822463 10005';

beforeAll(async () => {
  app = await startTestApp();
  manager = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
  admin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  [property] = (await activePropertiesOf(app, 'propertymanager@demo.folio.test')) as [typeof property];
}, 120_000);
afterAll(async () => app?.close());

/** The property's processing settings as its settings page saves them. */
async function setProcessing(changes: Partial<ProcessingSettings>) {
  const saved = await app.inject({
    method: 'PUT',
    url: `${MERCHANT_API}/property-settings/${property.id}/processing`,
    headers: bearer(admin),
    payload: { ...PROCESSING_DEFAULTS, ...changes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const failedAttemptsOf = async (token: string) =>
  (await app.ctx.db.selectFrom('payment_links').select('failed_attempts').where('token', '=', token).executeTakeFirstOrThrow()).failed_attempts;

describe("a property's processing settings at its guests' payment page", () => {
  test('only cards of the networks it takes: another is refused before the acquirer, costing no attempt', async () => {
    await setProcessing({ schemes: ['amexDiscoverDiners'] });
    const guest = guestOf(app, '10.0.98.1');
    const { token } = await createdLink(app, manager, property.id, { bookingReference: 'SCHEMES-1' });
    const page = (await guest.view(token)).json<GuestCheckout>();
    expect(page.cards.acceptedCards).toEqual(['Amex', 'Discover', 'Diners']);

    const visa = await guest.pay(token, SUCCESS_CARD);
    expect(visa.statusCode).toBe(400);
    expect(visa.json()).toMatchObject({ code: 'checkout.cardNotAccepted', errors: { cardNumber: [`${property.name} does not take Visa cards`] } });
    expect(await failedAttemptsOf(token)).toBe(0);
    expect((await guest.view(token)).json<GuestCheckout>().outcome).toBe('Open');

    const amex = await guest.pay(token, { ...SUCCESS_CARD, cardNumber: AMEX });
    expect(amex.json<GuestPaymentAnswer>()).toMatchObject({ outcome: 'Paid', checkout: { card: { brand: 'Amex', last4: '0005' } } });
  });

  test('the defaults take Visa and Mastercard, as before', async () => {
    await setProcessing({});
    const guest = guestOf(app, '10.0.98.2');
    const { token } = await createdLink(app, manager, property.id, { bookingReference: 'SCHEMES-2' });
    expect((await guest.view(token)).json<GuestCheckout>().cards).toEqual({ acceptedCards: ['Visa', 'Mastercard'], cardholderNameRequired: true });
    const amex = await guest.pay(token, { ...SUCCESS_CARD, cardNumber: AMEX });
    expect(amex.json()).toMatchObject({ status: 400, code: 'checkout.cardNotAccepted' });
    expect((await guest.pay(token, { ...SUCCESS_CARD, cardNumber: '5555 5555 5555 4444' })).json()).toMatchObject({ outcome: 'Paid' });
  });

  test("the holder's name only where the property asks for it", async () => {
    await setProcessing({ cardholderNameRequired: true });
    const guest = guestOf(app, '10.0.98.3');
    const asked = await createdLink(app, manager, property.id, { bookingReference: 'HOLDER-1' });
    const nameless = await guest.pay(asked.token, { ...SUCCESS_CARD, cardholderName: ' ' });
    expect(nameless.json()).toMatchObject({ status: 400, code: 'checkout.holderNameRequired', errors: { cardholderName: ['enter the name on the card'] } });
    expect(await failedAttemptsOf(asked.token)).toBe(0);

    await setProcessing({ cardholderNameRequired: false });
    const notAsked = await createdLink(app, manager, property.id, { bookingReference: 'HOLDER-2' });
    expect((await guest.view(notAsked.token)).json<GuestCheckout>().cards.cardholderNameRequired).toBe(false);
    expect((await guest.pay(notAsked.token, { ...SUCCESS_CARD, cardholderName: '' })).json()).toMatchObject({ outcome: 'Paid' });
  });

  test('the issuer confirms the guest (3-D Secure) only where the property asks for it', async () => {
    await setProcessing({ userAuthentication: true });
    const guest = guestOf(app, '10.0.98.4');
    const asked = await createdLink(app, manager, property.id, { bookingReference: 'THREEDS-1' });
    expect((await guest.pay(asked.token, AUTH_FAILED_CARD)).json()).toMatchObject({ outcome: 'AuthenticationFailed' });

    await setProcessing({ userAuthentication: false });
    const notAsked = await createdLink(app, manager, property.id, { bookingReference: 'THREEDS-2' });
    expect((await guest.pay(notAsked.token, AUTH_FAILED_CARD)).json()).toMatchObject({ outcome: 'Paid' });
  });

  test('a property that only authorizes: a pay-now link holds the amount, the page says so, and the hotel captures it', async () => {
    await setProcessing({ forceAuthorization: true });
    const guest = guestOf(app, '10.0.98.5');
    const { link, token } = await createdLink(app, manager, property.id, { bookingReference: 'FORCE-AUTH', paymentType: 'PN', amountMinor: 12_500 });
    expect((await guest.view(token)).json<GuestCheckout>()).toMatchObject({ paymentType: 'AU', outcome: 'Open' });
    const paid = (await guest.pay(token)).json<GuestPaymentAnswer>();
    expect(paid).toMatchObject({ outcome: 'Authorized', checkout: { outcome: 'AmountHeld' } });
    const order = await app.ctx.db
      .selectFrom('orders')
      .select(['status', 'authorized_minor', 'captured_minor'])
      .where('id', '=', String(link.orderId))
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'Tokenized', authorized_minor: '12500', captured_minor: '0' });
    await setProcessing({});
    // Turning it off later does not make the held link read as paid.
    expect((await guest.view(token)).json<GuestCheckout>().outcome).toBe('AmountHeld');
    // The hotel charges the held amount from the order, as any authorization.
    const captured = await app.inject({
      method: 'POST',
      url: '/backoffice/api/v2/payment/captures',
      headers: { ...bearer(manager), [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
      payload: { orderId: link.orderId, amountMinor: 12_500, currency: 'EUR' },
    });
    expect(captured.statusCode, captured.body).toBe(200);
    expect((await guest.view(token)).json<GuestCheckout>().outcome).toBe('Paid');
  });
});
