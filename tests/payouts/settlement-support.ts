import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { payoutFees } from '../../server/fees/payout-fees';

// The settlement invariant (issue 37, decision 0430) checked from outside the builder, and a
// generated month of a 100-property group to check it on.

export interface InvariantFigures {
  payouts: number;
  lines: number;
  captures: number;
  carried: number;
  violations: string[];
}

/**
 * Every way the payouts chosen by `where` (over `payouts p`) could break the invariant: lines in
 * another currency; non-fee lines not adding up to the amount; fee lines not what the fee schedules
 * charge (worked out by payout-fees.ts, the list's own computation, not the builder's SQL); a Paid
 * order of a settled day in no payout or in two; a capture outside its payout's merchant, currency
 * or days; carried balances that do not cancel out.
 */
export async function settlementInvariant(db: Db, where: string): Promise<InvariantFigures> {
  const violations: string[] = [];
  const payouts = await sql<{
    id: string;
    reference: string;
    merchant_id: string;
    currency: string;
    period_start: string;
    period_end: string;
    amount_minor: string;
    non_fee: string;
    fees: string;
    net: string;
    lines: string;
    foreign_lines: string;
  }>`
    SELECT p.id, p.reference, p.merchant_id, p.currency, p.period_start::text AS period_start, p.period_end::text AS period_end, p.amount_minor::text AS amount_minor,
      coalesce(sum(l.amount_minor) FILTER (WHERE l.kind <> 'Fee'), 0)::text AS non_fee,
      coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'Fee'), 0)::text AS fees,
      coalesce(sum(l.amount_minor), 0)::text AS net,
      count(l.id)::text AS lines,
      count(l.id) FILTER (WHERE l.currency <> p.currency)::text AS foreign_lines
    FROM payouts p LEFT JOIN payout_lines l ON l.payout_id = p.id
    WHERE ${sql.raw(where)} GROUP BY p.id ORDER BY p.id`.execute(db);
  const fees = await payoutFees(
    db,
    payouts.rows.map((row) => ({
      id: row.id,
      merchantId: row.merchant_id,
      currency: row.currency.trim(),
      periodStart: row.period_start,
      periodEnd: row.period_end,
      amountMinor: Number(row.amount_minor),
    })),
  );
  for (const row of payouts.rows) {
    const fee = fees.get(row.id)?.feeMinor ?? 0;
    if (Number(row.foreign_lines) > 0) violations.push(`${row.reference}: lines in another currency`);
    if (Number(row.non_fee) !== Number(row.amount_minor))
      violations.push(`${row.reference}: lines other than fees ${row.non_fee} <> amount ${row.amount_minor}`);
    if (Number(row.fees) !== -fee) violations.push(`${row.reference}: fee lines ${row.fees} <> schedule fee ${-fee}`);
    if (Number(row.net) !== Number(row.amount_minor) - fee)
      violations.push(`${row.reference}: lines ${row.net} <> net amount ${Number(row.amount_minor) - fee}`);
  }
  const orders = await sql<{ id: string; reference_no: string; holders: string }>`
    WITH chosen AS (SELECT p.* FROM payouts p WHERE ${sql.raw(where)}),
    settled AS (SELECT merchant_id, currency, min(period_start) AS first_day, max(period_end) AS last_day FROM chosen GROUP BY merchant_id, currency)
    SELECT o.id::text AS id, o.reference_no, (SELECT count(*) FROM payout_lines l WHERE l.order_id = o.id AND l.kind = 'Capture')::text AS holders
    FROM settled s JOIN orders o ON o.merchant_id = s.merchant_id AND o.currency = s.currency AND o.status = 'Paid'
      AND (o.created_at AT TIME ZONE 'UTC')::date BETWEEN s.first_day AND s.last_day`.execute(db);
  for (const order of orders.rows) if (order.holders !== '1') violations.push(`order ${order.reference_no}: its capture is in ${order.holders} payouts`);
  const misplaced = await sql<{ reference: string; reference_no: string }>`
    SELECT p.reference, o.reference_no FROM payouts p JOIN payout_lines l ON l.payout_id = p.id JOIN orders o ON o.id = l.order_id
    WHERE ${sql.raw(where)} AND l.kind = 'Capture' AND (o.merchant_id <> p.merchant_id OR o.currency <> p.currency
      OR (o.created_at AT TIME ZONE 'UTC')::date NOT BETWEEN p.period_start AND p.period_end OR o.status <> 'Paid' OR l.amount_minor <> o.amount_minor)`.execute(
    db,
  );
  for (const row of misplaced.rows) violations.push(`${row.reference}: holds order ${row.reference_no} of another merchant, currency or day`);
  const carried = await sql<{ merchant_id: string; total: string; count: string }>`
    SELECT p.merchant_id, sum(l.amount_minor)::text AS total, count(*)::text AS count FROM payouts p JOIN payout_lines l ON l.payout_id = p.id
    WHERE ${sql.raw(where)} AND l.kind = 'CarriedBalance' GROUP BY p.merchant_id`.execute(db);
  for (const row of carried.rows) if (row.total !== '0') violations.push(`merchant ${row.merchant_id}: carried balances add up to ${row.total}`);
  return {
    payouts: payouts.rows.length,
    lines: payouts.rows.reduce((sum, row) => sum + Number(row.lines), 0),
    captures: orders.rows.length,
    carried: carried.rows.reduce((sum, row) => sum + Number(row.count), 0),
    violations,
  };
}

export const HUNDRED_GROUP = 'Hundred Harbours Group';
/** Currencies of the generated properties, minor digits 2, 2, 0 and 3: each payout in one, never mixed. */
const CURRENCIES = ['EUR', 'GBP', 'JPY', 'KWD'];

/**
 * A merchant group of 100 properties and one month (30 UTC days) of its business, generated in SQL:
 * about 8 orders per property and day (60 % Paid), fee schedules on two properties in three (one in
 * three changing mid-month), refunds on 1 in 40 Paid orders, and on every tenth property a fifth day
 * of refunds larger than its takings (its balance carries on). Daily payouts with no amount yet.
 * Returns the group's id.
 */
export async function generateHundredPropertyMonth(db: Db, monthStart: string): Promise<string> {
  const { id: groupId } = await db
    .insertInto('merchant_groups')
    .values({ name: HUNDRED_GROUP, status: 'Active', country: 'NL' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const currencies = `ARRAY[${CURRENCIES.map((code) => `'${code}'`).join(',')}]`;
  await sql`
    INSERT INTO merchants (merchant_group_id, name, status, position, currency)
    SELECT ${groupId}::uuid, 'Harbour ' || g, 'Active', g, (${sql.raw(currencies)})[1 + g % 4] FROM generate_series(1, 100) g`.execute(db);
  await sql`
    INSERT INTO orders (merchant_id, reference_no, guest_name, guest_email, amount_minor, currency, status, payment_type, created_at, updated_at)
    SELECT m.id, 'HH-' || m.position || '-' || n, 'Guest ' || n, NULL,
      (1000 + abs(hashtext('a' || m.position || '-' || n)) % 90000)::bigint, m.currency,
      CASE WHEN abs(hashtext('s' || m.position || '-' || n)) % 10 < 6 THEN 'Paid' ELSE 'Failed' END, 'PN',
      ${monthStart}::timestamptz + make_interval(secs => abs(hashtext('t' || m.position || '-' || n)) % (30 * 86400)),
      ${monthStart}::timestamptz
    FROM merchants m CROSS JOIN generate_series(1, 240) n WHERE m.merchant_group_id = ${groupId}::uuid`.execute(db);
  await sql`
    INSERT INTO fees (merchant_id, fee_model, percentage, fixed_amount_minor, currency, valid_from)
    SELECT m.id, 'Blended', 1.4 + (m.position % 7) * 0.15, CASE m.currency WHEN 'JPY' THEN 30 WHEN 'KWD' THEN 75 ELSE 20 END, m.currency, ${monthStart}::date - 40
    FROM merchants m WHERE m.merchant_group_id = ${groupId}::uuid AND m.position % 3 <> 0
    UNION ALL
    SELECT m.id, 'Blended', 2.345, 0, m.currency, ${monthStart}::date + 14
    FROM merchants m WHERE m.merchant_group_id = ${groupId}::uuid AND m.position % 3 = 1`.execute(db);
  // Refunds: 1 in 40 Paid orders, a part of it, two days later; every tenth property gives back its
  // first four days in full on the fifth.
  await sql`
    WITH chosen AS (
      SELECT o.id, o.merchant_id, o.currency, o.created_at + interval '2 days' AS at,
        greatest(100, o.amount_minor / (2 + abs(hashtext('r' || o.id)) % 3)) AS amount
      FROM orders o JOIN merchants m ON m.id = o.merchant_id
      WHERE m.merchant_group_id = ${groupId}::uuid AND o.status = 'Paid' AND abs(hashtext('f' || o.id)) % 40 = 0
        AND o.created_at < ${monthStart}::timestamptz + interval '27 days'
      UNION ALL
      SELECT o.id, o.merchant_id, o.currency, ${monthStart}::timestamptz + interval '4 days 18 hours', o.amount_minor
      FROM orders o JOIN merchants m ON m.id = o.merchant_id
      WHERE m.merchant_group_id = ${groupId}::uuid AND m.position % 10 = 0 AND o.status = 'Paid'
        AND o.created_at < ${monthStart}::timestamptz + interval '4 days'
    ),
    requested AS (
      INSERT INTO refund_requests (merchant_id, order_id, amount_minor, currency, reason, approval_status, state, created_at, updated_at)
      SELECT merchant_id, id, amount, currency, 'generated', 'Approved', 'Completed', at, at FROM chosen
      RETURNING id, amount_minor, currency, created_at
    )
    INSERT INTO refund_executions (refund_request_id, outcome, amount_minor, currency, acquirer_reference, created_at)
    SELECT id, 'Succeeded', amount_minor, currency, 'gen-' || id, created_at FROM requested`.execute(db);
  await sql`
    INSERT INTO payouts (merchant_id, reference, amount_minor, currency, status, schedule, period_start, period_end, paid_at, created_at, updated_at)
    SELECT m.id, 'HH-' || m.position || '-' || to_char(d, 'YYYYMMDD'), 0, m.currency,
      CASE WHEN abs(hashtext('st' || m.position || d::text)) % 25 = 0 THEN 'Failed' ELSE 'Paid' END, 'Daily', d::date, d::date,
      CASE WHEN abs(hashtext('st' || m.position || d::text)) % 25 = 0 THEN NULL ELSE d + interval '1 day 9 hours' END, d + interval '1 day', d + interval '1 day'
    FROM merchants m CROSS JOIN generate_series(${monthStart}::timestamptz, ${monthStart}::timestamptz + interval '29 days', interval '1 day') d
    WHERE m.merchant_group_id = ${groupId}::uuid`.execute(db);
  return groupId;
}
