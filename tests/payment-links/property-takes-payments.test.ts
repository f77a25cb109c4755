import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GUEST_PROPERTY_NOT_ACTIVE_DETAIL, PROPERTY_NOT_ACTIVE_DETAIL } from '../../contract/properties';
import { MAX_FAILED_CARD_ATTEMPTS } from '../../server/payment-links/guest-checkout-routes';
import { signIn, startTestApp } from '../support/test-app';
import { activePropertiesOf, createdLink, createLink, DECLINED_CARD, guestOf, linkBody } from './support';

// Decision 0346: only a property the provider has made Active takes money, by a new link or an old one;
// and a link stops taking cards after a few were refused on it (card testing on one guest's link).
let app: FastifyInstance;
let manager: string;
let admin: string;
let active: { id: string; name: string; merchant_group_id: string };

beforeAll(async () => {
  app = await startTestApp();
  manager = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
  admin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  [active] = (await activePropertiesOf(app, 'propertymanager@demo.folio.test')) as [typeof active];
}, 120_000);
afterAll(async () => app?.close());

describe('a property that is not Active', () => {
  test('gets no new payment link, whether in review or just created', async () => {
    const inReview = await app.ctx.db
      .selectFrom('merchants')
      .select('id')
      .where('merchant_group_id', '=', active.merchant_group_id)
      .where('status', '=', 'PendingReview')
      .executeTakeFirstOrThrow();
    const refused = await createLink(app, admin, inReview.id, linkBody());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: PROPERTY_NOT_ACTIVE_DETAIL });

    const created = await app.inject({
      method: 'POST',
      url: '/folio/payment-api/v2/properties',
      headers: { authorization: `Bearer ${admin}` },
      payload: { name: 'Shell Hotel Unreviewed', currency: 'EUR', timezone: 'Europe/Amsterdam' },
    });
    expect(created.statusCode).toBe(201);
    const fresh = (await createLink(app, admin, created.json<{ merchantId: string }>().merchantId, linkBody())).json();
    expect(fresh).toMatchObject({ status: 409, detail: PROPERTY_NOT_ACTIVE_DETAIL });
    expect(
      await app.ctx.db
        .selectFrom('orders')
        .select('id')
        .where('reference_no', '=', linkBody().bookingReference)
        .where('merchant_id', '=', inReview.id)
        .execute(),
    ).toEqual([]);
  });

  test('takes no payment on a link made while it was Active', async () => {
    const { token } = await createdLink(app, manager, active.id, { bookingReference: 'TAKES-NOTHING' });
    await app.ctx.db.updateTable('merchants').set({ status: 'PendingReview' }).where('id', '=', active.id).execute();
    try {
      // The page says so before the guest types a card (decision 0349).
      expect((await guestOf(app, '10.0.46.1').view(token)).json()).toMatchObject({ state: 'Payable', paymentHeld: 'PropertyNotActive' });
      const paid = await guestOf(app, '10.0.46.1').pay(token);
      expect(paid.statusCode).toBe(409);
      expect(paid.json()).toMatchObject({ detail: GUEST_PROPERTY_NOT_ACTIVE_DETAIL });
    } finally {
      await app.ctx.db.updateTable('merchants').set({ status: 'Active' }).where('id', '=', active.id).execute();
    }
    expect((await guestOf(app, '10.0.46.2').pay(token)).statusCode).toBe(200);
  });
});

test(`a link takes no more cards after ${MAX_FAILED_CARD_ATTEMPTS} were refused on it`, async () => {
  const { token } = await createdLink(app, manager, active.id, { bookingReference: 'CARD-TESTING' });
  const guest = guestOf(app, '10.0.46.3');
  expect((await guest.view(token)).json()).toMatchObject({ paymentHeld: null });
  for (let attempt = 1; attempt <= MAX_FAILED_CARD_ATTEMPTS; attempt++) {
    const refused = await guest.pay(token, DECLINED_CARD);
    expect(refused.statusCode).toBe(200);
    // The answer to the last refused card already says the link takes no more (decision 0349).
    expect(refused.json()).toMatchObject({
      outcome: 'Declined',
      checkout: { state: 'Payable', paymentHeld: attempt === MAX_FAILED_CARD_ATTEMPTS ? 'TooManyRefusedCards' : null },
    });
  }
  expect((await guestOf(app, '10.0.46.4').view(token)).json()).toMatchObject({ state: 'Payable', paymentHeld: 'TooManyRefusedCards' });
  const stopped = await guestOf(app, '10.0.46.4').pay(token);
  expect(stopped.statusCode).toBe(409);
  expect(stopped.json<{ detail: string }>().detail).toMatch(/too many cards were refused/);
});
