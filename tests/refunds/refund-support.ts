import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/endpoint';
import { MERCHANT_HEADER } from '../../contract/product';
import type { RefundRuleSaveBody } from '../../contract/refunds';
import { bearer } from '../support/test-app';

// Calls of the refunds API over real HTTP, shared by the refunds test files.
export const API = '/backoffice/api/v2';

export interface PaidOrder {
  id: number;
  merchantId: string;
  currency: string;
}

export function refundCalls(app: FastifyInstance) {
  return {
    saveRule: (token: string, body: RefundRuleSaveBody) => app.inject({ method: 'POST', url: `${API}/refunds/rules`, headers: bearer(token), payload: body }),
    searchRules: (token: string, body: object = {}) =>
      app.inject({ method: 'POST', url: `${API}/refunds/rules/search`, headers: bearer(token), payload: body }),
    request: (token: string, order: PaidOrder, amountMinor: number, key: string = crypto.randomUUID(), reason = 'guest left early') =>
      app.inject({
        method: 'POST',
        url: `${API}/refunds/requests`,
        headers: { ...bearer(token), [MERCHANT_HEADER]: order.merchantId, [IDEMPOTENCY_KEY_HEADER]: key },
        payload: { merchantId: order.merchantId, orderId: order.id, amountMinor, currency: order.currency, reason },
      }),
    approve: (token: string, id: string, reason?: string, key: string = crypto.randomUUID()) =>
      app.inject({
        method: 'POST',
        url: `${API}/refunds/requests/${id}/approve`,
        headers: { ...bearer(token), [IDEMPOTENCY_KEY_HEADER]: key },
        payload: reason ? { reason } : {},
      }),
    reject: (token: string, id: string, reason: string) =>
      app.inject({
        method: 'POST',
        url: `${API}/refunds/requests/${id}/reject`,
        headers: { ...bearer(token), [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
        payload: { reason },
      }),
    get: (token: string, id: string) => app.inject({ method: 'GET', url: `${API}/refunds/requests/${id}`, headers: bearer(token) }),
    search: (token: string, body: object = {}, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: `${API}/refunds/requests/search`, headers: { ...bearer(token), ...headers }, payload: body }),
  };
}

/** Makes an order of the group Paid with `capturedMinor` captured and nothing refunded (what the payment flow would have left). */
export async function paidOrder(app: FastifyInstance, groupName: string, capturedMinor: number, skip = 0): Promise<PaidOrder> {
  const order = await app.ctx.db
    .selectFrom('orders as o')
    .innerJoin('merchants as m', 'm.id', 'o.merchant_id')
    .innerJoin('merchant_groups as g', 'g.id', 'm.merchant_group_id')
    .select(['o.id', 'o.merchant_id', 'o.currency'])
    .where('g.name', '=', groupName)
    .where('o.currency', '=', 'EUR')
    // An order the demo's refund requests left alone, so all of its capture is refundable.
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('refund_requests as r').select('r.id').whereRef('r.order_id', '=', 'o.id'))))
    .orderBy('o.id')
    .offset(skip)
    .limit(1)
    .executeTakeFirstOrThrow();
  await app.ctx.db
    .updateTable('orders')
    .set({
      status: 'Paid',
      payment_type: 'AU',
      amount_minor: capturedMinor,
      authorized_minor: capturedMinor,
      captured_minor: capturedMinor,
      voided_minor: 0,
      refunded_minor: 0,
    })
    .where('id', '=', order.id)
    .execute();
  return { id: Number(order.id), merchantId: order.merchant_id, currency: order.currency.trim() };
}

export async function refundedOf(app: FastifyInstance, orderId: number): Promise<number> {
  const row = await app.ctx.db.selectFrom('orders').select('refunded_minor').where('id', '=', String(orderId)).executeTakeFirstOrThrow();
  return Number(row.refunded_minor);
}
