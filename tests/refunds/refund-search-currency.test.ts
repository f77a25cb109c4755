import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BACKOFFICE_API } from '../../contract/product';
import type { RefundSearchAnswer } from '../../contract/refunds';
import { bearer, signIn, startTestApp } from '../support/test-app';

// The refunds table's currency filter: amount bounds are minor units of that currency, so the
// search keeps to it.

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
  token = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
}, 120_000);
afterAll(async () => {
  await app.close();
});

const search = async (filters: object) =>
  (
    await app.inject({ method: 'POST', url: `${BACKOFFICE_API}/refunds/requests/search`, headers: bearer(token), payload: { filters } })
  ).json<RefundSearchAnswer>();

it('keeps to the chosen currency, and refuses one that is not a code', async () => {
  const all = await search({});
  const currencies = [...new Set(all.items.map((item) => item.currency))];
  expect(currencies.length).toBeGreaterThan(0);
  for (const currency of currencies) {
    const only = await search({ currency: currency.toLowerCase() });
    expect(only.items.length).toBeGreaterThan(0);
    expect(only.items.every((item) => item.currency === currency)).toBe(true);
  }
  expect((await search({ currency: 'XXX' })).items).toEqual([]);
  const refused = await app.inject({
    method: 'POST',
    url: `${BACKOFFICE_API}/refunds/requests/search`,
    headers: bearer(token),
    payload: { filters: { currency: 'euro' } },
  });
  expect(refused.statusCode).toBe(400);
});
