import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BACKOFFICE_API, MERCHANT_API } from '../../contract/product';
import { pageWithCappedCount } from '../../server/lists/list-query';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Decision 0636 (amended): the refund requests, the bookings and a payout's settlement lines answer a page and its
// capped count from one statement, as the orders and payouts do. What a caller sees must stay what the two statements
// gave: pages in the order asked for, the same exact total on every page and on a page past the end (which has no row
// to carry the count), and 0 for a search that matches nothing. Real HTTP, real database.

interface Answer {
  items: Array<{ id: string }>;
  total: number;
  totalExact: boolean;
}

let app: FastifyInstance;
let token: string;
let payoutWithLines: string;

const search = async (url: string, body: object): Promise<Answer> => {
  const response = await app.inject({ method: 'POST', url, headers: bearer(token), payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer>();
};

beforeAll(async () => {
  app = await startTestApp();
  token = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  const busiest = await app.ctx.db
    .selectFrom('payout_lines')
    .select('payout_id')
    .groupBy('payout_id')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  payoutWithLines = String(busiest.payout_id);
});
afterAll(async () => app.close());

const lists = [
  { name: 'refund requests', url: () => `${BACKOFFICE_API}/refunds/requests/search`, nothing: { requester: 'nobody-at-all' } },
  { name: 'bookings', url: () => `${BACKOFFICE_API}/bookings/search`, nothing: { search: 'no such guest anywhere' } },
  { name: 'settlement lines', url: () => `${MERCHANT_API}/payouts/${payoutWithLines}/lines/search`, nothing: { orderReference: 'NO-SUCH-REFERENCE' } },
];

describe.each(lists)('$name: a page and its count in one statement', ({ url, nothing }) => {
  test('pages keep their order and every page, past the end too, says the same exact total', async () => {
    const first = await search(url(), { pagination: { page: 0, pageSize: 100 } });
    expect(first.items.length).toBeGreaterThanOrEqual(3);
    expect(first.totalExact).toBe(true);
    const { total } = first;
    expect(total).toBeGreaterThanOrEqual(first.items.length);
    const shown = first.items.slice(0, 30).map((row) => row.id);
    const pages: Answer[] = [];
    for (let page = 0; page * 10 < shown.length; page += 1) pages.push(await search(url(), { pagination: { page, pageSize: 10 } }));
    expect(pages.flatMap((answer) => answer.items.map((row) => row.id)).slice(0, shown.length)).toEqual(shown);
    for (const answer of pages) expect(answer).toMatchObject({ total, totalExact: true });
    const pastTheEnd = Math.ceil(total / 10) + 3;
    expect(await search(url(), { pagination: { page: pastTheEnd, pageSize: 10 } })).toMatchObject({ items: [], total, totalExact: true });
  });

  test('a search that matches nothing answers 0, exact', async () => {
    expect(await search(url(), { filters: nothing, pagination: { page: 0, pageSize: 10 } })).toMatchObject({ items: [], total: 0, totalExact: true });
  });
});

describe('a first page with room left is the whole list (decision 0719)', () => {
  // The count's own search here fails on any row it reads (a division by zero), so a statement that ran it fails: a
  // first page that is not full answers its count from its rows without it, and a full one still counts.
  const failsIfRun = sql`SELECT 1 FROM bookings b WHERE 1 / (b.amount_minor - b.amount_minor) = 1`;
  const firstBookings = (limit: number) => sql`SELECT b.id FROM bookings b ORDER BY b.id LIMIT ${limit}`;

  test('its rows are its count, and the count is not searched again', async () => {
    const { rows, count } = await pageWithCappedCount(app.ctx.db, firstBookings(3), failsIfRun, { firstPage: true, pageSize: 10 });
    expect(rows).toHaveLength(3);
    expect(count).toEqual({ total: 3, exact: true });
  });

  test('a full first page, or a later one, still counts every match', async () => {
    const full = pageWithCappedCount(app.ctx.db, firstBookings(10), failsIfRun, { firstPage: true, pageSize: 10 });
    await expect(full).rejects.toThrow(/division by zero/);
    const later = pageWithCappedCount(app.ctx.db, firstBookings(3), failsIfRun, { firstPage: false, pageSize: 10 });
    await expect(later).rejects.toThrow(/division by zero/);
    const counted = await pageWithCappedCount(app.ctx.db, firstBookings(10), sql`SELECT 1 FROM bookings b`, { firstPage: true, pageSize: 10 });
    const bookings = await app.ctx.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(counted.count).toEqual({ total: Number(bookings.n), exact: true });
  });
});
