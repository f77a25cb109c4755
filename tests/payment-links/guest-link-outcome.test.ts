import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/endpoint';
import { MERCHANT_HEADER } from '../../contract/product';
import { MAX_FAILED_CARD_ATTEMPTS } from '../../server/payment-links/guest-checkout-routes';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { activePropertiesOf, createdLink, DECLINED_CARD, guestOf } from './support';

// Decision 0420: the guest's public link answer says what became of the link, so the page shows the
// same screen after a reload as right after the payment.
let app: FastifyInstance;
let manager: string;
let property: string;

beforeAll(async () => {
  app = await startTestApp();
  manager = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
  property = (await activePropertiesOf(app, 'propertymanager@demo.folio.test'))[0]!.id;
}, 120_000);
afterAll(async () => app?.close());

test('a completed link answers what its payment type did: paid, card saved or amount held', async () => {
  const guest = guestOf(app, '10.0.42.1');
  for (const [paymentType, outcome] of [
    ['PN', 'Paid'],
    ['PL', 'CardSaved'],
    ['AU', 'AmountHeld'],
  ] as const) {
    const { token } = await createdLink(app, manager, property, { paymentType, bookingReference: `OUTCOME-${paymentType}` });
    expect((await guest.view(token)).json()).toMatchObject({ outcome: 'Open', state: 'Payable' });
    const paid = await guest.pay(token);
    expect(paid.json()).toMatchObject({ checkout: { outcome, state: 'Completed', card: { brand: 'Visa', last4: '4242' } } });
    expect((await guest.view(token)).json()).toMatchObject({ outcome, state: 'Completed' });
  }
});

test('a cancelled, an expired and a locked link each answer their outcome', async () => {
  const guest = guestOf(app, '10.0.42.2');
  const cancelled = await createdLink(app, manager, property, { bookingReference: 'OUTCOME-CANCEL' });
  const answer = await app.inject({
    method: 'POST',
    url: `/backoffice/api/v2/order/${cancelled.link.orderId}/cancel/5`,
    headers: { ...bearer(manager), [MERCHANT_HEADER]: property, [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
    payload: { reason: 'Guest changed plans' },
  });
  expect(answer.statusCode).toBe(200);
  expect((await guest.view(cancelled.token)).json()).toMatchObject({ outcome: 'Cancelled' });

  const expired = await createdLink(app, manager, property, { bookingReference: 'OUTCOME-EXPIRED' });
  await app.ctx.db
    .updateTable('payment_links')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('id', '=', expired.link.id)
    .execute();
  expect((await guest.view(expired.token)).json()).toMatchObject({ outcome: 'Expired' });

  const locked = await createdLink(app, manager, property, { bookingReference: 'OUTCOME-LOCKED' });
  for (let attempt = 1; attempt <= MAX_FAILED_CARD_ATTEMPTS; attempt++) {
    const refused = (await guest.pay(locked.token, DECLINED_CARD)).json();
    expect(refused.checkout.outcome).toBe(attempt === MAX_FAILED_CARD_ATTEMPTS ? 'Locked' : 'Open');
  }
  expect((await guest.view(locked.token)).json()).toMatchObject({ outcome: 'Locked' });
});
