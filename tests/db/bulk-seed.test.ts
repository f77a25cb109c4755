import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/demo/seed-demo';
import { withIndexesRebuiltAfter } from '../../server/demo/seed-volume';

// A bulk seed (at least as many new orders as there were) drops the secondary indexes of the orders and
// of the rows they come with, skips the per-row foreign-key checks and builds the indexes once after
// (decisions 0360, 0615). What a caller sees must be what the row-by-row seed gives: the same orders, the
// same indexes, foreign keys enforced after, and the orders' numbering carrying on.

let db: Db;
const ORDERS = 1200;

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

beforeAll(async () => {
  db = openDatabase({ kind: 'pglite', dataDir: 'memory' });
  await migrateToLatest(db as never);
});
afterAll(async () => {
  await db.destroy();
});

describe('bulk seeding of demo orders', () => {
  it('gives the orders, ledgers, bookings and e-mails of the row-by-row seed, and the indexes the migrations made', async () => {
    const migrated = await indexesOfOrderTables();
    expect(migrated.length).toBeGreaterThan(15);
    await seedDemo(db, { orders: ORDERS });
    expect(await indexesOfOrderTables()).toEqual(migrated);
    expect(await digests()).toEqual(EXPECTED);
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
});
