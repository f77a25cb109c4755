import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OrderRow, OrderSearchAnswer, OrderSearchBody } from '../../contract/transactions';
import type { DatabaseTarget } from '../../server/db/database';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 34 "Lists and exports" (decisions 0460-0462): the last page is reachable, an inverted range is
// refused naming its field, guest names sort as people read them, on each engine.
const SEARCH = '/backoffice/api/v2/order/search';
const READING_ORDER = ['Ada Ødegaard', 'bram de Vries', 'Bram Vos', 'Émile Zola', 'emma Young', 'Zoe Adams'];

const engines: Array<{ name: string; target: () => Promise<{ database?: DatabaseTarget; drop: () => Promise<void> }> }> = [
  { name: 'pglite', target: async () => ({ drop: async () => undefined }) },
];
if (postgresUrl)
  engines.push({
    name: 'postgres',
    target: async () => {
      const fresh = await freshPostgresDatabase();
      return { database: { kind: 'postgres', url: fresh.url }, drop: fresh.drop };
    },
  });

describe.each(engines)('the transactions list on $name', ({ target }) => {
  let app: FastifyInstance;
  let admin: string;
  let drop: () => Promise<void>;

  async function search(body: OrderSearchBody) {
    const response = await app.inject({ method: 'POST', url: SEARCH, headers: bearer(admin), payload: body });
    return { status: response.statusCode, answer: response.json<OrderSearchAnswer & { errors?: Record<string, string[]>; type?: string }>() };
  }

  beforeAll(async () => {
    const engine = await target();
    drop = engine.drop;
    app = await startTestApp({ orders: 300, ...(engine.database ? { database: engine.database } : {}) });
    admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
    const merchant = await app.ctx.db.selectFrom('merchants').select('id').executeTakeFirstOrThrow();
    // Inserted out of reading order, with mixed case and accents.
    for (const [index, name] of [...READING_ORDER].reverse().entries())
      await app.ctx.db
        .insertInto('orders')
        .values({
          merchant_id: merchant.id,
          reference_no: `READ-${index}`,
          guest_name: name,
          guest_email: null,
          amount_minor: 1000,
          currency: 'EUR',
          status: 'Paid',
          payment_type: 'PN',
          created_at: '2026-10-15T10:00:00Z',
          updated_at: '2026-10-15T10:00:00Z',
        })
        .execute();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  test('the last page, counted from the end, holds the oldest rows in the list order, whatever the sort', async () => {
    for (const sorting of [[], [{ id: 'guestName' as const, desc: false }], [{ id: 'amount' as const, desc: true }]]) {
      const all: OrderRow[] = [];
      for (let page = 0; ; page++) {
        const { answer } = await search({ sorting, pagination: { page, pageSize: 100 } });
        all.push(...answer.items);
        if (answer.items.length < 100) break;
      }
      const last = await search({ sorting, pagination: { page: 0, pageSize: 25, fromEnd: true } });
      expect(last.status).toBe(200);
      expect(last.answer).toMatchObject({ fromEnd: true, page: 0, total: all.length, totalExact: true });
      expect(last.answer.items.map((row) => row.id)).toEqual(all.slice(-25).map((row) => row.id));
      const beforeLast = await search({ sorting, pagination: { page: 1, pageSize: 25, fromEnd: true } });
      expect(beforeLast.answer.items.map((row) => row.id)).toEqual(all.slice(-50, -25).map((row) => row.id));
    }
  });

  test('an inverted amount or date range is refused with a 400 naming the bound to change', async () => {
    const amounts = await search({ filters: { amountMin: 5000, amountMax: 100 } });
    expect(amounts.status).toBe(400);
    expect(Object.keys(amounts.answer.errors ?? {})).toEqual(['filters.amountMax']);
    const dates = await search({ filters: { createdFrom: '2026-03-02', createdTo: '2026-03-01' } });
    expect(dates.status).toBe(400);
    expect(Object.keys(dates.answer.errors ?? {})).toEqual(['filters.createdTo']);
    // One day, from and to the same date, is a range, not an inversion.
    expect((await search({ filters: { createdFrom: '2026-03-01', createdTo: '2026-03-01' } })).status).toBe(200);
  });

  test('guest names sort as people read them: case and accents do not split them, both directions', async () => {
    const filters = { referenceNo: 'READ-' };
    const up = await search({ filters, sorting: [{ id: 'guestName', desc: false }] });
    expect(up.answer.items.map((row) => row.guestName)).toEqual(READING_ORDER);
    const down = await search({ filters, sorting: [{ id: 'guestName', desc: true }] });
    expect(down.answer.items.map((row) => row.guestName)).toEqual([...READING_ORDER].reverse());
  });
});

// Decision 0645: past the cap the total is the planner's estimate; a page that is not full ends the list, so there the
// total is exact, counted from either end. The cap is set low so 300 orders show what millions do.
describe('a list past the exact-count cap', () => {
  let app: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp({ orders: 300, listExactCountUpTo: 20 });
    admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  });
  afterAll(async () => {
    await app?.close();
  });

  async function search(body: OrderSearchBody) {
    const response = await app.inject({ method: 'POST', url: SEARCH, headers: bearer(admin), payload: body });
    expect(response.statusCode).toBe(200);
    return response.json<OrderSearchAnswer>();
  }

  test('says "about" on a full page and the exact number of orders on the last one, from either end', async () => {
    const { n } = await app.ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const orders = Number(n);
    const pageSize = ([100, 50, 25, 10] as const).find((size) => orders % size > 0)!;
    const lastPage = Math.floor(orders / pageSize);
    expect((await search({ pagination: { page: 0, pageSize } })).totalExact).toBe(false);
    for (const fromEnd of [false, true]) {
      const last = await search({ pagination: { page: lastPage, pageSize, fromEnd } });
      expect(last.items).toHaveLength(orders % pageSize);
      expect(last).toMatchObject({ total: orders, totalExact: true });
    }
  });
});
