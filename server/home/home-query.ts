import { sql } from 'kysely';
import { DASHBOARD_LIST_SIZE, DASHBOARD_LOOKBACK_DAYS, type DashboardOrder, type LinkSummary, type Money } from '../../contract/home';
import type { OrderStatus } from '../../contract/transactions';
import type { Db } from '../db/database';
import type { ColumnOf, ColumnsOf, Int8Text } from '../db/row-types';
import { MAX_FAILED_CARD_ATTEMPTS } from '../payment-links/link-limits';
import { linksOfOrders } from '../payment-links/link-state';

// The figures of the home screens (decision 0221), one query each, scoped to the properties given.
// Day and week start where the property's own time zone says they do.

type Period = 'day' | 'week';
const lookback = sql`now() - make_interval(days => ${DASHBOARD_LOOKBACK_DAYS})`;

/** Money taken in the period, per currency: the captures made in it. */
export async function takings(db: Db, merchantId: string, timeZone: string, period: Period): Promise<Money[]> {
  const start = sql`date_trunc(${period}, now() AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone}`;
  // Money is taken when it is captured: each succeeded capture counts on its own day, so an old
  // order edited or refunded today adds nothing to today (decision 0345). A Paid order with no
  // capture of record (the demo's history, paid before the ledger) counts on the day it was made.
  const rows = await sql<{ currency: string; amount: string }>`
    SELECT currency, sum(amount)::bigint AS amount FROM (
      SELECT trim(p.currency) AS currency, p.amount_minor AS amount
      FROM payment_operations p JOIN orders o ON o.id = p.order_id
      WHERE o.merchant_id = ${merchantId} AND p.kind = 'Capture' AND p.outcome = 'Succeeded' AND p.created_at >= ${start}
      UNION ALL
      SELECT trim(o.currency), CASE WHEN o.captured_minor > 0 THEN o.captured_minor ELSE o.amount_minor END
      FROM orders o
      WHERE o.merchant_id = ${merchantId} AND o.status = 'Paid' AND o.created_at >= ${start}
        AND NOT EXISTS (SELECT 1 FROM payment_operations p WHERE p.order_id = o.id AND p.kind = 'Capture' AND p.outcome = 'Succeeded')
    ) AS taken
    GROUP BY 1 ORDER BY 1`.execute(db);
  return rows.rows.map((row) => ({ currency: row.currency, amountMinor: Number(row.amount) }));
}

/** A link of the lists below, its columns typed from the schema (decision 0610). */
type LinkRow = ColumnsOf<'payment_links', 'amount_minor' | 'currency' | 'payment_type' | 'expires_at' | 'token'> &
  ColumnsOf<'orders', 'guest_name' | 'reference_no'> & { order_id: ColumnOf<'orders', 'id'>; locked: boolean; total: Int8Text };

/**
 * Links not completed nor cancelled: open ones (taking cards) soonest expiry first, or those that stopped taking
 * cards in the lookback, expired or locked after too many refused cards (decision 0422), latest first.
 */
export async function linksOf(db: Db, merchantId: string, which: 'open' | 'expired', pageUrl: (token: string) => string) {
  const locked = sql`l.failed_attempts >= ${MAX_FAILED_CARD_ATTEMPTS}`;
  const window =
    which === 'open'
      ? sql`l.expires_at > now() AND NOT (${locked})`
      : sql`((l.expires_at <= now() AND l.expires_at > ${lookback}) OR (${locked} AND l.expires_at > ${lookback}))`;
  const rows = await sql<LinkRow>`
    SELECT o.id AS order_id, o.guest_name, o.reference_no, l.amount_minor, trim(l.currency) AS currency, l.payment_type, l.expires_at, l.token,
           ${locked} AS locked, count(*) OVER () AS total
    FROM payment_links l JOIN orders o ON o.id = l.order_id
    WHERE l.merchant_id = ${merchantId} AND l.completed_at IS NULL AND o.status <> 'Cancelled' AND ${window}
    ORDER BY l.expires_at ${which === 'open' ? sql`ASC` : sql`DESC`}, l.id LIMIT ${DASHBOARD_LIST_SIZE}`.execute(db);
  return {
    count: Number(rows.rows[0]?.total ?? 0),
    items: rows.rows.map((row): LinkSummary => ({
      orderId: Number(row.order_id),
      guestName: row.guest_name,
      referenceNo: row.reference_no,
      amountMinor: Number(row.amount_minor),
      currency: row.currency,
      paymentType: row.payment_type as LinkSummary['paymentType'],
      expiresAt: new Date(row.expires_at).toISOString(),
      url: pageUrl(row.token),
      linkState: row.locked ? 'Locked' : new Date(row.expires_at) <= new Date() ? 'Expired' : 'Open',
    })),
  };
}

/** An order of the lists below, its columns typed from the schema (decision 0610); `at` is the moment the list is about. */
type OrderRow = ColumnsOf<'orders', 'id' | 'reference_no' | 'guest_name' | 'amount_minor' | 'currency' | 'status' | 'payment_type'> & {
  at: ColumnOf<'orders', 'created_at'>;
  total: Int8Text;
};
const toOrder = (row: OrderRow): Omit<DashboardOrder, 'linkState'> => ({
  orderId: Number(row.id),
  referenceNo: row.reference_no,
  guestName: row.guest_name,
  amountMinor: Number(row.amount_minor),
  currency: row.currency.trim(),
  status: row.status as OrderStatus,
  paymentType: row.payment_type as DashboardOrder['paymentType'],
  at: new Date(row.at).toISOString(),
});

/** Each order with its link's own state (decision 0535): a locked link's order is not just "sent, not processed". */
async function withLinkStates<T extends Omit<DashboardOrder, 'linkState'>>(db: Db, orders: T[]): Promise<(T & Pick<DashboardOrder, 'linkState'>)[]> {
  const links = await linksOfOrders(
    db,
    orders.map((order) => order.orderId),
  );
  return orders.map((order) => ({ ...order, linkState: links.get(order.orderId)?.state ?? null }));
}

/** The orders whose authorization has money still open: the predicate of their own index (migration 0440), word for word. */
export const OPEN_AUTHORIZATION = sql`status = 'Tokenized' AND authorized_minor - captured_minor - voided_minor > 0`;

/**
 * Authorizations with money still open (Tokenized, authorized beyond what was captured or voided), newest first.
 * The count is its own subquery, answered from the index alone: counted over the listed rows (`count(*) OVER ()`),
 * every open authorization was read from the table for its columns, 0.7 s for a property of ten million orders.
 */
export function awaitingCaptureStatement(merchantId: string) {
  return sql<OrderRow & { open_minor: Int8Text }>`
    SELECT id, reference_no, guest_name, amount_minor, currency, status, payment_type, created_at AS at,
           authorized_minor - captured_minor - voided_minor AS open_minor,
           (SELECT count(*) FROM orders WHERE merchant_id = ${merchantId} AND ${OPEN_AUTHORIZATION}) AS total
    FROM orders WHERE merchant_id = ${merchantId} AND ${OPEN_AUTHORIZATION}
    ORDER BY created_at DESC, id DESC LIMIT ${DASHBOARD_LIST_SIZE}`;
}

export async function awaitingCapture(db: Db, merchantId: string) {
  const rows = await awaitingCaptureStatement(merchantId).execute(db);
  const items = rows.rows.map((row) => ({ ...toOrder(row), openMinor: Number(row.open_minor) }));
  return { count: Number(rows.rows[0]?.total ?? 0), items: await withLinkStates(db, items) };
}

/**
 * Orders with declined attempts or Failed in the lookback, one row per order (decision 0422): five refused cards
 * on one link are one guest's failed payment, not five. The row carries the latest reason and the attempts.
 * The week's declined attempts and Failed orders come from their own indexes (migration 0440): through the status
 * index the Failed orders of ten million took 0.3 s to find the week's few.
 */
export function failedPaymentsStatement(merchantIds: string[]) {
  const ids = sql.join(merchantIds.map((id) => sql`${id}::uuid`));
  return sql<OrderRow & { reason: ColumnOf<'payment_operations', 'note'>; attempts: Int8Text }>`
    SELECT *, count(*) OVER () AS total FROM (
      SELECT DISTINCT ON (id) id, reference_no, guest_name, amount_minor, currency, status, payment_type, at, reason,
             count(*) FILTER (WHERE declined) OVER (PARTITION BY id) AS attempts
      FROM (
        SELECT o.id, o.reference_no, o.guest_name, o.amount_minor, o.currency, o.status, o.payment_type, p.created_at AS at, p.note AS reason, true AS declined
        FROM payment_operations p JOIN orders o ON o.id = p.order_id
        WHERE o.merchant_id IN (${ids}) AND p.outcome = 'Declined' AND p.created_at > ${lookback}
        UNION ALL
        SELECT id, reference_no, guest_name, amount_minor, currency, status, payment_type, updated_at, NULL, false
        FROM orders WHERE merchant_id IN (${ids}) AND status = 'Failed' AND updated_at > ${lookback}
      ) attempt ORDER BY id, at DESC
    ) failed ORDER BY at DESC, id DESC LIMIT ${DASHBOARD_LIST_SIZE}`;
}

export async function failedPayments(db: Db, merchantIds: string[]) {
  if (merchantIds.length === 0) return { count: 0, items: [] };
  const rows = await failedPaymentsStatement(merchantIds).execute(db);
  return {
    count: Number(rows.rows[0]?.total ?? 0),
    items: await withLinkStates(
      db,
      rows.rows.map((row) => ({ ...toOrder(row), reason: row.reason, attempts: Number(row.attempts) })),
    ),
  };
}

export async function recentOrders(db: Db, merchantId: string): Promise<DashboardOrder[]> {
  const rows = await sql<OrderRow>`
    SELECT id, reference_no, guest_name, amount_minor, currency, status, payment_type, created_at AS at, 0 AS total
    FROM orders WHERE merchant_id = ${merchantId} ORDER BY created_at DESC, id DESC LIMIT ${DASHBOARD_LIST_SIZE}`.execute(db);
  return withLinkStates(db, rows.rows.map(toOrder));
}
