import { sql } from 'kysely';
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
 * Captured, minus refunded, minus what open refund requests reserve (states Created, Accepted,
 * Pending), leaving `exceptRequest` out of the reservations. Negative when the reservations exceed
 * what is left (read it under the order's lock when deciding).
 */
export async function refundableOf(db: Db, order: RefundableOrder, exceptRequest?: string): Promise<number> {
  const reserved = await sql<{ n: string | null }>`SELECT sum(amount_minor) AS n FROM refund_requests
    WHERE order_id = ${order.id}::bigint AND state IN (${sql.join([...RESERVING_REFUND_STATES])})
      AND id IS DISTINCT FROM ${exceptRequest ?? null}::uuid`.execute(db);
  return capturedOf(order) - Number(order.refunded_minor) - Number(reserved.rows[0]?.n ?? 0);
}
