import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { OrderSearchAnswer, OrderSearchBody } from '../../contract/transactions';
import { configFromEnv } from '../../server/config';
import { PreparedStatements } from '../../server/db/pglite-prepared';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Decisions 0655 and 0656: a page of the transactions list carries its orders' payment links and, wherever it is
// counted, its total in its own statement, and the planner's estimate of a filter is asked for once a minute. A
// caller sees the same answer; what changes is the statements (each one round trip) a search sends, counted here
// as bench/statements-per-call.ts counts them: every statement the engine is sent while one call is answered, the
// server's background loops off. Real HTTP, real database (the embedded engine).

const SEARCH = '/backoffice/api/v2/order/search';
/** The server's background work off, as a second server process runs it: only the calls' statements reach the engine. */
const second = configFromEnv({ NODE_ENV: 'test', FOLIO_SERVER_PROCESS: '2' });
const NO_BACKGROUND = {
  serverProcess: second.serverProcess,
  exportWorkers: second.exportWorkers,
  payoutRunMs: second.payoutRunMs,
  demoPayoutSettleMs: second.demoPayoutSettleMs,
  demoRefundUpdateMs: second.demoRefundUpdateMs,
  integrations: second.integrations,
};

let sent: string[] | undefined;
const query = PreparedStatements.prototype.query;
beforeAll(() => {
  PreparedStatements.prototype.query = function (this: PreparedStatements, text: string, params: readonly unknown[]) {
    sent?.push(text);
    return query.call(this, text, params);
  } as typeof query;
});
afterAll(() => {
  PreparedStatements.prototype.query = query;
});
afterEach(() => {
  sent = undefined;
});

async function searched(app: FastifyInstance, token: string, body: OrderSearchBody): Promise<{ answer: OrderSearchAnswer; statements: string[] }> {
  const statements: string[] = [];
  sent = statements;
  const response = await app.inject({ method: 'POST', url: SEARCH, headers: bearer(token), payload: body });
  sent = undefined;
  expect(response.statusCode).toBe(200);
  return { answer: response.json<OrderSearchAnswer>(), statements };
}

const explains = (statements: string[]) => statements.filter((text) => text.trimStart().startsWith('EXPLAIN')).length;

describe('a transactions page below the estimate-first size', () => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp({ ...NO_BACKGROUND });
    token = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
    // The orders table's size is read once a minute (decision 0645), by the first search.
    await searched(app, token, { filters: { currency: 'JPY' }, pagination: { page: 0, pageSize: 10 } });
  });
  afterAll(async () => app.close());

  test('sends two statements: who calls, and the page with its links and its count', async () => {
    const withLink = await app.ctx.db.selectFrom('payment_links').select(['order_id', 'id']).executeTakeFirstOrThrow();
    const { reference_no: referenceNo } = await app.ctx.db
      .selectFrom('orders')
      .select('reference_no')
      .where('id', '=', withLink.order_id)
      .executeTakeFirstOrThrow();
    const first = await searched(app, token, { pagination: { page: 0, pageSize: 25 } });
    expect(first.statements, first.statements.join('\n')).toHaveLength(2);
    const total = await app.ctx.db
      .selectFrom('orders')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(first.answer).toMatchObject({ total: Number(total.n), totalExact: true });
    expect(first.answer.items).toHaveLength(25);

    const linked = await searched(app, token, { filters: { referenceNo }, pagination: { page: 0, pageSize: 25 } });
    expect(linked.statements).toHaveLength(2);
    expect(linked.answer.items.find((row) => row.paymentLink !== null)?.paymentLink).toMatchObject({ id: withLink.id });
  });

  test("an order's detail sends three: who calls, the order with its link, its story", async () => {
    const withLink = await app.ctx.db.selectFrom('payment_links').select(['order_id', 'id']).executeTakeFirstOrThrow();
    const statements: string[] = [];
    sent = statements;
    const response = await app.inject({ method: 'GET', url: `/backoffice/api/v2/order/${withLink.order_id}`, headers: bearer(token) });
    sent = undefined;
    expect(response.statusCode).toBe(200);
    expect(statements, statements.join('\n')).toHaveLength(3);
    expect(response.json<{ paymentLink: { id: string } | null }>().paymentLink).toMatchObject({ id: withLink.id });
  });
});

describe('a transactions page past the estimate-first size (a cap of 20)', () => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp({ ...NO_BACKGROUND, listExactCountUpTo: 20 });
    token = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
    // The orders table's size is read once a minute (decision 0645), by the first search.
    await searched(app, token, { filters: { currency: 'JPY' }, pagination: { page: 0, pageSize: 10 } });
  });
  afterAll(async () => app.close());

  test('asks the planner once per filter: the next call of the filter, another sort or page, sends who calls and the page only', async () => {
    const first = await searched(app, token, { filters: { statuses: ['Paid'] }, pagination: { page: 0, pageSize: 25 } });
    // Who calls, the planner's estimate, the page.
    expect(explains(first.statements)).toBe(1);
    expect(first.statements).toHaveLength(3);
    expect(first.answer.totalExact).toBe(false);
    const bodies: OrderSearchBody[] = [
      { filters: { statuses: ['Paid'] }, pagination: { page: 0, pageSize: 25 } },
      { filters: { statuses: ['Paid'] }, sorting: [{ id: 'amount', desc: true }], pagination: { page: 2, pageSize: 25 } },
    ];
    for (const body of bodies) {
      const again = await searched(app, token, body);
      expect(again.statements, again.statements.join('\n')).toHaveLength(2);
      expect(again.answer).toMatchObject({ total: first.answer.total, totalExact: false });
    }
  });

  test('a filter the planner puts within the count is counted in the page statement the next time', async () => {
    const { reference_no: referenceNo } = await app.ctx.db.selectFrom('orders').select('reference_no').orderBy('id').executeTakeFirstOrThrow();
    const body: OrderSearchBody = { filters: { referenceNo }, pagination: { page: 0, pageSize: 25 } };
    const first = await searched(app, token, body);
    // Who calls, the planner's estimate, the page with its count.
    expect(explains(first.statements)).toBe(1);
    expect(first.statements).toHaveLength(3);
    const again = await searched(app, token, body);
    expect(again.statements).toHaveLength(2);
    expect(again.answer).toEqual(first.answer);
    expect(again.answer.totalExact).toBe(true);
    expect(again.answer.total).toBe(again.answer.items.length);
  });
});
