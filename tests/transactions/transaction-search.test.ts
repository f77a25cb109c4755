import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ORDER_STATUS_CODE, orderStatusOfCode, type OrderRow, type OrderSearchAnswer, type OrderSearchBody } from '../../contract/transactions';
import { bearer, signIn, startTestApp } from '../support/test-app';

const SEARCH = '/backoffice/api/v2/order/search';
let app: FastifyInstance;
let admin: string;
let merchantAdmin: string;
let groupMerchantIds: string[];
let otherMerchantId: string;

async function search(token: string, body: OrderSearchBody, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'POST', url: SEARCH, headers: { ...bearer(token), ...headers }, payload: body });
  return { status: response.statusCode, answer: response.json<OrderSearchAnswer>() };
}

async function allRows(token: string, body: OrderSearchBody): Promise<OrderRow[]> {
  const rows: OrderRow[] = [];
  for (let page = 0; ; page++) {
    const { answer } = await search(token, { ...body, pagination: { page, pageSize: 100 } });
    rows.push(...answer.items);
    if (answer.items.length < 100) return rows;
  }
}

let allOrders: number;

beforeAll(async () => {
  app = await startTestApp({ orders: 1500 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  const user = await app.ctx.db.selectFrom('users').select('merchant_group_id').where('email', '=', 'merchantadmin@demo.folio.test').executeTakeFirstOrThrow();
  groupMerchantIds = (await app.ctx.db.selectFrom('merchants').select('id').where('merchant_group_id', '=', user.merchant_group_id!).execute()).map(
    (row) => row.id,
  );
  const other = await app.ctx.db.selectFrom('orders').select('merchant_id').where('merchant_id', 'not in', groupMerchantIds).executeTakeFirstOrThrow();
  otherMerchantId = other.merchant_id;
  // The 1500 generated orders and those of other demo data (payment links' orders, for one).
  allOrders = Number(
    (
      await app.ctx.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
});
afterAll(async () => app.close());

describe('POST order/search', () => {
  test('a provider admin pages through every order, newest first, with an exact total', async () => {
    const { status, answer } = await search(admin, { pagination: { page: 0, pageSize: 25 } });
    expect(status).toBe(200);
    expect(answer.items).toHaveLength(25);
    expect(allOrders).toBeGreaterThanOrEqual(1500);
    expect(answer).toMatchObject({ total: allOrders, totalExact: true, page: 0, pageSize: 25 });
    const created = answer.items.map((row) => row.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const second = await search(admin, { pagination: { page: 1, pageSize: 25 } });
    expect(second.answer.items.map((row) => row.id)).not.toContain(answer.items[0]!.id);
    expect(new Set([...answer.items, ...second.answer.items].map((row) => row.id)).size).toBe(50);
  });

  test('pages never overlap or skip rows even where sort values tie (unique id tiebreak)', async () => {
    const rows = await allRows(admin, { sorting: [{ id: 'status', desc: false }] });
    expect(rows).toHaveLength(allOrders);
    expect(new Set(rows.map((row) => row.id)).size).toBe(allOrders);
    for (let index = 1; index < rows.length; index++) {
      const [before, after] = [rows[index - 1]!, rows[index]!];
      expect(before.status <= after.status).toBe(true);
      if (before.status === after.status) expect(before.id).toBeLessThan(after.id);
    }
  });

  test('filters combine: status, payment type, amount in minor units, date range, currency', async () => {
    const body: OrderSearchBody = {
      filters: {
        statuses: ['Paid', 'Failed'],
        paymentTypes: ['PN'],
        amountMin: 50_000,
        amountMax: 150_000,
        createdFrom: '2026-06-01',
        createdTo: '2026-09-30',
        currency: 'eur',
      },
      sorting: [{ id: 'amount', desc: true }],
    };
    const rows = await allRows(admin, body);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(['Paid', 'Failed']).toContain(row.status);
      expect(row.paymentType).toBe('PN');
      expect(row.amountMinor).toBeGreaterThanOrEqual(50_000);
      expect(row.amountMinor).toBeLessThanOrEqual(150_000);
      expect(row.createdAt >= '2026-06-01T00:00:00.000Z' && row.createdAt < '2026-10-01T00:00:00.000Z').toBe(true);
      expect(row.currency).toBe('EUR');
    }
    expect(rows.map((row) => row.amountMinor)).toEqual([...rows.map((row) => row.amountMinor)].sort((a, b) => b - a));
    const { answer } = await search(admin, { ...body, pagination: { page: 0, pageSize: 10 } });
    expect(answer.total).toBe(rows.length);
  });

  test('reference prefix and guest name/e-mail contains', async () => {
    const byReference = await allRows(admin, { filters: { referenceNo: 'FOL-0000012' } });
    expect(byReference.map((row) => row.referenceNo).sort()).toEqual(Array.from({ length: 10 }, (_, index) => `FOL-0000012${index}`));
    const byEmail = await allRows(admin, { filters: { guest: 'GUEST77@' } });
    expect(byEmail.map((row) => row.guestEmail)).toEqual(['guest77@example.test']);
    const sample = byReference[0]!;
    const byName = await allRows(admin, { filters: { guest: sample.guestName.toLowerCase() } });
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((row) => row.guestName === sample.guestName)).toBe(true);
    const literalPercent = await allRows(admin, { filters: { guest: '%' } });
    expect(literalPercent).toEqual([]);
  });

  test('a merchant-side user sees only their group, whatever merchantIds the body names', async () => {
    const own = await allRows(merchantAdmin, {});
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((row) => groupMerchantIds.includes(row.merchantId))).toBe(true);
    const asked = await search(merchantAdmin, { filters: { merchantIds: [otherMerchantId] } });
    expect(asked.status).toBe(200);
    expect(asked.answer).toMatchObject({ items: [], total: 0 });
    const mixed = await allRows(merchantAdmin, { filters: { merchantIds: [otherMerchantId, groupMerchantIds[1]!] } });
    expect(mixed.length).toBeGreaterThan(0);
    expect(mixed.every((row) => row.merchantId === groupMerchantIds[1])).toBe(true);
  });

  test('the merchant header narrows to that property, and a foreign one is refused', async () => {
    const narrowed = await allRows(admin, {});
    const header = { 'x-merchant-id': groupMerchantIds[2]! };
    const { answer } = await search(admin, { pagination: { page: 0, pageSize: 100 } }, header);
    expect(answer.items.every((row) => row.merchantId === groupMerchantIds[2])).toBe(true);
    expect(answer.total).toBe(narrowed.filter((row) => row.merchantId === groupMerchantIds[2]).length);
    const refused = await search(merchantAdmin, {}, { 'x-merchant-id': otherMerchantId });
    expect(refused.status).toBe(403);
  });

  test('bad input is a 400 problem naming the field, never a 500', async () => {
    const cases: unknown[] = [
      { pagination: { page: 0, pageSize: 30 } },
      { pagination: { page: -1, pageSize: 10 } },
      { sorting: [{ id: 'guestEmail', desc: true }] },
      { filters: { statuses: ['Refunded'] } },
      { filters: { createdFrom: 'yesterday' } },
      { filters: { merchantIds: ['not-a-uuid'] } },
      { filters: { amountMin: 12.5 } },
    ];
    for (const payload of cases) {
      const response = await app.inject({ method: 'POST', url: SEARCH, headers: bearer(admin), payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors).length).toBeGreaterThan(0);
    }
    expect((await search(admin, { pagination: { page: 0, pageSize: 30 as 25 } })).answer).toMatchObject({
      errors: { 'pagination.pageSize': ['page size must be 10, 25, 50 or 100'] },
    });
  });

  test('without Transactions Read the search is refused, and without a token it is 401', async () => {
    expect((await app.inject({ method: 'POST', url: SEARCH, payload: {} })).statusCode).toBe(401);
    const outsider = (await signIn(app, 'merchantpublicaccess@demo.folio.test')).accessToken;
    expect(outsider).not.toBe('');
    expect((await search(outsider, {})).status).toBe(403);
  });
});

describe('order statuses (decision 0120)', () => {
  test('every row carries the text status and its legacy code; Pending is 0 and Created is 1, shown by their own words', async () => {
    const pending = await allRows(admin, { filters: { statuses: ['Pending'] } });
    const created = await allRows(admin, { filters: { statuses: ['Created'] } });
    expect(pending.length).toBeGreaterThan(0);
    expect(created.length).toBeGreaterThan(0);
    expect(pending.every((row) => row.status === 'Pending' && row.statusCode === 0)).toBe(true);
    expect(created.every((row) => row.status === 'Created' && row.statusCode === 1)).toBe(true);
    expect(orderStatusOfCode(0)).toBe('Pending');
    expect(orderStatusOfCode(1)).toBe('Created');
    expect(Object.values(ORDER_STATUS_CODE)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('GET order/{id}', () => {
  test('answers an order in scope and 404 outside it', async () => {
    const [mine] = (await search(merchantAdmin, { pagination: { page: 0, pageSize: 10 } })).answer.items;
    const ok = await app.inject({ method: 'GET', url: `/backoffice/api/v2/order/${mine!.id}`, headers: bearer(merchantAdmin) });
    expect(ok.statusCode).toBe(200);
    // The detail is the row plus its payment ledger, timeline and allowed actions (decision 0205).
    expect(ok.json()).toMatchObject(mine!);
    const foreign = await app.ctx.db.selectFrom('orders').select('id').where('merchant_id', '=', otherMerchantId).executeTakeFirstOrThrow();
    const hidden = await app.inject({ method: 'GET', url: `/backoffice/api/v2/order/${foreign.id}`, headers: bearer(merchantAdmin) });
    expect(hidden.statusCode).toBe(404);
    const seen = await app.inject({ method: 'GET', url: `/backoffice/api/v2/order/${foreign.id}`, headers: bearer(admin) });
    expect(seen.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/backoffice/api/v2/order/abc', headers: bearer(admin) })).statusCode).toBe(400);
  });
});
