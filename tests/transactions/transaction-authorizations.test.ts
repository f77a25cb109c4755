import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/endpoint';
import type { OrderDetail } from '../../contract/transaction-payments';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 14 / decision 0210: POST payment/authorizations (request code AUREQ) puts a new hold on the
// card kept at tokenization, through real HTTP and the real database.
const API = '/backoffice/api/v2';
let app: FastifyInstance;
let admin: string;
let propertyManager: string;
let viewOnly: string;
let own: { id: number; merchantId: string; currency: string }[];
let otherGroupOrder: number;

const key = () => ({ [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() });
const authorize = (token: string, body: Record<string, unknown>, headers: Record<string, string> = key()) =>
  app.inject({ method: 'POST', url: `${API}/payment/authorizations`, headers: { ...bearer(token), ...headers }, payload: { requestCode: 'AUREQ', ...body } });
const getOrder = (token: string, id: number) => app.inject({ method: 'GET', url: `${API}/order/${id}`, headers: bearer(token) });

/** A Tokenized order whose card token was kept and that holds nothing yet (a pay-now order whose guest saved the card). */
async function cardOnFile(id: number, amount: number, token: string | null = `tok-test-${id}`) {
  await app.ctx.db.deleteFrom('payment_operations').where('order_id', '=', String(id)).execute();
  await app.ctx.db
    .updateTable('orders')
    .set({ status: 'Tokenized', payment_type: 'PN', amount_minor: amount, card_token: token, authorized_minor: 0, captured_minor: 0, voided_minor: 0 })
    .where('id', '=', String(id))
    .execute();
}

beforeAll(async () => {
  app = await startTestApp({ orders: 120 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  propertyManager = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
  viewOnly = (await signIn(app, 'propertyviewonlyuser@demo.folio.test')).accessToken;
  const page = await app.inject({
    method: 'POST',
    url: `${API}/order/search`,
    headers: bearer(propertyManager),
    payload: { pagination: { page: 0, pageSize: 100 } },
  });
  own = page.json<{ items: { id: number; merchantId: string; currency: string }[] }>().items;
  expect(own.length).toBeGreaterThanOrEqual(8);
  const ownIds = new Set(own.map((order) => order.id));
  const all = await app.inject({ method: 'POST', url: `${API}/order/search`, headers: bearer(admin), payload: { pagination: { page: 0, pageSize: 100 } } });
  otherGroupOrder = all.json<{ items: { id: number }[] }>().items.find((order) => !ownIds.has(order.id))!.id;
});
afterAll(async () => app.close());

describe('authorizing a tokenized card (AUREQ)', () => {
  test('the order offers authorize; the hold is then open to capture, in the timeline with who and how much', async () => {
    const order = own[0]!;
    await cardOnFile(order.id, 8_000);
    expect((await getOrder(propertyManager, order.id)).json<OrderDetail>()).toMatchObject({
      cardOnFile: true,
      openAuthorizationMinor: 0,
      allowedActions: ['authorize', 'cancel', 'updateReferenceNo'],
    });
    const answer = await authorize(propertyManager, { orderId: order.id, amountMinor: 6_000, currency: order.currency });
    expect(answer.statusCode).toBe(200);
    const detail = answer.json<OrderDetail>();
    expect(detail).toMatchObject({
      status: 'Tokenized',
      authorizedMinor: 6_000,
      openAuthorizationMinor: 6_000,
      allowedActions: ['capture', 'void', 'cancel', 'updateReferenceNo'],
    });
    expect(detail.operations.map((op) => [op.kind, op.outcome, op.amountMinor, op.currency, op.byEmail])).toEqual([
      ['Authorization', 'Succeeded', 6_000, order.currency, 'propertymanager@demo.folio.test'],
    ]);
    expect(detail.operations[0]!.acquirerReference).toMatch(/^demo-auth-/);
    // A second hold on top of an open one is refused; after voiding it the card can be authorized again.
    expect((await authorize(propertyManager, { orderId: order.id, currency: order.currency })).statusCode).toBe(409);
    await app.inject({
      method: 'POST',
      url: `${API}/payment/authorizations/void`,
      headers: { ...bearer(propertyManager), ...key() },
      payload: { orderId: order.id },
    });
    const again = await authorize(propertyManager, { orderId: order.id, currency: order.currency });
    expect(again.json<OrderDetail>()).toMatchObject({ authorizedMinor: 14_000, voidedMinor: 6_000, openAuthorizationMinor: 8_000 });
  });

  test('refusals: over the order amount, wrong currency, no card kept, not Tokenized, wrong request code', async () => {
    const order = own[1]!;
    await cardOnFile(order.id, 5_000);
    const over = await authorize(admin, { orderId: order.id, amountMinor: 5_001, currency: order.currency });
    expect(over.statusCode).toBe(409);
    expect(over.headers['content-type']).toContain('application/problem+json');
    expect((await authorize(admin, { orderId: order.id, currency: order.currency === 'EUR' ? 'USD' : 'EUR' })).statusCode).toBe(409);
    expect((await authorize(admin, { orderId: order.id, currency: order.currency, requestCode: 'CAPREQ' })).statusCode).toBe(400);
    await cardOnFile(order.id, 5_000, null);
    const noCard = await authorize(admin, { orderId: order.id, currency: order.currency });
    expect(noCard.statusCode).toBe(409);
    expect(noCard.json<{ detail: string }>().detail).toContain('no card was kept');
    expect((await getOrder(admin, order.id)).json<OrderDetail>()).toMatchObject({ cardOnFile: false, allowedActions: ['cancel', 'updateReferenceNo'] });
    await app.ctx.db.updateTable('orders').set({ status: 'Paid', card_token: 'tok-x' }).where('id', '=', String(order.id)).execute();
    expect((await authorize(admin, { orderId: order.id, currency: order.currency })).statusCode).toBe(409);
    expect((await getOrder(admin, order.id)).json<OrderDetail>()).toMatchObject({ authorizedMinor: 0, operations: [] });
  });

  test('the demo acquirer declines amounts ending in 52 and its declined test token: recorded, nothing held', async () => {
    const order = own[2]!;
    await cardOnFile(order.id, 9_000);
    const declined = await authorize(admin, { orderId: order.id, amountMinor: 8_052, currency: order.currency });
    expect(declined.statusCode).toBe(200);
    expect(declined.json<OrderDetail>()).toMatchObject({
      status: 'Tokenized',
      authorizedMinor: 0,
      allowedActions: ['authorize', 'cancel', 'updateReferenceNo'],
    });
    expect(declined.json<OrderDetail>().operations.map((op) => [op.kind, op.outcome, op.amountMinor])).toEqual([['Authorization', 'Declined', 8_052]]);
    await cardOnFile(order.id, 9_000, `tok-${order.id}-declined`);
    expect((await authorize(admin, { orderId: order.id, currency: order.currency })).json<OrderDetail>().operations.at(-1)).toMatchObject({
      kind: 'Authorization',
      outcome: 'Declined',
      note: expect.stringContaining('card declined'),
    });
  });

  test('a double submit with one key authorizes once; 10 concurrent authorizations with different keys hold once', async () => {
    const order = own[3]!;
    await cardOnFile(order.id, 4_000);
    const headers = key();
    const [a, b] = await Promise.all([
      authorize(admin, { orderId: order.id, currency: order.currency }, headers),
      authorize(admin, { orderId: order.id, currency: order.currency }, headers),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    expect((await authorize(admin, { orderId: order.id, amountMinor: 10, currency: order.currency }, headers)).statusCode).toBe(422);

    const racing = own[4]!;
    await cardOnFile(racing.id, 3_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => authorize(admin, { orderId: racing.id, currency: racing.currency })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(9);
    const detail = (await getOrder(admin, racing.id)).json<OrderDetail>();
    expect(detail).toMatchObject({ authorizedMinor: 3_000, openAuthorizationMinor: 3_000 });
    expect(detail.operations.filter((op) => op.kind === 'Authorization')).toHaveLength(1);
  });

  test("a view-only role gets 403; another merchant's order is 404 and leaks nothing", async () => {
    const order = own[5]!;
    await cardOnFile(order.id, 2_000);
    expect((await getOrder(viewOnly, order.id)).json<OrderDetail>()).toMatchObject({ cardOnFile: true, allowedActions: [] });
    expect((await authorize(viewOnly, { orderId: order.id, currency: order.currency })).statusCode).toBe(403);
    await cardOnFile(otherGroupOrder, 2_345);
    const foreign = await authorize(propertyManager, { orderId: otherGroupOrder, currency: 'EUR' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('2345');
    expect((await getOrder(admin, otherGroupOrder)).json<OrderDetail>()).toMatchObject({ authorizedMinor: 0 });
  });
});
