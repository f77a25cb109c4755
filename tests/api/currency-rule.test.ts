import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CURRENCY_CODE_MESSAGE } from '../../contract/currency';
import { bookingEndpoints } from '../../contract/bookings';
import type { Endpoint } from '../../contract/endpoint';
import { paymentLinkEndpoints } from '../../contract/payment-links';
import { paymentEndpoints } from '../../contract/transaction-payments';
import { MERCHANT_HEADER } from '../../contract/product';
import { refundEndpoints } from '../../contract/refunds';
import { bearer, signIn, startTestApp } from '../support/test-app';

// One currency rule for every call that moves or limits money (decision 0383): "eur" is refused
// (400 on the currency field) by refund requests and refund rules exactly as by captures,
// authorizations, PMS charges and payment links, and "EUR" passes the same check on all of them.

const MONEY_CALLS: Array<{ endpoint: Endpoint; field: string; body: (currency: string) => Record<string, unknown>; providerStaff?: true }> = [
  { endpoint: refundEndpoints.createRefundRequest, field: 'currency', body: (currency) => ({ currency }) },
  { endpoint: refundEndpoints.saveRefundRule, field: 'rule.currency', body: (currency) => ({ rule: { currency } }) },
  { endpoint: paymentEndpoints.captureAuthorization, field: 'currency', body: (currency) => ({ currency }) },
  { endpoint: paymentEndpoints.authorizeOrder, field: 'currency', body: (currency) => ({ currency }) },
  { endpoint: bookingEndpoints.postPmsCharge, field: 'currency', body: (currency) => ({ currency }), providerStaff: true },
  { endpoint: paymentLinkEndpoints.createPaymentLink, field: 'currency', body: (currency) => ({ currency }) },
];

let app: FastifyInstance;
let token: string;
let providerToken: string;
let propertyId: string;
beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
  // The group's admin may make these calls for the property of the merchant header; PMS charges are provider staff's.
  token = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  providerToken = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  propertyId = (await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', 'Canal House Amsterdam').executeTakeFirstOrThrow()).id;
}, 180_000);
afterAll(async () => app?.close());

async function fieldErrors(call: (typeof MONEY_CALLS)[number], currency: string): Promise<Record<string, string[]>> {
  const response = await app.inject({
    method: call.endpoint.method,
    url: call.endpoint.path,
    headers: { ...bearer(call.providerStaff ? providerToken : token), [MERCHANT_HEADER]: propertyId },
    payload: call.body(currency),
  });
  expect(response.statusCode, `${call.endpoint.id} with ${currency}: ${response.body}`).toBe(400);
  return response.json<{ errors: Record<string, string[]> }>().errors;
}

describe('the currency of a money call', () => {
  test.each(MONEY_CALLS.map((call) => [call.endpoint.id, call] as const))('%s refuses "eur" and " EUR", and takes "EUR"', async (_, call) => {
    for (const written of ['eur', ' EUR', 'EURO', 'XYZ'])
      expect((await fieldErrors(call, written))[call.field], `${call.endpoint.id} with "${written}"`).toEqual([CURRENCY_CODE_MESSAGE]);
    // Refused for the fields left out, never for the currency.
    expect((await fieldErrors(call, 'EUR'))[call.field]).toBeUndefined();
  });
});
