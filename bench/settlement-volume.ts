import { sql } from 'kysely';
import type { Db } from '../server/db/database';
import { withIndexesRebuiltAfter } from '../server/demo/seed-volume';
import { feeSql } from '../server/payouts/settlement-build';

// The settlement report's volume for `npm run bench:export` (issue 37: "a settlement report over a
// range of up to 1,000,000 lines streams like the other exports"). Built by the bench alone, never
// by the demo seed or the tests: bench payouts (reference BENCH-...), one per property and UTC day,
// on the days before the demo's own payouts begin, each made of a Capture and a Fee line per order
// of its property and day. The orders are the bench's generated million (their status is not looked
// at: this is volume for the report's reading path, not a settlement the invariant checks).
// Generated in the database with one INSERT ... SELECT per table, the payout_lines indexes rebuilt
// once afterwards, so a million lines take seconds.

export const BENCH_PAYOUT_PREFIX = 'BENCH-';

export interface SettlementVolume {
  /** The report's date range: every bench payout and no demo payout has its period_end in it. */
  from: string;
  to: string;
  payouts: number;
  lines: number;
}

/** The bench payouts there are now, if any. */
export async function benchVolume(db: Db): Promise<SettlementVolume | undefined> {
  const { rows } = await sql<{ from: string | null; to: string | null; payouts: string; lines: string }>`
    SELECT min(p.period_end)::text AS from, max(p.period_end)::text AS to, count(DISTINCT p.id)::text AS payouts, count(l.id)::text AS lines
    FROM payouts p LEFT JOIN payout_lines l ON l.payout_id = p.id WHERE p.reference LIKE ${`${BENCH_PAYOUT_PREFIX}%`}`.execute(db);
  const row = rows[0];
  if (!row?.from || !row.to) return undefined;
  return { from: row.from, to: row.to, payouts: Number(row.payouts), lines: Number(row.lines) };
}

/**
 * Makes the bench payouts hold `lines` lines (an even number: two per order), rebuilding them when
 * they hold another count. Throws when the orders before the demo's payouts are too few.
 */
export async function ensureSettlementVolume(db: Db, lines: number): Promise<SettlementVolume> {
  const existing = await benchVolume(db);
  if (existing?.lines === lines) return existing;
  const orders = Math.ceil(lines / 2);
  await sql`DELETE FROM payout_lines WHERE payout_id IN (SELECT id FROM payouts WHERE reference LIKE ${`${BENCH_PAYOUT_PREFIX}%`})`.execute(db);
  await sql`DELETE FROM payout_attempts WHERE payout_id IN (SELECT id FROM payouts WHERE reference LIKE ${`${BENCH_PAYOUT_PREFIX}%`})`.execute(db);
  await sql`DELETE FROM payouts WHERE reference LIKE ${`${BENCH_PAYOUT_PREFIX}%`}`.execute(db);
  // The demo's payouts cover its last 120 days; the bench's take the days before, so a range ending
  // the day before the first demo payout holds bench payouts only.
  const { rows } = await sql<{ first: string }>`SELECT min(period_start)::text AS first FROM payouts`.execute(db);
  const firstDemoDay = rows[0]?.first;
  if (!firstDemoDay) throw new Error('the settlement bench needs the demo payouts (FOLIO_DEMO)');
  await sql`CREATE TEMP TABLE bench_settled AS
    SELECT o.id, o.merchant_id, o.currency, o.amount_minor, o.created_at, (o.created_at AT TIME ZONE 'UTC')::date AS day
    FROM orders o WHERE o.created_at < (${firstDemoDay}::date)::timestamp AT TIME ZONE 'UTC' ORDER BY o.id LIMIT ${orders}`.execute(db);
  const { rows: found } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM bench_settled`.execute(db);
  if (Number(found[0]!.n) < orders)
    throw new Error(`the settlement bench needs ${orders} orders before ${firstDemoDay}, the database has ${found[0]!.n}: raise BENCH_ORDERS`);
  await sql`
    INSERT INTO payouts (merchant_id, reference, amount_minor, currency, status, schedule, period_start, period_end, paid_at, created_at, updated_at)
    SELECT s.merchant_id, ${BENCH_PAYOUT_PREFIX} || substr(s.merchant_id::text, 1, 8) || '-' || s.currency || '-' || to_char(s.day, 'YYYYMMDD'),
      sum(s.amount_minor), s.currency, 'Paid', 'Daily', s.day, s.day,
      (s.day + 1)::timestamp AT TIME ZONE 'UTC' + interval '9 hours', (s.day + 1)::timestamp AT TIME ZONE 'UTC', (s.day + 1)::timestamp AT TIME ZONE 'UTC'
    FROM bench_settled s GROUP BY s.merchant_id, s.currency, s.day`.execute(db);
  await sql`
    INSERT INTO payout_attempts (payout_id, attempt_no, status, created_at)
    SELECT id, 1, 'Paid', created_at FROM payouts WHERE reference LIKE ${`${BENCH_PAYOUT_PREFIX}%`}`.execute(db);
  // In the order a daily build writes them: day by day, each payout's lines together, each capture
  // followed by its fee (a flat 1.9 % + 0.25 here: the schedule is not what is measured).
  await withIndexesRebuiltAfter(db, 'payout_lines', async (trx) => {
    await sql`
      INSERT INTO payout_lines (payout_id, kind, order_id, amount_minor, currency, booked_at)
      SELECT p.id, k.kind, s.id, CASE k.kind WHEN 'Capture' THEN s.amount_minor ELSE -${sql.raw(feeSql('s.amount_minor', '1.9', '25'))} END, s.currency, s.created_at
      FROM bench_settled s
      JOIN payouts p ON p.merchant_id = s.merchant_id AND p.currency = s.currency AND p.period_start = s.day AND p.reference LIKE ${`${BENCH_PAYOUT_PREFIX}%`}
      CROSS JOIN (VALUES (1, 'Capture'), (2, 'Fee')) AS k (position, kind)
      ORDER BY s.day, p.id, s.id, k.position
      LIMIT ${lines}`.execute(trx);
  });
  await sql`DROP TABLE bench_settled`.execute(db);
  await sql`ANALYZE payouts`.execute(db);
  await sql`ANALYZE payout_lines`.execute(db);
  const volume = await benchVolume(db);
  if (volume?.lines !== lines) throw new Error('the settlement bench volume was not built');
  return volume;
}
