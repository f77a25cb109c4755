import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/demo/seed-demo';
import { seedSettlementLines } from '../../server/demo/seed-payouts';
import { loadWithIndexesRebuilt, withIndexesRebuiltAfter } from '../../server/demo/seed-volume';
import { testEngines } from '../support/postgres';

// A bulk seed (at least as many new orders as there were) drops the secondary indexes of the orders and
// of the rows they come with, skips the per-row foreign-key checks and builds the indexes once after
// (decisions 0360, 0615). What a caller sees must be what the row-by-row seed gives: the same orders, the
// same indexes, foreign keys enforced after, and the orders' numbering carrying on. On PostgreSQL the
// chunks are written over two connections at once and the indexes built side by side (decision 0640):
// the orders come in chunks of 250 here, so both connections write several.

let db: Db;
let cleanup: () => Promise<void>;
const ORDERS = 1200;
const CHUNK = 250;
const ORDER_TABLES = ['orders', 'payment_operations', 'order_email_history', 'bookings', 'booking_logs'];

const indexesOfOrders = async () =>
  (await sql<{ definition: string }>`SELECT indexdef AS definition FROM pg_indexes WHERE tablename = 'orders' ORDER BY indexname`.execute(db)).rows.map(
    (row) => row.definition,
  );
/** The indexes of every table a seed of orders fills. */
const indexesOfOrderTables = async () =>
  (
    await sql<{ definition: string }>`SELECT indexdef AS definition FROM pg_indexes
      WHERE tablename IN ('orders', 'payment_operations', 'order_email_history', 'bookings', 'booking_logs') ORDER BY tablename, indexname`.execute(db)
  ).rows.map((row) => row.definition);

/**
 * Digests of the volume as callers see it: every order (the property by name: ids of merchants and
 * bookings are random uuids), its payment operations, bookings with their logs, e-mails. Pinned from
 * the row-by-row path (the same seed with the bulk load turned off gave these same four digests).
 */
const EXPECTED = {
  orders: '328031bcfa0f2cab30b0fa09ca929610',
  operations: 'd58befbdc7e055e77f4fe64e48f757f2',
  bookings: 'e2fb37c633ffd11d9191e70f1c389cc3',
  emails: '8c3c2b0246d66cd6f0a5da16e088c7e2',
};

async function digests() {
  const one = async (query: ReturnType<typeof sql<{ d: string }>>) => (await query.execute(db)).rows[0]?.d;
  return {
    orders:
      await one(sql`SELECT md5(string_agg((to_jsonb(o) - 'merchant_id' - 'booking_id' || jsonb_build_object('merchant', m.name, 'booking', b.reference))::text, ',' ORDER BY o.id)) AS d
      FROM orders o JOIN merchants m ON m.id = o.merchant_id LEFT JOIN bookings b ON b.id = o.booking_id WHERE o.reference_no LIKE 'FOL-%'`),
    operations:
      await one(sql`SELECT md5(string_agg(row(o.reference_no, p.kind, p.outcome, p.amount_minor, p.created_at)::text, ',' ORDER BY o.reference_no, p.kind)) AS d
      FROM payment_operations p JOIN orders o ON o.id = p.order_id WHERE o.reference_no LIKE 'FOL-%'`),
    bookings:
      await one(sql`SELECT md5(string_agg(row(b.reference, b.check_in, b.check_out, b.deposit_basis, b.pms_integration, l.source, l.http_status, l.created_at)::text, ',' ORDER BY b.reference, l.created_at, l.http_status)) AS d
      FROM bookings b JOIN booking_logs l ON l.booking_id = b.id WHERE b.reference LIKE 'BK-%'`),
    emails: await one(sql`SELECT md5(string_agg(row(o.reference_no, h.subject, h.sent_at)::text, ',' ORDER BY o.reference_no, h.sent_at)) AS d
      FROM order_email_history h JOIN orders o ON o.id = h.order_id WHERE o.reference_no LIKE 'FOL-%'`),
  };
}

/**
 * The same 1,200 orders written 250 to a statement: each chunk numbers its orders by creation time, so
 * the ids (and what is derived from them) differ from one chunk of 1,200. Pinned from the embedded
 * engine, which writes the chunks one after another on its one connection.
 */
const EXPECTED_IN_CHUNKS = {
  orders: 'e6a4da74200276fe6d662308cf3f0b6d',
  operations: '1e619c39a9f7c3d4724358087ee5239a',
  bookings: 'b2c4dc4af28547ccb5d9792b5f692a03',
  emails: '8c3c2b0246d66cd6f0a5da16e088c7e2',
};

// PostgreSQL only: the embedded engine has one connection, and its chunked seed is what the digests were pinned from.
describe.each(testEngines.filter((engine) => engine.name === 'postgres'))('demo orders written in chunks on $name', (engine) => {
  it('are those the one-connection seed writes, chunk by chunk, when the chunks are written over two connections at once', async () => {
    const opened = await engine.open();
    db = opened.db;
    try {
      await migrateToLatest(db as never);
      await seedDemo(db, { orders: ORDERS, chunk: CHUNK });
      expect(await digests()).toEqual(EXPECTED_IN_CHUNKS);
    } finally {
      await db.destroy();
      await opened.cleanup();
    }
  });
});

describe.each(testEngines)('bulk seeding of demo orders on $name', (engine) => {
  beforeAll(async () => {
    ({ db, cleanup } = await engine.open());
    await migrateToLatest(db as never);
  });
  afterAll(async () => {
    await db.destroy();
    await cleanup();
  });

  it('gives the orders, ledgers, bookings and e-mails of the row-by-row seed, and the indexes the migrations made', async () => {
    const migrated = await indexesOfOrderTables();
    expect(migrated.length).toBeGreaterThan(15);
    await seedDemo(db, { orders: ORDERS });
    expect(await indexesOfOrderTables()).toEqual(migrated);
    expect(await digests()).toEqual(EXPECTED);
  });

  it("writes each booking log's bodies as json_build_object writes them (decision 0659)", async () => {
    const { rows } = await sql<{ logs: string; differing: string }>`
      SELECT count(*)::text AS logs, count(*) FILTER (WHERE
        l.request_body IS DISTINCT FROM CASE WHEN l.source = 'Booking'
          THEN json_build_object('integration', b.pms_integration, 'reservation', b.reference, 'event', 'ReservationCreated')::text
          ELSE json_build_object('type', 'payment.succeeded', 'orderId', o.id, 'amount', o.amount_minor, 'currency', o.currency)::text END
        OR (l.source = 'Booking' AND l.response_body IS DISTINCT FROM json_build_object('accepted', true, 'booking', b.reference)::text))::text AS differing
      FROM booking_logs l JOIN bookings b ON b.id = l.booking_id JOIN orders o ON o.booking_id = b.id WHERE b.reference LIKE 'BK-%'`.execute(db);
    expect(Number(rows[0]!.logs)).toBeGreaterThan(200);
    expect(rows[0]!.differing).toBe('0');
  });

  it('tops up with foreign keys checked, carrying on the numbering, and an order written later takes the next id', async () => {
    const before = (await sql<{ n: string; last: string }>`SELECT count(*) AS n, max(id) AS last FROM orders`.execute(db)).rows[0]!;
    // Fewer new orders than there are: the row-by-row path, every foreign key checked as each row is written.
    await seedDemo(db, { orders: Number(before.n) + 100 });
    const added = (
      await sql<{ n: string; first: string; last: string; references: string; booked: string; unbooked: string }>`
        SELECT count(*) AS n, min(o.id) AS first, max(o.id) AS last, count(DISTINCT o.reference_no) AS references,
          count(b.id) AS booked, count(*) FILTER (WHERE o.id % 4 = 0 AND b.id IS NULL) AS unbooked
        FROM orders o LEFT JOIN bookings b ON b.id = o.booking_id WHERE o.id > ${before.last}::bigint`.execute(db)
    ).rows[0]!;
    expect(added).toEqual({
      n: '100',
      first: String(Number(before.last) + 1),
      last: String(Number(before.last) + 100),
      references: '100',
      booked: '25',
      unbooked: '0',
    });
    const { rows } = await sql<{ id: string }>`
      INSERT INTO orders (merchant_id, reference_no, guest_name, amount_minor, currency, status, payment_type)
      SELECT merchant_id, 'LATER-1', 'Later Guest', 100, currency, 'Created', 'PN' FROM orders ORDER BY id LIMIT 1
      RETURNING id`.execute(db);
    expect(rows[0]!.id).toBe(String(Number(before.last) + 101));
  });

  it('enforces foreign keys again once the load is done', async () => {
    await expect(
      sql`INSERT INTO orders (merchant_id, reference_no, guest_name, amount_minor, currency, status, payment_type)
        VALUES (gen_random_uuid(), 'NO-MERCHANT', 'Nobody', 100, 'EUR', 'Paid', 'PN')`.execute(db),
    ).rejects.toThrow(/foreign key/);
  });

  it('leaves the indexes as they were when the load fails', async () => {
    const before = await indexesOfOrders();
    await expect(
      withIndexesRebuiltAfter(db, 'orders', async (trx) => {
        await sql`SELECT 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await indexesOfOrders()).toEqual(before);
  });

  it('rolls back what every connection of a parallel load wrote when one of them fails, and leaves the indexes as they were', async () => {
    const before = await indexesOfOrderTables();
    const count = async () => (await sql<{ n: string }>`SELECT count(*) AS n FROM orders`.execute(db)).rows[0]!.n;
    const orders = await count();
    await expect(
      loadWithIndexesRebuilt(db, ORDER_TABLES, 2, async (transactions) => {
        const [first, last] = [transactions[0]!, transactions[transactions.length - 1]!];
        // A bulk load skips the foreign-key checks: no merchant is needed for this row.
        await sql`INSERT INTO orders (merchant_id, reference_no, guest_name, amount_minor, currency, status, payment_type)
          VALUES (gen_random_uuid(), 'ROLLED-BACK', 'Nobody', 100, 'EUR', 'Created', 'PN')`.execute(first);
        await sql`SELECT 1 / 0`.execute(last);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await count()).toBe(orders);
    expect(await indexesOfOrderTables()).toEqual(before);
  });
});

// The payouts' settlement lines of a seed (decision 0658): built over one connection per core on
// PostgreSQL, a merchant's payouts in one of them, and with the foreign keys of lines that refer to rows
// just read left unchecked. Each check locked the order it named, so settling wrote to every settled
// order again (its row's lock, seen here as the order's xmax, and a WAL record).
describe.each(testEngines)('the settlement lines of a seed on $name', (engine) => {
  it('are the same over two connections as over one, in the same order in each payout, and settling writes nothing to the orders', async () => {
    const { db, cleanup } = await engine.open();
    try {
      await migrateToLatest(db as never);
      await seedDemo(db, { orders: ORDERS });
      const lines = async () =>
        (
          await sql<{ lines: string; captures: string; d: string }>`
            SELECT count(*)::text AS lines, count(*) FILTER (WHERE kind = 'Capture')::text AS captures,
              md5(string_agg(row(l.payout_id, l.position, l.kind, l.order_id, l.refund_request_id, l.carried_payout_id, l.amount_minor, l.currency, l.booked_at, l.note, p.amount_minor)::text, ','
                ORDER BY l.payout_id, l.position)) AS d
            FROM (SELECT *, row_number() OVER (PARTITION BY payout_id ORDER BY id) AS position FROM payout_lines) l JOIN payouts p ON p.id = l.payout_id`.execute(
            db,
          )
        ).rows[0]!;
      // Each order's row version and the transaction that last locked or deleted it, if any.
      const orderRows = async () =>
        (await sql<{ d: string }>`SELECT md5(string_agg(id || ':' || ctid::text || ':' || xmax::text, ',' ORDER BY id)) AS d FROM orders`.execute(db)).rows[0]!
          .d;
      const seeded = await lines();
      expect(Number(seeded.captures)).toBeGreaterThan(50);
      for (const connections of [1, 2]) {
        await sql`DELETE FROM payout_lines`.execute(db);
        const before = await orderRows();
        await seedSettlementLines(db, connections);
        expect(await lines()).toEqual(seeded);
        expect(await orderRows()).toBe(before);
      }
    } finally {
      await db.destroy();
      await cleanup();
    }
  });
});
