import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { MERCHANT_HEADER } from '../../contract/product';
import { paymentEndpoints, type OrderDetail } from '../../contract/transaction-payments';
import type { RefundRequestDetail, RefundState } from '../../contract/refunds';
import { demoAcquirer } from '../../server/transactions/acquirer';
import { demoRefundUpdateOptions, followUpDueRefunds } from '../../server/refunds/demo-refund-updates';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { paidOrder, refundCalls, refundedOf, type PaidOrder } from './refund-support';

// Decision 0520 through real HTTP and the real database: the demo acquirer's test refund amounts
// answer Pending (54, settled by its later update), PartiallyAccepted (55, half refunded) and
// Changed (56, refunded, then corrected to the amount without its last two digits), each through
// the refund lifecycle the server enforces; what the order may still refund follows the money.
const GROUP = 'Lagoon Hotels Group';
/** The demo acquirer's later word comes once a request has stood still this long (a round every 200 ms). */
const UPDATE_AFTER_MS = 200;
let app: FastifyInstance;
let calls: ReturnType<typeof refundCalls>;
let token: string;
let skip = 0;
const freshOrder = (captured: number) => paidOrder(app, GROUP, captured, skip++);

beforeAll(async () => {
  app = await startTestApp({ demoRefundUpdateMs: UPDATE_AFTER_MS });
  calls = refundCalls(app);
  token = (await signIn(app, 'propertyoperations@demo.folio.test')).accessToken;
});
afterAll(async () => app.close());
beforeEach(async () => {
  await app.ctx.db.deleteFrom('refund_requests').execute();
  await app.ctx.db.deleteFrom('refund_rules').execute();
  // Every request below is approved by the rule at once and goes straight to the acquirer.
  const admin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  const saved = await calls.saveRule(admin, {
    merchantId: null,
    rule: { currency: 'EUR', autoApproveUpToMinor: 1_000_000, approverRoles: ['MerchantAdmin'] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

async function orderDetail(order: PaidOrder): Promise<OrderDetail> {
  const answer = await app.inject({
    method: 'GET',
    url: paymentEndpoints.getOrder.path.replace('{id}', String(order.id)),
    headers: { ...bearer(token), [MERCHANT_HEADER]: order.merchantId },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<OrderDetail>();
}

async function requested(order: PaidOrder, amountMinor: number): Promise<RefundRequestDetail> {
  const answer = await calls.request(token, order, amountMinor);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<RefundRequestDetail>();
}

/** The request once the demo acquirer's later update moved it on (rounds every 200 ms; a wide margin for a busy machine). */
async function once(id: string, state: RefundState): Promise<RefundRequestDetail> {
  let detail = (await calls.get(token, id)).json<RefundRequestDetail>();
  for (const deadline = Date.now() + 15_000; detail.state !== state && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    detail = (await calls.get(token, id)).json<RefundRequestDetail>();
  }
  return detail;
}

const answers = (detail: RefundRequestDetail) => detail.executions.map((execution) => [execution.outcome, execution.amountMinor]);
/** The refund answers on the order's own timeline (transaction info). */
const onTimeline = (detail: OrderDetail) => detail.operations.filter((op) => op.kind === 'Refund').map((op) => [op.outcome, op.amountMinor]);

describe('the demo acquirer refund test amounts', () => {
  test('ending in 54: Pending, the amount stays reserved, then the later update settles it as Completed', async () => {
    const order = await freshOrder(10_000);
    const pending = await requested(order, 3_054);
    expect(pending).toMatchObject({ approvalStatus: 'Approved', state: 'Pending', refundedMinor: 0 });
    expect(answers(pending)).toEqual([['Pending', 3_054]]);
    expect(await refundedOf(app, order.id)).toBe(0);
    // Not refunded yet, but not refundable again either: the pending refund keeps its amount.
    expect((await orderDetail(order)).refundableMinor).toBe(10_000 - 3_054);
    const tooMuch = await calls.request(token, order, 10_000 - 3_054 + 1);
    expect(tooMuch.statusCode).toBe(409);

    const settled = await once(pending.id, 'Completed');
    expect(settled).toMatchObject({ state: 'Completed', refundedMinor: 3_054 });
    expect(answers(settled)).toEqual([
      ['Pending', 3_054],
      ['Succeeded', 3_054],
    ]);
    expect(await refundedOf(app, order.id)).toBe(3_054);
    const after = await orderDetail(order);
    expect(after.refundableMinor).toBe(10_000 - 3_054);
    expect(onTimeline(after)).toEqual([
      ['Pending', 3_054],
      ['Succeeded', 3_054],
    ]);
    const audited = await app.ctx.db.selectFrom('audit_log').select('action').where('entity_id', '=', pending.id).orderBy('id').execute();
    expect(audited.map((row) => row.action)).toEqual(expect.arrayContaining(['refund.pending', 'refund.completed']));
  });

  test('ending in 55: PartiallyAccepted, half refunded, and the rest is refundable again', async () => {
    const order = await freshOrder(10_000);
    const partial = await requested(order, 4_055);
    expect(partial).toMatchObject({ approvalStatus: 'Approved', state: 'PartiallyAccepted', amountMinor: 4_055, refundedMinor: 2_027 });
    expect(answers(partial)).toEqual([['PartiallyAccepted', 2_027]]);
    expect(await refundedOf(app, order.id)).toBe(2_027);
    const after = await orderDetail(order);
    expect(after.refundableMinor).toBe(10_000 - 2_027);
    expect(onTimeline(after)).toEqual([['PartiallyAccepted', 2_027]]);
    // The part the acquirer did not refund can be asked for again, up to the cent.
    expect((await calls.request(token, order, 10_000 - 2_027 + 1)).statusCode).toBe(409);
    const rest = await requested(order, 10_000 - 2_027);
    expect(rest).toMatchObject({ state: 'Completed', refundedMinor: 10_000 - 2_027 });
    expect(await refundedOf(app, order.id)).toBe(10_000);
  });

  test('ending in 56: Completed at once, then the later update corrects it to the amount without its cents (Changed)', async () => {
    const order = await freshOrder(10_000);
    const completed = await requested(order, 2_056);
    expect(completed).toMatchObject({ state: 'Completed', refundedMinor: 2_056 });
    expect(await refundedOf(app, order.id)).toBe(2_056);

    const changed = await once(completed.id, 'Changed');
    expect(changed).toMatchObject({ state: 'Changed', amountMinor: 2_056, refundedMinor: 2_000 });
    expect(answers(changed)).toEqual([
      ['Succeeded', 2_056],
      ['Changed', 2_000],
    ]);
    expect(await refundedOf(app, order.id)).toBe(2_000);
    const after = await orderDetail(order);
    expect(after.refundableMinor).toBe(8_000);
    expect(onTimeline(after)).toEqual([
      ['Succeeded', 2_056],
      ['Changed', 2_000],
    ]);
  });

  test('the later word comes once, and only for those test amounts', async () => {
    const order = await freshOrder(10_000);
    const plain = await requested(order, 1_000);
    const changed = await requested(order, 1_056);
    await once(changed.id, 'Changed');
    // Another round, by hand: a Changed refund is final and a plain one has no later word.
    expect(await followUpDueRefunds(app.ctx, demoAcquirer(0), 0)).toBe(0);
    expect((await calls.get(token, plain.id)).json<RefundRequestDetail>()).toMatchObject({ state: 'Completed', refundedMinor: 1_000 });
    expect(await refundedOf(app, order.id)).toBe(1_000 + 1_000);
    const corrections = await app.ctx.db.selectFrom('refund_executions').select('outcome').where('refund_request_id', '=', changed.id).execute();
    expect(corrections.map((row) => row.outcome)).toEqual(['Succeeded', 'Changed']);
  });

  test('a request that needs an approval gets the same answers when approved', async () => {
    await app.ctx.db.deleteFrom('refund_rules').execute();
    const admin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
    await calls.saveRule(admin, { merchantId: null, rule: { currency: 'EUR', autoApproveUpToMinor: 0, approverRoles: ['MerchantAdmin'] } });
    const order = await freshOrder(10_000);
    const request = await requested(order, 6_055);
    expect(request).toMatchObject({ approvalStatus: 'Pending', state: 'Created' });
    const approved = await calls.approve(admin, request.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<RefundRequestDetail>()).toMatchObject({ approvalStatus: 'Approved', state: 'PartiallyAccepted', refundedMinor: 3_027 });
  });

  test('a request the lifecycle refuses to correct is given up once and does not hold back the others', async () => {
    // Planted beside the lifecycle, as a test of payouts does: "refunded" with a test amount ending in 56 while its
    // order records nothing refunded, so a correction would take the order's refunded total below zero.
    const plantedOrder = await freshOrder(10_000);
    const planted = await app.ctx.db
      .insertInto('refund_requests')
      .values({
        merchant_id: plantedOrder.merchantId,
        order_id: plantedOrder.id,
        amount_minor: 2_056,
        currency: 'EUR',
        reason: 'planted',
        approval_status: 'Approved',
        state: 'Completed',
        created_at: new Date(Date.now() - 60_000),
        updated_at: new Date(Date.now() - 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.ctx.db
      .insertInto('refund_executions')
      .values({
        refund_request_id: planted.id,
        outcome: 'Succeeded',
        amount_minor: 2_056,
        currency: 'EUR',
        acquirer_reference: 'planted',
        created_at: new Date(Date.now() - 60_000),
      })
      .execute();
    const real = await requested(await freshOrder(10_000), 4_056);
    const givenUp = new Set<string>();
    await followUpDueRefunds(app.ctx, demoAcquirer(0), 0, givenUp);
    expect([...givenUp]).toEqual([planted.id]);
    // The real one after it is corrected (by this round or the server's own), the planted one is left as it was.
    expect((await once(real.id, 'Changed')).state).toBe('Changed');
    expect(await followUpDueRefunds(app.ctx, demoAcquirer(0), 0, givenUp)).toBe(0);
    expect([...givenUp]).toEqual([planted.id]);
    const left = await app.ctx.db.selectFrom('refund_requests').select('state').where('id', '=', planted.id).executeTakeFirstOrThrow();
    expect(left.state).toBe('Completed');
    expect(await refundedOf(app, plantedOrder.id)).toBe(0);
  });

  test('the later updates run in demo mode only, and not with a delay of 0', () => {
    expect(demoRefundUpdateOptions({ demo: true, demoRefundUpdateMs: 5_000 })).toEqual({ updateAfterMs: 5_000, everyMs: 1000 });
    expect(demoRefundUpdateOptions({ demo: true, demoRefundUpdateMs: 200 })).toEqual({ updateAfterMs: 200, everyMs: 200 });
    expect(demoRefundUpdateOptions({ demo: false, demoRefundUpdateMs: 5_000 })).toBeUndefined();
    expect(demoRefundUpdateOptions({ demo: true, demoRefundUpdateMs: 0 })).toBeUndefined();
  });
});
