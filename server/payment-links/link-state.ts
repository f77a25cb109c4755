import { sql } from 'kysely';
import type { OrderLink, StaffLinkState } from '../../contract/link-state';
import type { Db } from '../db/database';
import type { ColumnOf, ColumnsOf } from '../db/row-types';
import { MAX_FAILED_CARD_ATTEMPTS } from './link-limits';

// A link's own state in staff terms (decisions 0422, 0464, 0535): one function, so the link screen, the
// property's day and the order answers say the same word for the same link.

/** The link's own state in staff terms: paid, cancelled, locked (refused cards), expired or open. */
export function staffLinkState(
  link: { completed_at: Date | null; expires_at: Date; failed_attempts: number },
  orderStatus: string,
  now = new Date(),
): StaffLinkState {
  if (link.completed_at) return 'Paid';
  if (orderStatus === 'Cancelled') return 'Cancelled';
  if (link.failed_attempts >= MAX_FAILED_CARD_ATTEMPTS) return 'Locked';
  return new Date(link.expires_at) <= now ? 'Expired' : 'Open';
}

/**
 * staffLinkState in SQL, for the order aliased `orderAlias`: one scalar read by the one-link-per-order index, NULL
 * for an order no link made. The transactions export reads it inside its COPY; the order of the checks is the
 * function's, and tests/exports/transaction-export.test.ts holds the two to the same answers.
 */
export function linkStateOfOrderSql(orderAlias: string): string {
  return `SELECT CASE WHEN l.completed_at IS NOT NULL THEN 'Paid' WHEN ${orderAlias}.status = 'Cancelled' THEN 'Cancelled'
    WHEN l.failed_attempts >= ${MAX_FAILED_CARD_ATTEMPTS} THEN 'Locked' WHEN l.expires_at <= now() THEN 'Expired' ELSE 'Open' END
    FROM payment_links l WHERE l.order_id = ${orderAlias}.id`;
}

/** A link and its order's status, typed from the schema (decision 0610). */
type LinkOfOrder = ColumnsOf<'payment_links', 'id' | 'completed_at' | 'expires_at' | 'failed_attempts'> & {
  /** Through the inner join: never NULL here. */
  order_id: ColumnOf<'orders', 'id'>;
  order_status: ColumnOf<'orders', 'status'>;
};

/**
 * The links that made these orders, by order id (an order has at most one link: payment_links_one_per_order).
 * One indexed read for a page of orders; an order without a link is absent from the map.
 */
export async function linksOfOrders(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderLink>> {
  if (orderIds.length === 0) return new Map();
  const rows = await sql<LinkOfOrder>`
    SELECT l.id, l.order_id, l.completed_at, l.expires_at, l.failed_attempts, o.status AS order_status
    FROM payment_links l JOIN orders o ON o.id = l.order_id
    WHERE l.order_id IN (${sql.join(orderIds.map((id) => sql`${String(id)}::bigint`))})`.execute(db);
  return new Map(
    rows.rows.map((row) => [
      Number(row.order_id),
      {
        id: row.id,
        state: staffLinkState(row, row.order_status),
        failedAttempts: Number(row.failed_attempts),
        expiresAt: new Date(row.expires_at).toISOString(),
      },
    ]),
  );
}

/**
 * The link that made the order aliased `orderAlias`, as one scalar a page's own statement carries (decision 0655):
 * a JSON array of its id, completion and expiry (epoch milliseconds, as the driver's dates hold them) and refused
 * cards, NULL for an order no link made. One read by the one-link-per-order index for each row of the page.
 */
export function linkOfOrderSql(orderAlias: string): string {
  return `(SELECT json_build_array(l.id, floor(extract(epoch FROM l.completed_at) * 1000)::bigint,
    floor(extract(epoch FROM l.expires_at) * 1000)::bigint, l.failed_attempts)
    FROM payment_links l WHERE l.order_id = ${orderAlias}.id)`;
}

/** linkOfOrderSql's scalar as the order's link, its state said by staffLinkState as linksOfOrders says it. */
export function linkOfOrderFromSql(value: unknown, orderStatus: string): OrderLink | null {
  if (value === null || value === undefined) return null;
  const [id, completedAt, expiresAt, failedAttempts] = (typeof value === 'string' ? JSON.parse(value) : value) as [string, number | null, number, number];
  const expires = new Date(Number(expiresAt));
  const link = { completed_at: completedAt === null ? null : new Date(Number(completedAt)), expires_at: expires, failed_attempts: Number(failedAttempts) };
  return { id, state: staffLinkState(link, orderStatus), failedAttempts: link.failed_attempts, expiresAt: expires.toISOString() };
}
