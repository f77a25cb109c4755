import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BACKOFFICE_API, MERCHANT_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';

// The caller's scope is one condition written once (inMerchants, server/lists/list-query.ts) for the orders, refund
// requests, payouts and bookings lists. What a caller observes: a property manager's list holds only their
// properties' rows, and naming another group's property in the filter narrows to nothing, never widens.
// Real HTTP, real database.

interface Answer {
  items: Array<{ merchantId: string }>;
  total: number;
}

const LISTS = [
  ['orders', `${BACKOFFICE_API}/order/search`],
  ['refund requests', `${BACKOFFICE_API}/refunds/requests/search`],
  ['payouts', `${MERCHANT_API}/payouts/search`],
  ['bookings', `${BACKOFFICE_API}/bookings/search`],
] as const;

let app: FastifyInstance;
let managerToken: string;
let adminToken: string;
let own: Set<string>;
let othersId: string;

async function search(token: string, url: string, filters: object): Promise<Answer> {
  const response = await app.inject({ method: 'POST', url, headers: bearer(token), payload: { filters, sorting: [], page: 0, pageSize: 100 } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer>();
}

async function statusesSeenBy(token: string): Promise<string[]> {
  const response = await app.inject({ method: 'POST', url: `${MERCHANT_API}/merchants/status`, headers: bearer(token), payload: {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Array<{ merchantId: string }>>().map((entry) => entry.merchantId);
}

beforeAll(async () => {
  app = await startTestApp();
  managerToken = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
  adminToken = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  own = new Set(await statusesSeenBy(managerToken));
  othersId = (await statusesSeenBy(adminToken)).find((id) => !own.has(id))!;
  expect(own.size).toBeGreaterThan(0);
  expect(othersId).toBeDefined();
});
afterAll(async () => app.close());

describe.each(LISTS)('the %s list', (_name, url) => {
  test("holds only the property manager's own properties' rows", async () => {
    const mine = await search(managerToken, url, {});
    expect(mine.items.every((row) => own.has(row.merchantId))).toBe(true);
    expect((await search(adminToken, url, {})).total).toBeGreaterThanOrEqual(mine.total);
  });

  test("narrows to nothing when the property manager names another group's property", async () => {
    const answer = await search(managerToken, url, { merchantIds: [othersId] });
    expect(answer.items).toEqual([]);
    expect(answer.total).toBe(0);
    // The provider admin, whose scope holds that property, does see its rows.
    const admin = await search(adminToken, url, { merchantIds: [othersId] });
    expect(admin.items.every((row) => row.merchantId === othersId)).toBe(true);
  });
});
