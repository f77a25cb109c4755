import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SettlementBreakdown, SettlementLineRow, SettlementLineSearchBody, SettlementReportRequest } from '../../contract/settlement';
import type { Db } from '../db/database';
import type { ColumnOf, ColumnsOf } from '../db/row-types';
import { escapeLike, inMerchants, orderByClause, pageWithCappedCount, toIso, toNumber, type SortKey } from '../lists/list-query';

// A payout's settlement lines as the detail's table and the settlement report read them (decision 0430).

/** The lines, with what they link to: the order's reference and the carried payout's reference. */
export const LINE_FROM = `payout_lines l JOIN payouts p ON p.id = l.payout_id
  LEFT JOIN orders o ON o.id = l.order_id
  LEFT JOIN payouts cp ON cp.id = l.carried_payout_id`;

type LineBody = { filters: NonNullable<SettlementLineSearchBody['filters']>; sorting: NonNullable<SettlementLineSearchBody['sorting']> };

const SORT_EXPR = { bookedAt: 'l.booked_at', amount: 'l.amount_minor', kind: 'l.kind' } as const;

export function lineSortKeys(sorting: LineBody['sorting']): SortKey[] {
  const chosen = sorting[0];
  const desc = chosen?.desc ?? false;
  return [...(chosen ? [{ expr: SORT_EXPR[chosen.id], desc }] : [{ expr: 'l.booked_at', desc: false }]), { expr: 'l.id', desc }];
}

function lineWhere(payoutId: string, filters: LineBody['filters']): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`l.payout_id = ${payoutId}::uuid`];
  if (filters.kinds?.length) parts.push(sql`l.kind IN (${sql.join(filters.kinds)})`);
  if (filters.orderReference) parts.push(sql`o.reference_no LIKE ${`${escapeLike(filters.orderReference)}%`}`);
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

/** A line as linePage reads it (its FROM is the settlement export's too, so it stays raw), typed from the schema (decision 0610). */
type LineRecord = ColumnsOf<'payout_lines', 'kind' | 'currency' | 'booked_at' | 'note' | 'refund_request_id'> & {
  /** Read as text (`::text`), as are order_id and amount_minor. */
  id: string;
  order_id: string | null;
  amount_minor: string;
  /** Through the outer joins: NULL when the line links no order or carried payout. */
  order_reference: ColumnOf<'orders', 'reference_no'> | null;
  carried_reference: ColumnOf<'payouts', 'reference'> | null;
};

export async function linePage(db: Db, payoutId: string, body: LineBody, page: number, pageSize: number) {
  const where = lineWhere(payoutId, body.filters);
  // The page and its capped count in one statement (decision 0636).
  const pageQuery = sql`
      SELECT l.id::text AS id, l.kind, l.order_id::text AS order_id, o.reference_no AS order_reference, l.refund_request_id::text AS refund_request_id,
        cp.reference AS carried_reference, l.amount_minor::text AS amount_minor, l.currency, l.booked_at, l.note
      FROM ${sql.raw(LINE_FROM)} WHERE ${where}
      ORDER BY ${orderByClause(lineSortKeys(body.sorting))} LIMIT ${pageSize} OFFSET ${page * pageSize}`;
  const { rows, count } = await pageWithCappedCount<LineRecord>(db, pageQuery, sql`SELECT 1 FROM ${sql.raw(LINE_FROM)} WHERE ${where}`, {
    firstPage: page === 0,
    pageSize,
  });
  const items: SettlementLineRow[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind as SettlementLineRow['kind'],
    orderId: row.order_id === null ? null : Number(row.order_id),
    orderReference: row.order_reference,
    refundId: row.refund_request_id,
    carriedPayoutReference: row.carried_reference,
    amountMinor: toNumber(row.amount_minor),
    currency: row.currency.trim(),
    bookedAt: toIso(row.booked_at),
    note: row.note,
  }));
  return { items, count };
}

/** The payout's totals per currency: each currency on its own, never added to another. */
export async function breakdownOf(db: Db, payoutId: string): Promise<SettlementBreakdown[]> {
  const { rows } = await sql<Record<string, string>>`
    SELECT l.currency,
      coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'Capture'), 0)::text AS gross,
      coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'Refund'), 0)::text AS refunds,
      coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'Fee'), 0)::text AS fees,
      coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'Adjustment'), 0)::text AS adjustments,
      coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'CarriedBalance'), 0)::text AS carried,
      sum(l.amount_minor)::text AS net, count(*)::text AS lines
    FROM payout_lines l WHERE l.payout_id = ${payoutId}::uuid GROUP BY l.currency ORDER BY l.currency`.execute(db);
  return rows.map((row) => ({
    currency: row.currency!.trim(),
    grossMinor: Number(row.gross),
    refundsMinor: Number(row.refunds),
    feesMinor: Number(row.fees),
    adjustmentsMinor: Number(row.adjustments),
    carriedMinor: Number(row.carried),
    netMinor: Number(row.net),
    lines: Number(row.lines),
  }));
}

/** The payouts a settlement report covers, in the caller's scope: `p` of `payouts p`. */
export function reportPayoutsWhere(request: SettlementReportRequest, merchants: 'all' | string[]): RawBuilder<SqlBool> {
  const scope = inMerchants('p.merchant_id', merchants);
  const which = 'payoutId' in request ? sql`p.id = ${request.payoutId}::uuid` : sql`p.period_end BETWEEN ${request.from}::date AND ${request.to}::date`;
  return sql<SqlBool>`${scope} AND ${which}`;
}
