import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { tablesToMaintain, vacuumAnalyze } from '../../server/db/maintenance';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/demo/seed-demo';

// At start the embedded engine vacuums and analyzes only the tables that changed since their last
// VACUUM or ANALYZE (decision 0330): a restart of an unchanged database does no work, and a table
// that grew is analyzed again, so the planner's statistics follow the data.

let db: Db;

beforeAll(async () => {
  db = openDatabase({ kind: 'pglite', dataDir: 'memory' });
  await migrateToLatest(db as never);
  await seedDemo(db, { orders: 200 });
});
afterAll(async () => {
  await db.destroy();
});

const analyzedRows = async (table: string) =>
  Number((await sql<{ n: number }>`SELECT reltuples AS n FROM pg_class WHERE relname = ${table}`.execute(db)).rows[0]?.n ?? -1);

describe('maintenance of the embedded database at start', () => {
  it('handles every table of a new database once, then none until one grows', async () => {
    // Tables never vacuumed or analyzed (those an index build measured while empty and that grew by a few
    // pages since are left alone: their estimate is close enough).
    const first = await tablesToMaintain(db);
    expect(first).toContain('audit_log');
    expect(await vacuumAnalyze(db)).toMatchObject({ tables: first.length });

    expect(await tablesToMaintain(db)).toEqual([]);
    expect(await vacuumAnalyze(db)).toMatchObject({ tables: 0 });

    const merchant = (await sql<{ id: string }>`SELECT id FROM merchants LIMIT 1`.execute(db)).rows[0]!.id;
    await sql`INSERT INTO orders (merchant_id, reference_no, guest_name, amount_minor, currency, status, payment_type, created_at, updated_at)
      SELECT ${merchant}, 'GROW-' || n, 'Grown Guest', n, 'EUR', 'Paid', 'PN', now(), now() FROM generate_series(1, 5000) AS n`.execute(db);
    expect(await tablesToMaintain(db)).toEqual(['orders']);
    await vacuumAnalyze(db);
    expect(await analyzedRows('orders')).toBeGreaterThanOrEqual(5200);
    expect(await tablesToMaintain(db)).toEqual([]);
  });

  it('handles a table a migration rewrote and analyzed: its pages are no longer marked all-visible', async () => {
    await vacuumAnalyze(db);
    expect(await tablesToMaintain(db)).toEqual([]);
    // As migration 0242 did: a stored generated column rewrites the table, then ANALYZE records its new size.
    await sql`ALTER TABLE orders ADD COLUMN rewritten int GENERATED ALWAYS AS (1) STORED`.execute(db);
    await sql`ANALYZE orders`.execute(db);
    try {
      expect(await tablesToMaintain(db)).toEqual(['orders']);
      await vacuumAnalyze(db);
      const { rows } = await sql<{
        pages: number;
        visible: number;
      }>`SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE relname = 'orders'`.execute(db);
      expect(rows[0]!.visible).toBeGreaterThanOrEqual(rows[0]!.pages * 0.9);
      expect(await tablesToMaintain(db)).toEqual([]);
    } finally {
      await sql`ALTER TABLE orders DROP COLUMN rewritten`.execute(db);
    }
  });
});
