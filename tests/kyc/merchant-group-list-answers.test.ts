import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantGroup } from '../../contract/merchant-groups';
import { MERCHANT_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';

// The merchant groups list reads each group's row and application with its page (one statement, not two more a group):
// every item must still be what the group's own page answers, for provider staff over every page and for a merchant's
// user (their own group only).

let app: FastifyInstance;

beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
});
afterAll(async () => {
  await app.close();
});

const get = async <T>(token: string, url: string): Promise<T> => {
  const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
type Page = { items: Array<MerchantGroup & { propertiesCount: number }>; total: number };

describe('the merchant groups list', () => {
  it.each(['folioadmin@demo.folio.test', 'merchantadmin@demo.folio.test'])('answers, as %s, each group as its own page does', async (email) => {
    const token = (await signIn(app, email)).accessToken;
    const items: Page['items'] = [];
    for (let page = 1; ; page++) {
      const answer = await get<Page>(token, `${MERCHANT_API}/merchant-groups?page=${page}&pageSize=10&sortBy=name&sortDirection=asc`);
      items.push(...answer.items);
      if (items.length >= answer.total || answer.items.length === 0) break;
    }
    expect(items.length).toBeGreaterThan(0);
    for (const { propertiesCount, ...item } of items) {
      expect(item, item.name).toEqual(await get<MerchantGroup>(token, `${MERCHANT_API}/merchant-groups/${item.merchantGroupId}`));
      expect(propertiesCount).toBeGreaterThanOrEqual(0);
    }
    // Every group with its application: the demo gives each one.
    expect(items.every((item) => item.applicationId !== null)).toBe(true);
  });
});
