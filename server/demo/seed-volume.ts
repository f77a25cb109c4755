import { sql } from 'kysely';
import type { Db } from '../db/database';
import { FIRST_NAMES, LAST_NAMES } from './demo-layout';

// Volume data is generated inside the database with generate_series and hashtext(), which is
// deterministic: the same row number always yields the same order, on PGlite and PostgreSQL alike,
// and a million rows take seconds rather than a million round trips.

const STATUSES = ['Paid', 'Paid', 'Paid', 'Paid', 'Paid', 'Pending', 'Created', 'Tokenized', 'Failed', 'Cancelled', 'PaymentLinkSentNoProcessing'];
const PAYMENT_TYPES = ['PN', 'PN', 'PN', 'PL', 'AU'];
const CATEGORIES = ['Rooms', 'Rooms', 'Rooms', 'FnB', 'Spa', 'Other', 'CheckOut', 'CheckIn'];
const BRANDS = ['Visa', 'Mastercard', 'Amex', 'Maestro', 'JCB'];
const CHUNK = 100_000;

/**
 * Runs `load` with `table`'s secondary indexes dropped, then builds them again, all in one
 * transaction (a failure leaves the indexes as they were). Building an index once over a million
 * rows costs a fraction of keeping it up to date row by row: the orders table has a dozen, one of
 * them a trigram GIN index. Indexes behind a constraint (primary key, unique) stay, and each index
 * is rebuilt from its own stored definition, so whatever migrations made is what comes back.
 * Only for a bulk load: on a large table that gains a few rows, rebuilding would cost more.
 */
export async function withIndexesRebuiltAfter(db: Db, table: string, load: (trx: Db) => Promise<void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows: indexes } = await sql<{ name: string; definition: string }>`
      SELECT quote_ident(i.relname) AS name, pg_get_indexdef(i.oid) AS definition
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND t.relname = ${table}
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
      ORDER BY i.relname`.execute(trx);
    for (const index of indexes) await sql.raw(`DROP INDEX ${index.name}`).execute(trx);
    // Foreign keys are checked by a trigger per written row. The seed refers only to rows it has just
    // read or written (merchants, orders, bookings), so a superuser (the embedded engine's one user)
    // skips those checks for this transaction; another role keeps them.
    const { rows } = await sql<{ rolsuper: boolean }>`SELECT rolsuper FROM pg_roles WHERE rolname = current_user`.execute(trx);
    if (rows[0]?.rolsuper) await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await load(trx);
    if (rows[0]?.rolsuper) await sql`SET LOCAL session_replication_role = origin`.execute(trx);
    // A larger sort area for the builds, for this transaction only.
    await sql`SET LOCAL maintenance_work_mem = '32MB'`.execute(trx);
    for (const index of indexes) await sql.raw(index.definition).execute(trx);
  });
}

function textArray(values: readonly string[]) {
  return sql.raw(`ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]::text[]`);
}

/** Adds orders numbered from+1 .. from+count, spread over the merchants that take payments; `progress` hears after each chunk. */
export async function seedOrders(db: Db, from: number, count: number, anchor: string, progress?: (added: number, ms: number) => void): Promise<void> {
  const started = performance.now();
  // In the groups' name order: their ids are random, and ordered by id the same order number went to
  // a different property in every new database.
  const merchants = await db
    .selectFrom('merchants')
    .innerJoin('merchant_groups', 'merchant_groups.id', 'merchants.merchant_group_id')
    .select(['merchants.id', 'merchants.currency'])
    .where('merchants.status', 'in', ['Active', 'Inactive', 'PendingReview'])
    .orderBy('merchant_groups.name')
    .orderBy('merchants.position')
    .execute();
  if (merchants.length === 0) return;
  const ids = textArray(merchants.map((merchant) => merchant.id));
  for (let start = from + 1; start <= from + count; start += CHUNK) {
    const end = Math.min(start + CHUNK - 1, from + count);
    await sql`
      INSERT INTO orders (merchant_id, reference_no, guest_name, guest_email, amount_minor, currency, status, payment_type, charge_category, card_brand, card_last4, created_at, updated_at)
      SELECT m.id, o.reference_no, o.guest_name, o.guest_email, o.amount_minor, m.currency, o.status, o.payment_type, o.charge_category, o.card_brand, o.card_last4, o.created_at, o.created_at
      FROM (
        SELECT
          (${ids})[1 + abs(hashtext('m' || g)) % ${merchants.length}]::uuid AS merchant_id,
          'FOL-' || lpad(g::text, 8, '0') AS reference_no,
          (${textArray(FIRST_NAMES)})[1 + abs(hashtext('f' || g)) % ${FIRST_NAMES.length}] || ' ' || (${textArray(LAST_NAMES)})[1 + abs(hashtext('l' || g)) % ${LAST_NAMES.length}] AS guest_name,
          'guest' || g || '@example.test' AS guest_email,
          (2500 + abs(hashtext('a' || g)) % 250000)::bigint AS amount_minor,
          (${textArray(STATUSES)})[1 + abs(hashtext('s' || g)) % ${STATUSES.length}] AS status,
          (${textArray(PAYMENT_TYPES)})[1 + abs(hashtext('p' || g)) % ${PAYMENT_TYPES.length}] AS payment_type,
          (${textArray(CATEGORIES)})[1 + abs(hashtext('c' || g)) % ${CATEGORIES.length}] AS charge_category,
          (${textArray(BRANDS)})[1 + abs(hashtext('b' || g)) % ${BRANDS.length}] AS card_brand,
          lpad((abs(hashtext('d' || g)) % 10000)::text, 4, '0') AS card_last4,
          ${anchor}::timestamptz - make_interval(secs => abs(hashtext('t' || g)) % (365 * 86400)) AS created_at
        FROM generate_series(${start}::int, ${end}::int) AS g
      ) o
      JOIN merchants m ON m.id = o.merchant_id
      ORDER BY o.created_at
    `.execute(db);
    progress?.(end - from, Math.round(performance.now() - started));
  }
  await sql`ANALYZE orders`.execute(db);
}

/** Daily payouts for the last 120 days of every merchant that takes payments; about 1 in 25 failed. */
export async function seedPayouts(db: Db, anchor: string): Promise<void> {
  await sql`
    INSERT INTO payouts (merchant_id, reference, amount_minor, currency, status, schedule, period_start, period_end, paid_at, created_at, updated_at)
    SELECT m.id,
      'PO-' || substr(m.id::text, 1, 8) || '-' || to_char(d, 'YYYYMMDD'),
      (50000 + abs(hashtext(m.id::text || d::text)) % 5000000)::bigint,
      m.currency,
      CASE WHEN abs(hashtext('st' || m.id::text || d::text)) % 25 = 0 THEN 'Failed'
           WHEN d > ${anchor}::timestamptz - interval '2 days' THEN 'Processing'
           ELSE 'Paid' END,
      -- The last one also settles the anchor's own day (orders are seeded up to the anchor), so the payout run
      -- finds no closed day of a demo merchant left to settle (decision 0582).
      'Daily', d::date, CASE WHEN d::date = (${anchor}::timestamptz - interval '1 day')::date THEN ${anchor}::date ELSE d::date END,
      CASE WHEN abs(hashtext('st' || m.id::text || d::text)) % 25 = 0 OR d > ${anchor}::timestamptz - interval '2 days' THEN NULL ELSE d + interval '1 day' END,
      d + interval '1 day', d + interval '1 day'
    FROM merchants m
    CROSS JOIN generate_series(${anchor}::timestamptz - interval '120 days', ${anchor}::timestamptz - interval '1 day', interval '1 day') AS d
    WHERE m.status IN ('Active', 'Inactive')
  `.execute(db);
  await sql`
    INSERT INTO payout_attempts (payout_id, attempt_no, status, error, created_at)
    SELECT id, 1, CASE status WHEN 'Scheduled' THEN 'Processing' ELSE status END,
      CASE WHEN status = 'Failed' THEN 'the bank refused the transfer: account details could not be verified' END, created_at
    FROM payouts
  `.execute(db);
}
