import { sql } from 'kysely';
import { RECONCILIATION_LIMIT, type ReconciliationAnswer, type ReconciliationFinding } from '../../contract/settlement';
import type { Db } from '../db/database';
import type { ColumnOf, ColumnsOf } from '../db/row-types';
import { feeSql } from './settlement-build';

// The provider staff's reconciliation check (issue 37, decision 0432), on demand, over every payout:
// 1. LinesDoNotSum: a payout whose lines (in its currency) do not add up to its net amount, i.e. its
//    non-fee lines differ from its amount, or its fee lines from what the schedules in force charge
//    for the captures it holds, or it holds a line in another currency;
// 2. CaptureInNoPayout: a Paid order whose day its merchant has already been paid out for (between
//    the merchant's first payout period and its latest one, in the order's currency) but which no
//    payout holds. Days before a merchant's first payout were never settled here;
// 3. CaptureInTwoPayouts: an order whose capture two payouts hold.

/** One finding as each of the three statements answers it, typed from the schema where a column is read as stored (decision 0610). */
type FindingRecord = ColumnsOf<'orders', 'merchant_id' | 'currency'> & {
  kind: ReconciliationFinding['kind'];
  merchant_name: ColumnOf<'merchants', 'name'>;
  /** JSON, parsed by the driver; text from the literal `'[]'`. */
  payouts: ColumnsOf<'payouts', 'id' | 'reference'>[] | string;
  /** `o.id::text`; NULL for a payout's own finding. */
  order_id: string | null;
  order_reference: ColumnOf<'orders', 'reference_no'> | null;
  /** Minor units as text (`::text`). */
  expected: string;
  actual: string;
};

/**
 * 1. The payouts whose lines do not add up. One pass over the lines with their payout: a capture's fee is what its
 * payout's merchant's schedule in force on the capture's day charges (the rule the payout run charged it by,
 * settlement-build.ts), each schedule known as the days from its first to the next schedule's. Reading each capture's
 * order for its merchant and day instead took 13 s at ten million orders (1.1 million capture lines), this 1.4 s.
 */
export function unbalancedPayoutsStatement(limit: number) {
  return sql<FindingRecord>`
    WITH schedules AS (
      SELECT fee.merchant_id, fee.currency, fee.percentage, fee.fixed_amount_minor, fee.valid_from,
        lead(fee.valid_from) OVER (PARTITION BY fee.merchant_id ORDER BY fee.valid_from) AS valid_until
      FROM fees fee
    ),
    sums AS (
      SELECT l.payout_id,
        coalesce(sum(l.amount_minor) FILTER (WHERE l.kind <> 'Fee'), 0) AS amount,
        coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'Fee'), 0) AS fees,
        count(*) FILTER (WHERE l.currency <> p.currency) AS foreign_lines,
        coalesce(sum(${sql.raw(feeSql('l.amount_minor', 'f.percentage', 'f.fixed_amount_minor'))}), 0) AS charged
      FROM payout_lines l JOIN payouts p ON p.id = l.payout_id
      LEFT JOIN schedules f ON l.kind = 'Capture' AND f.merchant_id = p.merchant_id AND f.currency = l.currency
        AND f.valid_from <= (l.booked_at AT TIME ZONE 'UTC')::date
        AND (f.valid_until IS NULL OR (l.booked_at AT TIME ZONE 'UTC')::date < f.valid_until)
      GROUP BY l.payout_id
    )
    SELECT 'LinesDoNotSum' AS kind, p.merchant_id, m.name AS merchant_name, p.currency,
      json_build_array(json_build_object('id', p.id, 'reference', p.reference)) AS payouts, NULL AS order_id, NULL AS order_reference,
      (p.amount_minor - coalesce(s.charged, 0))::text AS expected, (coalesce(s.amount, 0) + coalesce(s.fees, 0))::text AS actual
    FROM payouts p JOIN merchants m ON m.id = p.merchant_id
    LEFT JOIN sums s ON s.payout_id = p.id
    WHERE coalesce(s.amount, 0) <> p.amount_minor OR coalesce(s.fees, 0) <> -coalesce(s.charged, 0) OR coalesce(s.foreign_lines, 0) > 0
    ORDER BY p.period_end, p.reference LIMIT ${limit}`;
}

/**
 * 2. The Paid orders of days paid out for that no payout holds. Per merchant and currency, its Paid orders of those days
 * come from the Paid orders' own index (migration 0430) without reading an order, and the captures held from one pass
 * over the lines; only the orders found are read. Through the orders themselves this took 12 s at ten million orders
 * (the heap of every order of those days read for its status and currency), this 1.2-1.8 s.
 */
export function unpaidCapturesStatement(limit: number) {
  return sql<FindingRecord>`
    WITH paid_out AS (
      SELECT merchant_id, currency, min(period_start) AS first_day, max(period_end) AS last_day FROM payouts GROUP BY merchant_id, currency
    ),
    unpaid AS (
      SELECT o.id, o.created_at FROM paid_out w
      CROSS JOIN LATERAL (
        SELECT o.id, o.created_at FROM orders o
        WHERE o.merchant_id = w.merchant_id AND o.currency = w.currency AND o.status = 'Paid'
          AND o.created_at >= w.first_day::timestamp AT TIME ZONE 'UTC' AND o.created_at < (w.last_day + 1)::timestamp AT TIME ZONE 'UTC'
        OFFSET 0
      ) o
      WHERE NOT EXISTS (SELECT 1 FROM payout_lines l WHERE l.order_id = o.id AND l.kind = 'Capture')
      ORDER BY o.created_at, o.id LIMIT ${limit}
    )
    SELECT 'CaptureInNoPayout' AS kind, o.merchant_id, m.name AS merchant_name, o.currency, '[]' AS payouts, o.id::text AS order_id,
      o.reference_no AS order_reference, o.amount_minor::text AS expected, '0' AS actual
    FROM unpaid u JOIN orders o ON o.id = u.id JOIN merchants m ON m.id = o.merchant_id
    ORDER BY u.created_at, u.id`;
}

/**
 * 3. The orders whose capture two payouts hold: found among the capture lines alone, and only they are read with their
 * payouts. Joining every line to its order first cost 5 s at ten million orders (1.1 million capture lines), this half
 * a second.
 */
export function doubledCapturesStatement(limit: number) {
  return sql<FindingRecord>`
    WITH doubled AS (
      SELECT l.order_id FROM payout_lines l WHERE l.kind = 'Capture'
      GROUP BY l.order_id HAVING count(*) > 1
      ORDER BY l.order_id LIMIT ${limit}
    )
    SELECT 'CaptureInTwoPayouts' AS kind, o.merchant_id, m.name AS merchant_name, o.currency,
      json_agg(json_build_object('id', p.id, 'reference', p.reference) ORDER BY p.period_start, p.reference) AS payouts,
      o.id::text AS order_id, o.reference_no AS order_reference, o.amount_minor::text AS expected, sum(l.amount_minor)::text AS actual
    FROM doubled d
    JOIN payout_lines l ON l.order_id = d.order_id AND l.kind = 'Capture'
    JOIN orders o ON o.id = d.order_id JOIN payouts p ON p.id = l.payout_id JOIN merchants m ON m.id = o.merchant_id
    GROUP BY o.id, m.name
    ORDER BY o.id`;
}

export async function reconcile(db: Db): Promise<ReconciliationAnswer> {
  const limit = RECONCILIATION_LIMIT + 1;
  const [unbalanced, unpaid, doubled] = await Promise.all([
    unbalancedPayoutsStatement(limit).execute(db),
    unpaidCapturesStatement(limit).execute(db),
    doubledCapturesStatement(limit).execute(db),
  ]);
  let truncated = false;
  const findings = [unbalanced.rows, unpaid.rows, doubled.rows].flatMap((rows) => {
    if (rows.length > RECONCILIATION_LIMIT) truncated = true;
    return rows.slice(0, RECONCILIATION_LIMIT).map((row): ReconciliationFinding => ({
      kind: row.kind,
      merchantId: row.merchant_id,
      merchantName: row.merchant_name,
      currency: row.currency.trim(),
      payouts: typeof row.payouts === 'string' ? (JSON.parse(row.payouts) as ReconciliationFinding['payouts']) : row.payouts,
      orderId: row.order_id === null ? null : Number(row.order_id),
      orderReference: row.order_reference,
      expectedMinor: Number(row.expected),
      actualMinor: Number(row.actual),
    }));
  });
  return { findings, truncated, checkedAt: new Date().toISOString() };
}
