import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_API, MERCHANT_API } from '../../contract/product';
import { TOO_DEEP_MESSAGE, UNSAFE_TEXT_MESSAGE } from '../../contract/text';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { tableCounts } from '../support/table-counts';

// Findings of the hardening review (issue 12, "Bad input that breaks the server"), each through
// real HTTP: unsafe text is a 400 naming the field (decision 0175), refusals before routing are
// problem JSON (0177), and the merchant header is compared as the uuid it is (0178).

let app: FastifyInstance;
let address: string;
let admin: Record<string, string>;
let merchantAdmin: Record<string, string>;
let ownMerchant: string;
let otherMerchant: string;

beforeAll(async () => {
  app = await startTestApp({ orders: 100 });
  address = await app.listen({ port: 0, host: '127.0.0.1' });
  admin = bearer((await signIn(app, 'folioadmin@demo.folio.test')).accessToken);
  merchantAdmin = bearer((await signIn(app, 'merchantadmin@demo.folio.test')).accessToken);
  const merchants = await app.ctx.db
    .selectFrom('merchants')
    .innerJoin('merchant_groups', 'merchant_groups.id', 'merchants.merchant_group_id')
    .select(['merchants.id', 'merchant_groups.name'])
    .execute();
  ownMerchant = merchants.find((row) => row.name === 'Lagoon Hotels Group')!.id;
  otherMerchant = merchants.find((row) => row.name !== 'Lagoon Hotels Group')!.id;
});
afterAll(async () => {
  await app?.close();
});

function expectProblem(response: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  expect(String(response.headers['content-type'])).toContain('application/problem+json');
  const problem = JSON.parse(response.body) as { type: string; title: string; status: number; detail: string; errors?: Record<string, string[]> };
  expect(problem).toMatchObject({ type: expect.any(String), title: expect.any(String), status, detail: expect.any(String) });
  return problem;
}

const searchOrders = (headers: Record<string, string>, payload: string) =>
  app.inject({ method: 'POST', url: `${BACKOFFICE_API}/order/search`, headers: { ...headers, 'content-type': 'application/json' }, payload });

describe('unsafe text is refused with the field named', () => {
  it('answers the reported NUL and lone-surrogate searches with 400 naming filters.referenceNo', async () => {
    for (const escaped of ['a\\u0000b', 'a\\ud800b', '\\udc00']) {
      const problem = expectProblem(await searchOrders(admin, `{"filters":{"referenceNo":"${escaped}"}}`), 400);
      expect(problem.errors).toEqual({ 'filters.referenceNo': [UNSAFE_TEXT_MESSAGE] });
    }
  });

  it('names query values, path parameters, object keys and over-deep values the same way', async () => {
    const query = expectProblem(await app.inject({ method: 'GET', url: `${MERCHANT_API}/merchant-groups?page=1%00`, headers: admin }), 400);
    expect(query.errors).toEqual({ 'query.page': [UNSAFE_TEXT_MESSAGE] });
    const param = expectProblem(await app.inject({ method: 'GET', url: `${MERCHANT_API}/merchant-groups/a%00b`, headers: admin }), 400);
    expect(Object.keys(param.errors ?? {})).toEqual(['params.id']);
    const key = expectProblem(
      await app.inject({
        method: 'POST',
        url: `${MERCHANT_API}/merchants/validate/onboarding-tracking`,
        headers: { ...merchantAdmin, 'content-type': 'application/json' },
        payload: '{"step":"company-details","data":{"a\\u0000":1}}',
      }),
      400,
    );
    expect(key.errors).toEqual({ 'data.a\ufffd': [UNSAFE_TEXT_MESSAGE] });
    const deep = expectProblem(await searchOrders(admin, `{"filters":${'['.repeat(1000)}${']'.repeat(1000)}}`), 400);
    expect(Object.values(deep.errors ?? {})).toEqual([[TOO_DEEP_MESSAGE]]);
  });

  it('stores nothing for a merchant group named with a NUL or a lone surrogate', async () => {
    const before = await tableCounts(app.ctx.db);
    for (const name of ['Bad\\u0000Name', 'Bad\\ud800Name']) {
      const response = await app.inject({
        method: 'POST',
        url: `${MERCHANT_API}/merchant-groups`,
        headers: { ...admin, 'content-type': 'application/json' },
        payload: `{"name":"${name}","country":"AT","contactEmail":"bad@example.test"}`,
      });
      expect(expectProblem(response, 400).errors).toEqual({ name: [UNSAFE_TEXT_MESSAGE] });
    }
    expect(await tableCounts(app.ctx.db)).toEqual(before);
  });
});

describe('refusals before any route runs are problem JSON', () => {
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${address}${path}`, { headers });
    return { statusCode: response.status, headers: { 'content-type': response.headers.get('content-type') }, body: await response.text() };
  };

  it('answers a 100 KB query string and oversized headers with 431', async () => {
    expectProblem(await get(`${BACKOFFICE_API}/order/search?referenceNo=${'a'.repeat(100_000)}`, admin), 431);
    expectProblem(await get('/health', { 'x-padding': 'a'.repeat(20_000) }), 431);
    expect((await get('/health')).statusCode).toBe(200);
  });

  it('answers a 5,000-character path parameter with 414 and a broken percent-encoding with 400', async () => {
    expectProblem(await get(`${MERCHANT_API}/merchant-groups/${'a'.repeat(5000)}`, admin), 414);
    expectProblem(await get(`${MERCHANT_API}/merchant-groups/%E0%A4%A`, admin), 400);
  });
});

describe('the merchant header', () => {
  it('accepts a merchant id differing only in letter case, and narrows to that merchant', async () => {
    const lower = await searchOrders({ ...merchantAdmin, 'x-merchant-id': ownMerchant }, '{}');
    const upper = await searchOrders({ ...merchantAdmin, 'x-merchant-id': ownMerchant.toUpperCase() }, '{}');
    expect(upper.statusCode, upper.body).toBe(200);
    expect(upper.json()).toEqual(lower.json());
  });

  it('still refuses a foreign merchant in any case, and refuses what is not a merchant id with 400', async () => {
    expectProblem(await searchOrders({ ...merchantAdmin, 'x-merchant-id': otherMerchant.toUpperCase() }, '{}'), 403);
    for (const value of ['garbage', `${ownMerchant},${otherMerchant}`, `${ownMerchant}x`]) {
      const problem = expectProblem(await searchOrders({ ...admin, 'x-merchant-id': value }, '{}'), 400);
      expect(Object.keys(problem.errors ?? {})).toEqual(['headers.x-merchant-id']);
    }
  });
});
