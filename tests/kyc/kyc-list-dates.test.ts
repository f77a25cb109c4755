import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { DEMO_ANCHOR } from '../../server/demo/demo-layout';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 11: the KYC applications list showed the seed's run time as "Created" for every
// application, while the detail page showed another date.

let app: FastifyInstance;
let admin: string;
type Item = { name: string; merchantGroupId: string; createdAt: string; submittedAt: string | null };

beforeAll(async () => {
  app = await startTestApp({ orders: 10 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
});
afterAll(async () => {
  await app.close();
});

async function listed(sortDirection: 'asc' | 'desc' = 'asc'): Promise<Item[]> {
  const response = await app.inject({
    method: 'POST',
    url: `${MERCHANT_API}/merchant-groups/search`,
    headers: bearer(admin),
    payload: { page: 1, pageSize: 100, sortBy: 'createdAt', sortDirection },
  });
  expect(response.statusCode).toBe(200);
  return response.json().items;
}

describe('KYC application dates', () => {
  it('the list and the detail page show the same creation date for every application', async () => {
    for (const item of await listed()) {
      const detail = await app.inject({ method: 'GET', url: `${MERCHANT_API}/kyc/applications/${item.merchantGroupId}`, headers: bearer(admin) });
      expect(detail.statusCode).toBe(200);
      expect([item.name, item.createdAt]).toEqual([item.name, detail.json().createdAt]);
    }
  });

  it("dates the demo's applications in its story, not at the moment the seed ran", async () => {
    const items = await listed();
    expect(new Set(items.map((item) => item.createdAt)).size).toBe(items.length);
    for (const item of items) {
      expect(Date.parse(item.createdAt), item.name).toBeLessThanOrEqual(Date.parse(DEMO_ANCHOR));
      if (item.submittedAt) expect(Date.parse(item.createdAt), item.name).toBeLessThan(Date.parse(item.submittedAt));
    }
  });

  it('sorts by the date it shows', async () => {
    const dates = (await listed('desc')).map((item) => item.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
