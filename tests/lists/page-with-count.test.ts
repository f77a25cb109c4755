import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PayoutSearchAnswer, PayoutSearchBody } from '../../contract/payouts';
import { MERCHANT_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Decision 0636: the payouts list answers its page and its capped count from one statement. The
// answer stays what the two statements gave: the page in the order asked for, an exact total up to
// FOLIO_LIST_EXACT_COUNT_UP_TO (here 5) and the planner's estimate past it, and the total of a page
// past the end (which has no row to carry the count). Real HTTP, real database.

const CAP = 5;
let app: FastifyInstance;
let token: string;

const search = async (body: PayoutSearchBody): Promise<PayoutSearchAnswer> => {
  const response = await app.inject({ method: 'POST', url: `${MERCHANT_API}/payouts/search`, headers: bearer(token), payload: body });
  expect(response.statusCode).toBe(200);
  return response.json<PayoutSearchAnswer>();
};

beforeAll(async () => {
  app = await startTestApp({ orders: 200, listExactCountUpTo: CAP });
  token = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
});
afterAll(async () => app.close());

describe('a page of payouts and its count', () => {
  const sorting: PayoutSearchBody['sorting'] = [{ id: 'amount', desc: false }];

  test('pages keep the order asked for, and past the cap the total is an estimate never below what was seen', async () => {
    const { items: hundred } = await search({ sorting, pagination: { page: 0, pageSize: 100 } });
    expect(hundred.length).toBe(100);
    const pages = [];
    for (let page = 0; page < 5; page += 1) pages.push(await search({ sorting, pagination: { page, pageSize: 10 } }));
    expect(pages.flatMap((answer) => answer.items.map((row) => row.id))).toEqual(hundred.slice(0, 50).map((row) => row.id));
    for (const [page, answer] of pages.entries()) {
      expect(answer.totalExact).toBe(false);
      expect(answer.total).toBeGreaterThanOrEqual(Math.max(CAP + 1, page * 10 + answer.items.length));
    }
  });

  test('up to the cap the total is exact, on a page with rows and on a page past the end', async () => {
    const { items } = await search({ sorting, pagination: { page: 0, pageSize: 10 } });
    const reference = items[0]!.reference;
    const references = await app.ctx.db
      .selectFrom('payouts')
      .select('id')
      .where('reference', 'like', `${reference}%`)
      .orderBy('amount_minor')
      .orderBy('id')
      .execute();
    const matching = references.map((row) => ({ id: row.id }));
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThanOrEqual(CAP);
    const filters = { reference };
    const first = await search({ filters, sorting, pagination: { page: 0, pageSize: 10 } });
    expect(first).toMatchObject({ total: matching.length, totalExact: true });
    expect(first.items.map((row) => row.id)).toEqual(matching.map((row) => row.id));
    expect(await search({ filters, sorting, pagination: { page: 9, pageSize: 10 } })).toMatchObject({ items: [], total: matching.length, totalExact: true });
    expect(await search({ filters: { reference: 'no such payout' }, pagination: { page: 0, pageSize: 10 } })).toMatchObject({
      items: [],
      total: 0,
      totalExact: true,
    });
  });
});
