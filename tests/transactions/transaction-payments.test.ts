import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/endpoint';
import type { OrderDetail } from '../../contract/transaction-payments';
import { MERCHANT_HEADER } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 14 / decision 0205: capture, void, cancel and reference changes on an order, through
// real HTTP and the real database.
const API = '/backoffice/api/v2';
let app: FastifyInstance;
let admin: string;
let merchantAdmin: string;
let viewOnly: string;
let demoOrders: { id: number; merchantId: string; currency: string }[];
let otherGroupOrder: number;

const key = () => ({ [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() });
const getOrder = (token: string, id: number, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `${API}/order/${id}`, headers: { ...bearer(token), ...headers } });
const capture = (token: string, orderId: number, amountMinor: number | undefined, currency: string, headers: Record<string, string> = key()) =>
  app.inject({ method: 'POST', url: `${API}/payment/captures`, headers: { ...bearer(token), ...headers }, payload: { orderId, amountMinor, currency } });
const voidRest = (token: string, orderId: number) =>
  app.inject({ method: 'POST', url: `${API}/payment/authorizations/void`, headers: { ...bearer(token), ...key() }, payload: { orderId } });
const cancel = (token: string, id: number, reason: string) =>
  app.inject({ method: 'POST', url: `${API}/order/${id}/cancel/5`, headers: { ...bearer(token), ...key() }, payload: { reason } });

/** Puts an order in Tokenized with an open authorization of `amount` (what the payment page would have done). */
async function openAuthorization(id: number, amount: number) {
  await app.ctx.db.deleteFrom('payment_operations').where('order_id', '=', String(id)).execute();
  await app.ctx.db
    .updateTable('orders')
    .set({ status: 'Tokenized', payment_type: 'AU', amount_minor: amount, authorized_minor: amount, captured_minor: 0, voided_minor: 0 })
    .where('id', '=', String(id))
    .execute();
}
async function setStatus(id: number, status: string) {
  await app.ctx.db.updateTable('orders').set({ status, authorized_minor: 0, captured_minor: 0, voided_minor: 0 }).where('id', '=', String(id)).execute();
}

beforeAll(async () => {
  app = await startTestApp({ orders: 120 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  viewOnly = (await signIn(app, 'merchantviewonlyuser@demo.folio.test')).accessToken;
  const own = await app.inject({
    method: 'POST',
    url: `${API}/order/search`,
    headers: bearer(merchantAdmin),
    payload: { pagination: { page: 0, pageSize: 100 } },
  });
  demoOrders = own.json<{ items: { id: number; merchantId: string; currency: string }[] }>().items;
  expect(demoOrders.length).toBeGreaterThanOrEqual(8);
  const ownIds = new Set(demoOrders.map((order) => order.id));
  const all = await app.inject({ method: 'POST', url: `${API}/order/search`, headers: bearer(admin), payload: { pagination: { page: 0, pageSize: 100 } } });
  otherGroupOrder = all.json<{ items: { id: number }[] }>().items.find((order) => !ownIds.has(order.id))!.id;
});
afterAll(async () => app.close());

describe('order payments', () => {
  test('capture part, void the rest: both in the timeline with who and how much, status Tokenized then Paid', async () => {
    const order = demoOrders[0]!;
    await openAuthorization(order.id, 10_000);
    const first = await getOrder(merchantAdmin, order.id);
    expect(first.json<OrderDetail>()).toMatchObject({
      status: 'Tokenized',
      openAuthorizationMinor: 10_000,
      allowedActions: ['capture', 'void', 'cancel', 'updateReferenceNo'],
    });

    const part = await capture(merchantAdmin, order.id, 6_000, order.currency);
    expect(part.statusCode).toBe(200);
    expect(part.json<OrderDetail>()).toMatchObject({
      status: 'Tokenized',
      capturedMinor: 6_000,
      openAuthorizationMinor: 4_000,
      allowedActions: ['capture', 'void', 'updateReferenceNo'],
    });

    const rest = await voidRest(merchantAdmin, order.id);
    expect(rest.statusCode).toBe(200);
    const detail = rest.json<OrderDetail>();
    expect(detail).toMatchObject({
      status: 'Paid',
      statusCode: 3,
      capturedMinor: 6_000,
      voidedMinor: 4_000,
      openAuthorizationMinor: 0,
      allowedActions: ['updateReferenceNo'],
    });
    expect(detail.operations.map((op) => [op.kind, op.outcome, op.amountMinor, op.currency, op.byEmail])).toEqual([
      ['Capture', 'Succeeded', 6_000, order.currency, 'merchantadmin@demo.folio.test'],
      ['Void', 'Succeeded', 4_000, order.currency, 'merchantadmin@demo.folio.test'],
    ]);
    expect((await voidRest(merchantAdmin, order.id)).statusCode).toBe(409);
  });

  test('never more than is open: an over-capture and a wrong currency are 409 and move nothing', async () => {
    const order = demoOrders[1]!;
    await openAuthorization(order.id, 5_000);
    const over = await capture(admin, order.id, 5_001, order.currency);
    expect(over.statusCode).toBe(409);
    expect(over.headers['content-type']).toContain('application/problem+json');
    expect((await capture(admin, order.id, 100, order.currency === 'EUR' ? 'USD' : 'EUR')).statusCode).toBe(409);
    expect((await getOrder(admin, order.id)).json<OrderDetail>()).toMatchObject({ capturedMinor: 0, operations: [] });
    expect((await capture(admin, order.id, undefined, order.currency)).json<OrderDetail>()).toMatchObject({ status: 'Paid', capturedMinor: 5_000 });
  });

  test('the demo acquirer declines a capture ending in 51 minor units: recorded in the timeline, nothing captured', async () => {
    const order = demoOrders[1]!;
    await openAuthorization(order.id, 5_000);
    const declined = await capture(admin, order.id, 1_251, order.currency);
    expect(declined.statusCode).toBe(200);
    expect(declined.json<OrderDetail>()).toMatchObject({ status: 'Tokenized', capturedMinor: 0, openAuthorizationMinor: 5_000 });
    expect(declined.json<OrderDetail>().operations.map((op) => [op.kind, op.outcome, op.amountMinor])).toEqual([['Capture', 'Declined', 1_251]]);
  });

  test('a double submit with one idempotency key captures once', async () => {
    const order = demoOrders[2]!;
    await openAuthorization(order.id, 9_000);
    const headers = key();
    const [a, b] = await Promise.all([capture(admin, order.id, 1_000, order.currency, headers), capture(admin, order.id, 1_000, order.currency, headers)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    const detail = (await getOrder(admin, order.id)).json<OrderDetail>();
    expect(detail.capturedMinor).toBe(1_000);
    expect(detail.operations.filter((op) => op.kind === 'Capture')).toHaveLength(1);
  });

  test('20 concurrent captures with different keys never exceed the authorization', async () => {
    const order = demoOrders[3]!;
    await openAuthorization(order.id, 7_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => capture(admin, order.id, 1_000, order.currency)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(7);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(13);
    const detail = (await getOrder(admin, order.id)).json<OrderDetail>();
    expect(detail).toMatchObject({ status: 'Paid', capturedMinor: 7_000, openAuthorizationMinor: 0 });
    expect(detail.operations.filter((op) => op.kind === 'Capture' && op.outcome === 'Succeeded')).toHaveLength(7);
  });

  test('cancel with a reason voids an open hold and records reason code 5; a capture on a Cancelled order is 409', async () => {
    const order = demoOrders[4]!;
    await openAuthorization(order.id, 3_000);
    const cancelled = await cancel(merchantAdmin, order.id, 'Guest cancelled the stay');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<OrderDetail>()).toMatchObject({ status: 'Cancelled', statusCode: 5, voidedMinor: 3_000, allowedActions: [] });
    expect(cancelled.json<OrderDetail>().operations.map((op) => [op.kind, op.note])).toEqual([
      ['Void', 'voided to cancel the order'],
      ['Cancel', 'Guest cancelled the stay'],
    ]);
    const row = await app.ctx.db
      .selectFrom('payment_operations')
      .select('reason_code')
      .where('order_id', '=', String(order.id))
      .where('kind', '=', 'Cancel')
      .executeTakeFirstOrThrow();
    expect(row.reason_code).toBe(5);
    const late = await capture(merchantAdmin, order.id, 100, order.currency);
    expect(late.statusCode).toBe(409);
    // The refusal names the order's status, for the screen to say it in its own words.
    expect(late.json()).toMatchObject({
      detail: 'this order is Cancelled: capture is not allowed now',
      code: 'order.actionNotAllowed',
      params: { status: 'Cancelled' },
    });
    expect((await cancel(merchantAdmin, order.id, 'again')).statusCode).toBe(409);
    expect((await cancel(merchantAdmin, demoOrders[5]!.id, '   ')).statusCode).toBe(400);
  });

  test('a Pending order cancels; a Paid one refuses cancel with 409', async () => {
    await setStatus(demoOrders[5]!.id, 'Pending');
    expect((await cancel(admin, demoOrders[5]!.id, 'Duplicate booking')).json<OrderDetail>().status).toBe('Cancelled');
    await setStatus(demoOrders[6]!.id, 'Paid');
    expect((await cancel(admin, demoOrders[6]!.id, 'too late')).statusCode).toBe(409);
  });

  test('the reference number changes and the change is in the timeline', async () => {
    const order = demoOrders[7]!;
    await setStatus(order.id, 'Created');
    const changed = await app.inject({
      method: 'PUT',
      url: `${API}/order/updateReferenceNo`,
      headers: bearer(merchantAdmin),
      payload: { orderId: order.id, referenceNo: 'HOTEL-REF-42' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<OrderDetail>()).toMatchObject({ referenceNo: 'HOTEL-REF-42' });
    expect(changed.json<OrderDetail>().operations.at(-1)).toMatchObject({ kind: 'ReferenceChange' });
  });

  test('a view-only role sees the order without actions and every call is 403', async () => {
    const order = demoOrders[0]!;
    const seen = await getOrder(viewOnly, order.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<OrderDetail>()).toMatchObject({ allowedActions: [], mayAct: false });
    expect((await capture(viewOnly, order.id, 1, order.currency)).statusCode).toBe(403);
    expect((await voidRest(viewOnly, order.id)).statusCode).toBe(403);
    expect((await cancel(viewOnly, order.id, 'no')).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'PUT', url: `${API}/order/updateReferenceNo`, headers: bearer(viewOnly), payload: { orderId: order.id, referenceNo: 'X' } }))
        .statusCode,
    ).toBe(403);
  });

  test("another merchant's order is 404 and leaks nothing, with or without the merchant header", async () => {
    await openAuthorization(otherGroupOrder, 2_000);
    for (const answer of [
      await getOrder(merchantAdmin, otherGroupOrder),
      await capture(merchantAdmin, otherGroupOrder, 100, 'EUR'),
      await voidRest(merchantAdmin, otherGroupOrder),
      await cancel(merchantAdmin, otherGroupOrder, 'x'),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('2000');
    }
    const headerOfOwn = { [MERCHANT_HEADER]: demoOrders[0]!.merchantId };
    expect((await getOrder(admin, otherGroupOrder, headerOfOwn)).statusCode).toBe(404);
    expect((await getOrder(admin, otherGroupOrder)).json<OrderDetail>()).toMatchObject({ openAuthorizationMinor: 2_000, capturedMinor: 0 });
  });
});
