import { sql, type RawBuilder } from 'kysely';
import { poolOf, type Db } from '../db/database';
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
 * Runs `load` with the secondary indexes of `tables` dropped, then builds them again, all in one
 * transaction (a failure leaves the indexes as they were). Building an index once over a million
 * rows costs a fraction of keeping it up to date row by row: the orders table has a dozen, one of
 * them a trigram GIN index, and the bookings and their logs are indexed by random uuids. Even at the
 * demo's 30,000 orders on the embedded engine, rebuilding cost less than maintaining
 * (`npx tsx bench/seed-indexes.ts`, decision 0615). Indexes behind a constraint (primary key,
 * unique) stay, and each index is rebuilt from its own stored definition, so whatever migrations
 * made is what comes back. Only for a bulk load: on a large table that gains a few rows, rebuilding
 * would cost more.
 */
export async function withIndexesRebuiltAfter(db: Db, tables: string | readonly string[], load: (trx: Db) => Promise<void>): Promise<void> {
  const names = typeof tables === 'string' ? [tables] : [...tables];
  await db.transaction().execute(async (trx) => {
    const { rows: indexes } = await sql<{ name: string; definition: string }>`
      SELECT quote_ident(i.relname) AS name, pg_get_indexdef(i.oid) AS definition
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND t.relname IN (${sql.join(names)})
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
      ORDER BY t.relname, i.relname`.execute(trx);
    for (const index of indexes) await sql.raw(`DROP INDEX ${index.name}`).execute(trx);
    await bulkLoadSettings(trx);
    await load(trx);
    await sql`SET LOCAL session_replication_role = origin`.execute(trx);
    // A sort area for the builds in proportion to what was loaded (a quarter of the tables' size, from
    // 32 MB to 1 GB), for this transaction only: a large GIN build flushes far less often with it.
    const { rows: sizes } = await sql<{ mb: string }>`
      SELECT (sum(pg_table_size(c.oid)) / 4 / 1048576)::bigint AS mb FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relname IN (${sql.join(names)})`.execute(trx);
    const memoryMb = Math.min(1024, Math.max(32, Number(sizes[0]?.mb ?? 0)));
    await sql.raw(`SET LOCAL maintenance_work_mem = '${memoryMb}MB'`).execute(trx);
    for (const index of indexes) await sql.raw(index.definition).execute(trx);
  });
}

/** An index dropped for a bulk load, to be built again from its own stored definition. */
interface DroppedIndex {
  name: string;
  table: string;
  definition: string;
  method: string;
}

/**
 * The parallel form of `withIndexesRebuiltAfter` for a bulk load on PostgreSQL: the secondary indexes
 * of `tables` are dropped (and that is committed), `load` receives `connections` transactions open at
 * once, so a 2-core server fills the tables with both cores, and they commit together when it
 * resolves (all roll back when it rejects, and the indexes are then built again as they were). The
 * indexes are then built on `connections` connections at once, one index per connection at a time,
 * the costliest first (the orders' trigram GIN index alone is about half of the work, and PostgreSQL
 * 15 builds a GIN index in one process), each b-tree sorting in 64 MB runs (decision 0706). An index that enforces uniqueness without a constraint stays during the load, so what it
 * refuses is refused as the rows are written. The embedded engine has one connection: there this is
 * `withIndexesRebuiltAfter` with that one transaction (decision 0640).
 */
export async function loadWithIndexesRebuilt(
  db: Db,
  tables: readonly string[],
  connections: number,
  load: (transactions: readonly Db[]) => Promise<void>,
  /** Hears 'load' when the rows are committed, and each index's name with its build time. */
  heard: (event: 'load' | { index: string; ms: number }) => void = () => undefined,
): Promise<void> {
  if (!poolOf(db) || connections <= 1) return withIndexesRebuiltAfter(db, tables, (trx) => load([trx]));
  const dropped = await db.transaction().execute(async (trx) => {
    const { rows } = await sql<DroppedIndex>`
      SELECT quote_ident(i.relname) AS name, t.relname AS "table", pg_get_indexdef(i.oid) AS definition, am.amname AS method
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_am am ON am.oid = i.relam
      JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND t.relname IN (${sql.join([...tables])}) AND NOT x.indisunique
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
      ORDER BY t.relname, i.relname`.execute(trx);
    for (const index of rows) await sql.raw(`DROP INDEX ${index.name}`).execute(trx);
    return rows;
  });
  try {
    await inBulkTransactions(db, connections, load);
  } catch (error) {
    // The tables are as they were: so are their indexes, and the load's error is the one told.
    await buildIndexes(db, dropped, connections, () => undefined).catch((rebuild: unknown) => {
      throw new AggregateError([error, rebuild], 'the bulk load failed, and so did building its indexes again');
    });
    throw error;
  }
  heard('load');
  await buildIndexes(db, dropped, connections, heard);
}

/**
 * Runs `work` with `connections` transactions open at once on separate connections (one on the
 * embedded engine, or when `connections` is 1), each set up for a bulk load, and commits them all
 * when it resolves or rolls them all back when it rejects.
 */
export async function inBulkTransactions(db: Db, connections: number, work: (transactions: readonly Db[]) => Promise<void>): Promise<void> {
  if (!poolOf(db) || connections <= 1)
    return db.transaction().execute(async (trx) => {
      await bulkLoadSettings(trx);
      await work([trx]);
    });
  await inTransactionsAtOnce(db, connections, async (transactions) => {
    for (const trx of transactions) {
      await bulkLoadSettings(trx);
      // A row one connection waits for (a unique key another one wrote) would wait for a commit that
      // waits for it in turn, out of the server's sight: an error after a minute instead of a hang.
      await sql`SET LOCAL lock_timeout = '1min'`.execute(trx);
    }
    await work(transactions);
  });
}

/**
 * For a bulk load's transaction: the foreign-key checks skipped (the seed refers only to rows it has
 * just read or written; only a superuser may, and the embedded engine's one user is one), and room for
 * a chunk's written rows, which the statement reads again for their dependent rows (on the 4 MB
 * default they went to a temporary file: 1.4 s of CPU instead of 1.1 at 30,000 orders).
 */
async function bulkLoadSettings(trx: Db): Promise<void> {
  const { rows } = await sql<{ rolsuper: boolean }>`SELECT rolsuper FROM pg_roles WHERE rolname = current_user`.execute(trx);
  if (rows[0]?.rolsuper) await sql`SET LOCAL session_replication_role = replica`.execute(trx);
  await sql`SET LOCAL work_mem = '32MB'`.execute(trx);
}

/**
 * Opens `count` transactions at once on separate connections, runs `work` with them, and commits them
 * all when it resolves or rolls them all back when it (or the opening of one) fails.
 */
async function inTransactionsAtOnce(db: Db, count: number, work: (transactions: readonly Db[]) => Promise<void>): Promise<void> {
  let settle!: (commit: boolean) => void;
  const outcome = new Promise<boolean>((resolve) => (settle = resolve));
  let opened!: () => void;
  const allOpen = new Promise<void>((resolve) => (opened = resolve));
  const transactions: Db[] = [];
  const rollback = new Error('rolled back with the other transactions of the load');
  const running = Array.from({ length: count }, () =>
    db.transaction().execute(async (trx) => {
      transactions.push(trx);
      if (transactions.length === count) opened();
      if (!(await outcome)) throw rollback;
    }),
  );
  const ended = Promise.allSettled(running);
  // An opening that fails ends its transaction before all are open: the others are then rolled back.
  const firstFailure = Promise.race(running.map((transaction) => transaction.then(() => new Promise<never>(() => undefined))));
  try {
    await Promise.race([allOpen, firstFailure]);
    await work(transactions);
  } catch (error) {
    settle(false);
    await ended;
    throw error;
  }
  settle(true);
  const results = await ended;
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Builds `indexes` on `connections` connections at once, the costliest first: the GIN indexes (a build extracts and
 * sorts every trigram of every row, in one process), then the b-trees, each kind by the size of its table. The
 * bookings' trigram index (decision 0719) is a quarter of the orders' rows but long text: 30 s at ten million orders,
 * longer than any b-tree of the orders. Ranked by its table's size, it was built last, alone, after everything else.
 */
async function buildIndexes(
  db: Db,
  indexes: readonly DroppedIndex[],
  connections: number,
  heard: (built: { index: string; ms: number }) => void,
): Promise<void> {
  if (indexes.length === 0) return;
  const { rows: sizes } = await sql<{ table: string; bytes: string }>`
    SELECT c.relname AS "table", pg_table_size(c.oid) AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relname IN (${sql.join([...new Set(indexes.map((index) => index.table))])})`.execute(db);
  const bytesOf = (table: string) => Number(sizes.find((size) => size.table === table)?.bytes ?? 0);
  const gin = (index: DroppedIndex) => (index.method === 'gin' ? 1 : 0);
  const queue = [...indexes].sort((a, b) => gin(b) - gin(a) || bytesOf(b.table) - bytesOf(a.table));
  const failures: unknown[] = [];
  const builder = async () => {
    for (let index = queue.shift(); index; index = queue.shift()) {
      const { definition, name } = index;
      const started = performance.now();
      await db
        .transaction()
        .execute(async (trx) => {
          // A b-tree sorts in runs of 64 MB merged from temporary files, whatever the server's setting: ten
          // million keys sorted in one 900 MB area wait on memory at every comparison (the orders' status index
          // 24.8 s, the guest name's 29.6 s), in 64 MB runs they take 16.1 and 16.3 s (decision 0706). A GIN
          // build keeps the server's own setting: its trigram accumulator grows slower with more room (the
          // orders' trigram index over a million orders: 9.9-10.3 s of CPU with 16-64 MB, 12.4 s with 1 GB; decision 0641).
          if (index.method !== 'gin') await sql`SET LOCAL maintenance_work_mem = '64MB'`.execute(trx);
          await sql.raw(definition).execute(trx);
        })
        .catch((error: unknown) => failures.push(error));
      heard({ index: name, ms: Math.round(performance.now() - started) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(connections, queue.length) }, builder));
  if (failures.length) throw failures[0];
}

function textArray(values: readonly string[], type: 'text' | 'uuid' = 'text'): RawBuilder<unknown> {
  return sql.raw(`ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]::${type}[]`);
}

/**
 * Adds orders numbered from+1 .. from+count, spread over the merchants that take payments, each
 * written once with everything that belongs to it: its ledger and card token, its payment
 * operations, its e-mails, its booking and the booking's log. `progress` hears after each chunk.
 *
 * Set-based: one statement per chunk of CHUNK orders, generated inside the database from the row
 * number (hashtext() of it picks the property, guest, amount, status...), so the same number always
 * yields the same order on both engines. The ids are the ones the identity column would have handed
 * out in the order of creation (taken from its sequence up front, so the ledger and the booking can
 * be derived from the id in the same statement), and an order is never updated after it is written.
 */
export async function seedOrders(
  connections: Db | readonly Db[],
  from: number,
  count: number,
  anchor: string,
  progress?: (added: number, ms: number) => void,
  /** Orders per statement; smaller only where a test needs several chunks from a few orders. */
  chunk = CHUNK,
): Promise<void> {
  const started = performance.now();
  const all = Array.isArray(connections) ? (connections as readonly Db[]) : [connections as Db];
  const db = all[0]!;
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
  // A uuid array: each order's merchant is one element of it, not a text parsed into a uuid per order.
  const ids = textArray(
    merchants.map((merchant) => merchant.id),
    'uuid',
  );
  const currencies = textArray(merchants.map((merchant) => merchant.currency.trim()));
  if (count <= 0) return;
  // The ids: the next one of the identity's sequence and the ones after it, given out by creation time
  // within each chunk as the identity did; the sequence then continues after the last. Taken for all
  // chunks at once, so that chunks written side by side get the ids they would have got one by one.
  const { rows } = await sql<{ first: string }>`SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS first`.execute(db);
  const idBefore = Number(rows[0]!.first) - 1;
  await sql`SELECT setval(pg_get_serial_sequence('orders', 'id'), ${idBefore + count}::bigint)`.execute(db);
  const starts: number[] = [];
  for (let start = from + 1; start <= from + count; start += chunk) starts.push(start);
  let added = 0;
  // Each connection takes the next chunk when it is done with one.
  const writer = async (trx: Db) => {
    for (let start = starts.shift(); start !== undefined; start = starts.shift()) {
      const end = Math.min(start + chunk - 1, from + count);
      await writeChunk(trx, { start, end, firstId: idBefore + start - from, anchor, ids, currencies, merchants: merchants.length });
      added += end - start + 1;
      progress?.(added, Math.round(performance.now() - started));
    }
  };
  await Promise.all(all.map(writer));
}

interface Chunk {
  /** The first and last order number (the row number hashed into each order's values). */
  start: number;
  end: number;
  /** The id of the chunk's first order by creation time. */
  firstId: number;
  anchor: string;
  /** The merchants that take payments, and their currencies, as SQL arrays. */
  ids: RawBuilder<unknown>;
  currencies: RawBuilder<unknown>;
  merchants: number;
}

/** Writes one chunk of orders with everything that belongs to them, in one statement. */
async function writeChunk(db: Db, { start, end, firstId, anchor, ids, currencies, merchants }: Chunk): Promise<void> {
  await sql`
      WITH generated AS (
        SELECT g, n,
          1 + abs(hashtext('m' || n)) % ${merchants} AS property,
          'FOL-' || lpad(n, 8, '0') AS reference_no,
          (${textArray(FIRST_NAMES)})[1 + abs(hashtext('f' || n)) % ${FIRST_NAMES.length}] || ' ' || (${textArray(LAST_NAMES)})[1 + abs(hashtext('l' || n)) % ${LAST_NAMES.length}] AS guest_name,
          'guest' || n || '@example.test' AS guest_email,
          (2500 + abs(hashtext('a' || n)) % 250000)::bigint AS amount_minor,
          (${textArray(STATUSES)})[1 + abs(hashtext('s' || n)) % ${STATUSES.length}] AS status,
          (${textArray(PAYMENT_TYPES)})[1 + abs(hashtext('p' || n)) % ${PAYMENT_TYPES.length}] AS payment_type,
          (${textArray(CATEGORIES)})[1 + abs(hashtext('c' || n)) % ${CATEGORIES.length}] AS charge_category,
          (${textArray(BRANDS)})[1 + abs(hashtext('b' || n)) % ${BRANDS.length}] AS card_brand,
          lpad((abs(hashtext('d' || n)) % 10000)::text, 4, '0') AS card_last4,
          ${anchor}::timestamptz - make_interval(secs => abs(hashtext('t' || n)) % (365 * 86400)) AS created_at
        -- The row number's text once per row rather than once for each value hashed from it (OFFSET 0
        -- keeps the planner from copying the cast into each of them).
        FROM (SELECT g, g::text AS n FROM generate_series(${start}::int, ${end}::int) AS g OFFSET 0) AS numbers
      ),
      numbered AS (
        SELECT generated.*, ${firstId}::bigint - 1 + row_number() OVER (ORDER BY created_at, g) AS id FROM generated
      ),
      orders_in AS (
        INSERT INTO orders (id, merchant_id, booking_id, reference_no, guest_name, guest_email, amount_minor, currency, status, payment_type,
          charge_category, card_brand, card_last4, card_token, authorized_minor, captured_minor, created_at, updated_at)
        OVERRIDING SYSTEM VALUE
        SELECT id, (${ids})[property], CASE WHEN id % 4 = 0 THEN gen_random_uuid() END,
          reference_no, guest_name, guest_email, amount_minor, (${currencies})[property], status, payment_type, charge_category, card_brand, card_last4,
          -- A Tokenized order kept its card token (decision 0210); one in 17 is the demo acquirer's declined test token.
          CASE WHEN status = 'Tokenized' THEN 'demo-tok-' || id || CASE WHEN id % 17 = 0 THEN '-declined' ELSE '' END END,
          -- An authorization (decision 0205): a Tokenized AU order holds one open for its amount, one in three
          -- of them already half captured; a Paid AU order was authorized and captured in full.
          CASE WHEN payment_type = 'AU' AND status IN ('Tokenized', 'Paid') THEN amount_minor ELSE 0 END,
          CASE WHEN payment_type <> 'AU' THEN 0 WHEN status = 'Paid' THEN amount_minor WHEN status = 'Tokenized' AND id % 3 = 0 THEN amount_minor / 2 ELSE 0 END,
          created_at, created_at
        FROM numbered
        ORDER BY created_at, g
        RETURNING id, merchant_id, booking_id, reference_no, guest_name, guest_email, amount_minor, currency, status, payment_type,
          authorized_minor, captured_minor, created_at
      ),
      authorizations AS (
        INSERT INTO payment_operations (order_id, kind, outcome, amount_minor, currency, acquirer_reference, created_at)
        SELECT id, 'Authorization', 'Succeeded', authorized_minor, currency, 'demo-auth-' || id, created_at FROM orders_in WHERE authorized_minor > 0
      ),
      captures AS (
        INSERT INTO payment_operations (order_id, kind, outcome, amount_minor, currency, acquirer_reference, created_at)
        SELECT id, 'Capture', 'Succeeded', captured_minor, currency, 'demo-cap-' || id, created_at + interval '1 hour' FROM orders_in WHERE captured_minor > 0
      ),
      -- Every order with a payment link got the link, and a paid one its receipt.
      emails AS (
        INSERT INTO order_email_history (order_id, recipient, subject, status, sent_at)
        SELECT id, guest_email, 'Your payment link for reservation ' || reference_no, 'Delivered', created_at + interval '5 minutes'
        FROM orders_in WHERE payment_type = 'PL' OR status = 'PaymentLinkSentNoProcessing'
        UNION ALL
        SELECT id, guest_email, 'Payment received for reservation ' || reference_no, 'Delivered', created_at + interval '1 day'
        FROM orders_in WHERE (payment_type = 'PL' OR status = 'PaymentLinkSentNoProcessing') AND status = 'Paid'
      ),
      -- Every fourth order came with a booking (decision 0212): the order's guest, amount and currency, in every
      -- deposit basis and PMS integration, booked two hours before the order.
      booked AS (
        SELECT o.*, h, (ARRAY['None','Ows','Cendyn','OraclePI'])[1 + (h / 3) % 4] AS pms_integration, o.created_at - interval '2 hours' AS booked_at,
          'BK-' || lpad(o.id::text, 8, '0') AS booking_reference
        FROM orders_in o CROSS JOIN LATERAL (SELECT abs(hashtext('bk' || o.id)) AS h) hashed
        WHERE o.booking_id IS NOT NULL
      ),
      bookings_in AS (
        INSERT INTO bookings (id, merchant_id, reference, guest_name, guest_email, check_in, check_out, amount_minor, currency,
          deposit_basis, deposit_minor, pms_integration, created_at)
        SELECT booking_id, merchant_id, booking_reference, guest_name, guest_email,
          (created_at + make_interval(days => (h % 45)::int))::date,
          (created_at + make_interval(days => (h % 45)::int + 1 + (h % 7)::int))::date,
          amount_minor, currency,
          (ARRAY['None','TotalAmount','DepositAmount'])[1 + h % 3],
          CASE WHEN h % 3 = 2 THEN amount_minor * 3 / 10 END,
          pms_integration, booked_at
        FROM booked
      ),
      -- Each booking's log: the reservation its PMS sent (inbound), and for a paid order the payment webhook
      -- delivered to the hotel (outbound; one in seven failed once first). The bodies are the text
      -- json_build_object(...)::text gives, written out: their values need no escaping (a fixed word, digits,
      -- a currency code), and json_build_object works out each argument's type on every call (two million
      -- calls 5.3 s, the same text concatenated 0.9 s; decision 0659).
      booking_logs_in AS (
        INSERT INTO booking_logs (booking_id, source, direction, http_status, message, request_body, response_body, created_at)
        SELECT booking_id, 'Booking', 'Inbound', 200, 'Reservation received from ' || pms_integration,
          '{"integration" : "' || pms_integration || '", "reservation" : "' || booking_reference || '", "event" : "ReservationCreated"}',
          '{"accepted" : true, "booking" : "' || booking_reference || '"}',
          booked_at
        FROM booked WHERE pms_integration <> 'None'
        UNION ALL
        SELECT booking_id, 'Webhook', 'Outbound', 500, 'payment.succeeded delivery failed, retried',
          '{"type" : "payment.succeeded", "orderId" : ' || id || ', "amount" : ' || amount_minor || ', "currency" : "' || currency || '"}',
          '{"error":"internal server error"}', booked_at + interval '3 hours'
        FROM booked WHERE status = 'Paid' AND id % 7 = 0
        UNION ALL
        SELECT booking_id, 'Webhook', 'Outbound', 200, 'payment.succeeded delivered',
          '{"type" : "payment.succeeded", "orderId" : ' || id || ', "amount" : ' || amount_minor || ', "currency" : "' || currency || '"}',
          '{"received":true}', booked_at + interval '3 hours' + CASE WHEN id % 7 = 0 THEN interval '5 minutes' ELSE interval '0' END
        FROM booked WHERE status = 'Paid'
      )
      SELECT count(*) AS added FROM orders_in
    `.execute(db);
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
