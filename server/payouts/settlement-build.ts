import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';

// Building a payout's settlement lines (issue 37, decision 0430), set-based in SQL so a demo start
// and a group's month take one statement per kind of line rather than a round trip per order.
//
// A payout of a merchant in a currency settles, for the UTC days of its period:
// - Capture: each Paid order of the merchant in that currency created on one of those days, gross
//   (the order's amount), once: an order already in a payout's lines is never taken again;
// - Fee: per captured order, -feeOf(amount) under the schedule in force on the order's day, in the
//   order's currency (decision 0291, the same rule as the order page and payout-fees.ts);
// - Refund: each refund the acquirer executed (Succeeded) on one of those days, negative;
// - CarriedBalance: a payout whose lines sum below zero pays nothing; its balance moves to the
//   merchant's next payout in that currency (a + line here, the same - line there).
// The payout's amount is then the sum of its lines other than fees, and its net amount (amount less
// fee) the sum of all its lines. A retry of a failed payout is a new attempt of the same payout
// (decision 0123): its lines stay as they are.

/** feeOf (contract/fees.ts) in SQL: the percentage part rounded half away from zero, plus the fixed part; nothing on 0. */
export function feeSql(amount: string, percentage: string, fixedAmount: string): string {
  return `(CASE WHEN ${amount} = 0 THEN 0 ELSE round(${amount}::numeric * round(${percentage} * 1000) / 100000)::bigint + ${fixedAmount} END)`;
}

/** A payout's first and last instants: its UTC days, the end exclusive. */
const PERIOD_FROM = `(p.period_start::timestamp AT TIME ZONE 'UTC')`;
const PERIOD_TO = `((p.period_end + 1)::timestamp AT TIME ZONE 'UTC')`;

/** How many balances may move on in a row before the build stops carrying (a merchant negative this many periods running). */
const MAX_CARRY_ROUNDS = 60;

/**
 * Adds to the chosen payouts the lines they lack (captures, their fees, refunds), carries negative
 * balances forward among them, and sets each one's amount from its lines. Running it again adds
 * only what is new. `payouts` selects from `payouts p`.
 */
export function buildSettlementLines(db: Db, payouts: RawBuilder<SqlBool>): Promise<void> {
  // One transaction: the chosen payouts' list is a temporary table of its connection, and a half-built payout is never seen.
  return inTransaction(db, (trx) => build(trx, payouts));
}

async function build(db: Db, payouts: RawBuilder<SqlBool>): Promise<void> {
  await sql`CREATE TEMP TABLE IF NOT EXISTS settlement_targets (id uuid PRIMARY KEY) ON COMMIT DROP`.execute(db);
  await sql`DELETE FROM settlement_targets`.execute(db);
  await sql`INSERT INTO settlement_targets SELECT p.id FROM payouts p WHERE ${payouts}`.execute(db);
  // Captures and their fees in one statement: the fee lines follow the capture lines just written.
  await sql`
    WITH captured AS (
      INSERT INTO payout_lines (payout_id, kind, order_id, amount_minor, currency, booked_at)
      SELECT DISTINCT ON (o.id) p.id, 'Capture', o.id, o.amount_minor, o.currency, o.created_at
      FROM payouts p JOIN settlement_targets t ON t.id = p.id
      -- Per payout, its merchant's orders of the period through the (merchant, created) index.
      CROSS JOIN LATERAL (
        SELECT o.id, o.amount_minor, o.currency, o.created_at FROM orders o
        WHERE o.merchant_id = p.merchant_id AND o.created_at >= ${sql.raw(PERIOD_FROM)} AND o.created_at < ${sql.raw(PERIOD_TO)}
          AND o.currency = p.currency AND o.status = 'Paid'
        OFFSET 0
      ) o
      WHERE NOT EXISTS (SELECT 1 FROM payout_lines l WHERE l.order_id = o.id AND l.kind = 'Capture')
      ORDER BY o.id, p.period_start, p.id
      RETURNING payout_id, order_id, amount_minor, currency, booked_at
    )
    INSERT INTO payout_lines (payout_id, kind, order_id, amount_minor, currency, booked_at)
    -- The order's merchant is its payout's and its day the capture's (booked when the order was created):
    -- the small payouts table answers, rather than a second read of each order by its id.
    SELECT c.payout_id, 'Fee', c.order_id, -${sql.raw(feeSql('c.amount_minor', 'f.percentage', 'f.fixed_amount_minor'))}, c.currency, c.booked_at
    FROM captured c JOIN payouts p ON p.id = c.payout_id
    JOIN LATERAL (
      SELECT fee.percentage, fee.fixed_amount_minor, fee.currency FROM fees fee
      WHERE fee.merchant_id = p.merchant_id AND fee.valid_from <= (c.booked_at AT TIME ZONE 'UTC')::date
      ORDER BY fee.valid_from DESC LIMIT 1
    ) f ON f.currency = c.currency
  `.execute(db);
  await sql`
    INSERT INTO payout_lines (payout_id, kind, order_id, refund_request_id, amount_minor, currency, booked_at)
    SELECT DISTINCT ON (r.id) p.id, 'Refund', r.order_id, r.id, -e.amount_minor, e.currency, e.created_at
    FROM payouts p JOIN settlement_targets t ON t.id = p.id
    JOIN refund_requests r ON r.merchant_id = p.merchant_id
    JOIN refund_executions e ON e.refund_request_id = r.id AND e.outcome = 'Succeeded' AND e.currency = p.currency
      AND e.created_at >= ${sql.raw(PERIOD_FROM)} AND e.created_at < ${sql.raw(PERIOD_TO)}
    WHERE NOT EXISTS (SELECT 1 FROM payout_lines l WHERE l.refund_request_id = r.id AND l.kind = 'Refund')
    ORDER BY r.id, p.period_start, p.id
  `.execute(db);
  for (let round = 0; round < MAX_CARRY_ROUNDS; round++) {
    const carried = await sql`
      WITH balance AS (
        SELECT p.id, p.merchant_id, p.currency, p.period_end, p.created_at, coalesce(sum(l.amount_minor), 0) AS net
        FROM payouts p JOIN settlement_targets t ON t.id = p.id LEFT JOIN payout_lines l ON l.payout_id = p.id
        GROUP BY p.id HAVING coalesce(sum(l.amount_minor), 0) < 0
      ),
      onward AS (
        SELECT b.id, -b.net AS owed, n.id AS next_id, n.period_start AS next_day
        FROM balance b
        JOIN LATERAL (
          SELECT q.id, q.period_start FROM payouts q JOIN settlement_targets t ON t.id = q.id
          WHERE q.merchant_id = b.merchant_id AND q.currency = b.currency AND q.period_start > b.period_end
          ORDER BY q.period_start, q.id LIMIT 1
        ) n ON TRUE
      )
      INSERT INTO payout_lines (payout_id, kind, carried_payout_id, amount_minor, currency, booked_at, note)
      SELECT w.id, 'CarriedBalance', w.next_id, w.owed, p.currency, w.next_day::timestamp AT TIME ZONE 'UTC', 'balance carried to the next payout'
      FROM onward w JOIN payouts p ON p.id = w.id
      UNION ALL
      SELECT w.next_id, 'CarriedBalance', w.id, -w.owed, p.currency, w.next_day::timestamp AT TIME ZONE 'UTC', 'balance carried from the previous payout'
      FROM onward w JOIN payouts p ON p.id = w.id
    `.execute(db);
    if (Number(carried.numAffectedRows ?? 0) === 0) break;
  }
  await sql`
    UPDATE payouts p SET amount_minor = s.amount
    FROM (
      SELECT t.id, coalesce(sum(l.amount_minor) FILTER (WHERE l.kind <> 'Fee'), 0) AS amount
      FROM settlement_targets t LEFT JOIN payout_lines l ON l.payout_id = t.id GROUP BY t.id
    ) s
    WHERE p.id = s.id AND p.amount_minor IS DISTINCT FROM s.amount
  `.execute(db);
  await sql`DELETE FROM settlement_targets`.execute(db);
}
