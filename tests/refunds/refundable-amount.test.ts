import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { MERCHANT_HEADER } from '../../contract/product';
import { paymentEndpoints, type OrderDetail } from '../../contract/transaction-payments';
import type { RefundState } from '../../contract/refunds';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { paidOrder, refundCalls, type PaidOrder } from './refund-support';

// Issue 35 "Each rule in one place": what an order may still refund is the server's figure,
// `refundableMinor` on the order detail, the same one it checks a refund request against
// (captured - refunded - reserved by requests in Created, Accepted, Pending). The SPA shows it.
const GROUP = 'Lagoon Hotels Group';
let app: FastifyInstance;
let calls: ReturnType<typeof refundCalls>;
let token: string;
let skip = 0;

beforeAll(async () => {
  app = await startTestApp();
  calls = refundCalls(app);
  token = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
});
afterAll(async () => app.close());
beforeEach(async () => {
  await app.ctx.db.deleteFrom('refund_requests').execute();
  await app.ctx.db.deleteFrom('refund_rules').execute();
});

async function detail(order: PaidOrder): Promise<OrderDetail> {
  const answer = await app.inject({
    method: 'GET',
    url: paymentEndpoints.getOrder.path.replace('{id}', String(order.id)),
    headers: { ...bearer(token), [MERCHANT_HEADER]: order.merchantId },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<OrderDetail>();
}

/** Refund requests as earlier work left them: `count` of `amountMinor` each, in `state`. */
async function requestsIn(order: PaidOrder, state: RefundState, count: number, amountMinor: number): Promise<void> {
  const now = new Date();
  await app.ctx.db
    .insertInto('refund_requests')
    .values(
      Array.from({ length: count }, () => ({
        merchant_id: order.merchantId,
        order_id: String(order.id),
        amount_minor: String(amountMinor),
        currency: order.currency,
        reason: 'guest left early',
        state,
        approval_status: state === 'Changed' ? 'Approved' : 'Pending',
        requested_by: null,
        note: null,
        rule_id: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

test('counts every open request, not only the first 100 a list page shows', async () => {
  const order = await paidOrder(app, GROUP, 10_000, skip++);
  await requestsIn(order, 'Created', 101, 10);
  // 10_000 - 101 x 10: a figure summed from the first 100 rows would say 9_000.
  expect((await detail(order)).refundableMinor).toBe(8_990);
  // The figure is the one the request check uses: one minor unit more is refused, exactly it is taken.
  expect((await calls.request(token, order, 8_991)).statusCode).toBe(409);
  expect((await calls.request(token, order, 8_990)).statusCode).toBe(201);
  expect((await detail(order)).refundableMinor).toBe(0);
});

test('reserves only Created, Accepted and Pending requests, and takes what was refunded from the ledger', async () => {
  const order = await paidOrder(app, GROUP, 10_000, skip++);
  await requestsIn(order, 'Accepted', 1, 1_000);
  await requestsIn(order, 'Pending', 1, 500);
  // A request the acquirer changed or partly accepted reserves nothing: what it moved is in refunded_minor.
  await requestsIn(order, 'Changed', 1, 2_000);
  await requestsIn(order, 'PartiallyAccepted', 1, 3_000);
  await requestsIn(order, 'Rejected', 1, 4_000);
  await app.ctx.db.updateTable('orders').set({ refunded_minor: 1_200 }).where('id', '=', String(order.id)).execute();
  expect((await detail(order)).refundableMinor).toBe(10_000 - 1_200 - 1_000 - 500);
});

test('is never below zero, and is zero for an order with nothing captured', async () => {
  const order = await paidOrder(app, GROUP, 1_000, skip++);
  await requestsIn(order, 'Created', 1, 1_000);
  await app.ctx.db.updateTable('orders').set({ refunded_minor: 500 }).where('id', '=', String(order.id)).execute();
  expect((await detail(order)).refundableMinor).toBe(0);
  await app.ctx.db.updateTable('orders').set({ captured_minor: 0, refunded_minor: 0 }).where('id', '=', String(order.id)).execute();
  await app.ctx.db.deleteFrom('refund_requests').execute();
  expect((await detail(order)).refundableMinor).toBe(0);
});
