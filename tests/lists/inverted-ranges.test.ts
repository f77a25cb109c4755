import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BACKOFFICE_API, MERCHANT_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 34 "Lists and exports" (decisions 0461, 0525): every list call with a range filter (the
// searches and the exports that take the same filter) refuses a range whose end comes before its
// start with 400 problem JSON naming that bound, instead of answering no rows. Real HTTP, real database.

interface RangeCall {
  list: string;
  url: string;
  /** The call's body around its filter. */
  body: (filters: Record<string, unknown>) => Record<string, unknown>;
  /** The error key of the filter's bounds in the answer (the filter's path in the body). */
  at: string;
  dates: [from: string, to: string];
  amounts?: true;
}

const CREATED: RangeCall['dates'] = ['createdFrom', 'createdTo'];
/** A list's search: the filter is the body's `filters`. */
const search = (list: string, url: string, dates = CREATED, amounts?: true): RangeCall => ({
  list,
  url,
  body: (filters) => ({ filters }),
  at: 'filters',
  dates,
  amounts,
});
/** A list's export: the same filter inside the export request, under `request` (or the transactions' older name). */
const exportOf = (list: string, url: string, request: 'request' | 'orderQueryListRequest'): RangeCall => ({
  list,
  url,
  body: (filters) => ({ fileType: 'csv', orderColumns: ['id'], [request]: { filters, sorting: [] } }),
  at: `${request}.filters`,
  dates: CREATED,
  amounts: true,
});

const CALLS: RangeCall[] = [
  search('transactions search', `${BACKOFFICE_API}/order/search`, CREATED, true),
  exportOf('transactions export', `${BACKOFFICE_API}/order/export`, 'orderQueryListRequest'),
  search('refunds search', `${BACKOFFICE_API}/refunds/requests/search`, CREATED, true),
  exportOf('refunds export', `${BACKOFFICE_API}/refunds/export`, 'request'),
  search('payouts search', `${MERCHANT_API}/payouts/search`, CREATED, true),
  exportOf('payouts export', `${MERCHANT_API}/payouts/export`, 'request'),
  search('bookings search', `${BACKOFFICE_API}/bookings/search`, ['arrivalFrom', 'arrivalTo']),
  search('properties search', `${MERCHANT_API}/properties/search`),
];

describe('an inverted range on any list', () => {
  let app: FastifyInstance;
  let admin: string;

  async function call(entry: RangeCall, filters: Record<string, unknown>) {
    const response = await app.inject({ method: 'POST', url: entry.url, headers: bearer(admin), payload: entry.body(filters) });
    return { status: response.statusCode, type: response.headers['content-type'], answer: response.json<{ errors?: Record<string, string[]> }>() };
  }

  beforeAll(async () => {
    app = await startTestApp({ orders: 50 });
    admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  });
  afterAll(async () => {
    await app?.close();
  });

  test.each(CALLS)('$list: refused with 400 naming the end of the range', async (entry) => {
    const [from, to] = entry.dates;
    const dates = await call(entry, { [from]: '2026-03-02', [to]: '2026-03-01' });
    expect(dates.status).toBe(400);
    expect(dates.type).toMatch(/^application\/problem\+json/);
    expect(Object.keys(dates.answer.errors ?? {})).toEqual([`${entry.at}.${to}`]);
    // Date-times too: an end before the start by one second.
    const instants = await call(entry, { [from]: '2026-03-01T10:00:01Z', [to]: '2026-03-01T10:00:00Z' });
    expect(Object.keys(instants.answer.errors ?? {})).toEqual([`${entry.at}.${to}`]);
    if (entry.amounts) {
      const amounts = await call(entry, { amountMin: 5000, amountMax: 100 });
      expect(amounts.status).toBe(400);
      expect(Object.keys(amounts.answer.errors ?? {})).toEqual([`${entry.at}.amountMax`]);
    }
  });

  test.each(CALLS.filter((entry) => entry.list.endsWith('search')))('$list: one day from and to itself, and equal amounts, are ranges', async (entry) => {
    const [from, to] = entry.dates;
    expect((await call(entry, { [from]: '2026-03-01', [to]: '2026-03-01', ...(entry.amounts ? { amountMin: 100, amountMax: 100 } : {}) })).status).toBe(200);
  });
});
