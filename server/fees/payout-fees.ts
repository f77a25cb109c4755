import { sql } from 'kysely';
import { feeOf } from '../../contract/fees';
import type { Db } from '../db/database';
import type { ColumnOf, ColumnsOf } from '../db/row-types';

// A payout's fee and net amount (issue 17, decision 0291): the payout settles the merchant's Paid
// orders of its period (UTC days, in the payout's currency); each order is charged what the order
// page shows for it (feeOf under the schedule in force on the order's day), and the payout's fee
// is their sum. Orders before the merchant's first schedule cost nothing. A payout whose merchant
// had no schedule in force on any day of the period has no fee to show (null), like an order.

export interface PayoutFeeSubject {
  id: string;
  merchantId: string;
  currency: string;
  periodStart: string;
  periodEnd: string;
  amountMinor: number;
}

export interface PayoutFee {
  feeMinor: number | null;
  netMinor: number | null;
}

/**
 * A payout and, one row each, the Paid orders of its period a schedule charges (in force on the order's day, in
 * its currency) with that schedule; a payout none charges has one row without an order. `scheduled`: whether its
 * merchant had a schedule in its currency on any day up to the period's end.
 */
type ChargedOrder = NullableColumns<ColumnsOf<'orders', 'amount_minor'>> &
  NullableColumns<ColumnsOf<'fees', 'percentage' | 'fixed_amount_minor'>> & { payout_id: ColumnOf<'payouts', 'id'>; scheduled: boolean };
type NullableColumns<T> = { [K in keyof T]: T[K] | null };

/** The fee and net amount of each payout, by payout id, in one statement (decision 0636). */
export async function payoutFees(db: Db, payouts: readonly PayoutFeeSubject[]): Promise<Map<string, PayoutFee>> {
  const answer = new Map<string, PayoutFee>();
  if (payouts.length === 0) return answer;
  const ids = sql.join(payouts.map((payout) => sql`${payout.id}::uuid`));
  const { rows } = await sql<ChargedOrder>`
    SELECT p.id AS payout_id, c.amount_minor, c.percentage, c.fixed_amount_minor,
      -- An order charged under a schedule says the merchant had one; only a payout without any asks.
      CASE WHEN c.amount_minor IS NULL
        THEN EXISTS (SELECT 1 FROM fees f WHERE f.merchant_id = p.merchant_id AND f.currency = p.currency AND f.valid_from <= p.period_end)
        ELSE TRUE END AS scheduled
    FROM payouts p
    LEFT JOIN LATERAL (
      SELECT o.amount_minor, f.percentage, f.fixed_amount_minor
      -- Per payout, its merchant's Paid orders of the period from their own index alone (migration 0430). As a plain
      -- join the planner read every Paid order and hashed them: 110 ms for a page on 100,000 orders,
      -- against 22 ms this way (OFFSET 0 keeps the subquery from being flattened back into that join).
      FROM (
        SELECT o.merchant_id, o.amount_minor, o.currency, o.created_at FROM orders o
        WHERE o.merchant_id = p.merchant_id
          AND o.created_at >= p.period_start::timestamp AT TIME ZONE 'UTC'
          AND o.created_at < (p.period_end + 1)::timestamp AT TIME ZONE 'UTC'
          AND o.currency = p.currency AND o.status = 'Paid'
          -- A merchant without a schedule by the period's end is charged nothing: its orders are not read at all
          -- (decision 0718; at ten million orders, 1,800 orders a payout read for no fee).
          AND EXISTS (SELECT 1 FROM fees fee WHERE fee.merchant_id = p.merchant_id AND fee.valid_from <= p.period_end)
        OFFSET 0
      ) o
      -- Only the orders a schedule charges come back (no schedule on the order's day, or one in another
      -- currency, charges nothing), not every order of the period.
      JOIN LATERAL (
        SELECT fee.percentage, fee.fixed_amount_minor, fee.currency FROM fees fee
        WHERE fee.merchant_id = o.merchant_id AND fee.valid_from <= (o.created_at AT TIME ZONE 'UTC')::date
        ORDER BY fee.valid_from DESC LIMIT 1) f ON f.currency = o.currency
    ) c ON TRUE
    WHERE p.id IN (${ids})`.execute(db);
  const withSchedule = new Set<string>();
  const feeByPayout = new Map<string, number>();
  // As on the order page: no schedule on the order's day, or one in another currency, charges nothing;
  // the query left those orders out.
  for (const order of rows) {
    if (order.scheduled) withSchedule.add(order.payout_id);
    if (order.amount_minor === null) continue;
    const { feeMinor } = feeOf(Number(order.amount_minor), { percentage: Number(order.percentage), fixedAmountMinor: Number(order.fixed_amount_minor) });
    feeByPayout.set(order.payout_id, (feeByPayout.get(order.payout_id) ?? 0) + feeMinor);
  }
  for (const payout of payouts) {
    if (!withSchedule.has(payout.id)) answer.set(payout.id, { feeMinor: null, netMinor: null });
    else {
      const feeMinor = feeByPayout.get(payout.id) ?? 0;
      answer.set(payout.id, { feeMinor, netMinor: payout.amountMinor - feeMinor });
    }
  }
  return answer;
}
