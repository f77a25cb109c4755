import { sql, type RawBuilder } from 'kysely';
import { RESERVING_REFUND_STATES } from '../../machines/refund-approval.machine';
import type { Db } from '../db/database';
import type { ColumnsOf } from '../db/row-types';

// What an order may still refund, in one place (issue 35 "Each rule in one place"): the refund
// request checks (server/refunds/refund-requests.ts) refuse more than this, and the order detail
// sends it as `refundableMinor`, which the SPA shows instead of computing its own.

/** The order columns the rule reads. */
/** What the refundable amount reads of an order, typed from the schema (decision 0610). */
export type RefundableOrder = ColumnsOf<'orders', 'id' | 'status' | 'payment_type' | 'amount_minor' | 'captured_minor' | 'refunded_minor'>;

/** Captured money of an order: its ledger, or for a card payment taken in full (no authorization ledger) its amount once Paid. */
export function capturedOf(order: Pick<RefundableOrder, 'status' | 'payment_type' | 'amount_minor' | 'captured_minor'>): number {
  const ledger = Number(order.captured_minor);
  return Math.max(ledger, order.payment_type !== 'AU' && order.status === 'Paid' ? Number(order.amount_minor) : 0);
}

/**
 * What open refund requests of an order reserve (states Created, Accepted, Pending), leaving `exceptRequest`
 * out: a sum over `refund_requests`, NULL when none, as an expression another statement can hold (the order
 * detail reads it with the order's other rows in one statement, decision 0636).
 */
export function reservedByRefundRequests(orderId: RawBuilder<unknown> | string, exceptRequest?: string): RawBuilder<string | number | null> {
  const order = typeof orderId === 'string' ? sql`${orderId}::bigint` : orderId;
  return sql<string | number | null>`(SELECT sum(amount_minor) FROM refund_requests
    WHERE order_id = ${order} AND state IN (${sql.join([...RESERVING_REFUND_STATES])})
      AND id IS DISTINCT FROM ${exceptRequest ?? null}::uuid)`;
}

/** Captured, minus refunded, minus what open refund requests reserve. Negative when the reservations exceed what is left. */
export function refundableGiven(order: RefundableOrder, reserved: string | number | null): number {
  return capturedOf(order) - Number(order.refunded_minor) - Number(reserved ?? 0);
}

/**
 * Captured, minus refunded, minus what open refund requests reserve (states Created, Accepted,
 * Pending), leaving `exceptRequest` out of the reservations. Negative when the reservations exceed
 * what is left (read it under the order's lock when deciding).
 */
export async function refundableOf(db: Db, order: RefundableOrder, exceptRequest?: string): Promise<number> {
  const reserved = await sql<{ n: string | number | null }>`SELECT ${reservedByRefundRequests(order.id, exceptRequest)} AS n`.execute(db);
  return refundableGiven(order, reserved.rows[0]?.n ?? null);
}
