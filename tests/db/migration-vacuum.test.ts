import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { migrateToLatest, migrations } from '../../server/db/migrate';
import { seedDemo } from '../../server/demo/seed-demo';
import { testEngines } from '../support/postgres';

// Migration 0242 rewrites orders (a stored column). Applied to a database that already holds orders,
// the table must come out analysed and with its pages marked all-visible again, on both engines
// (decision 0341): otherwise every index-only scan reads the table, and on PostgreSQL nothing
// vacuums it until many new orders have been written.

const REWRITE = '0242-orders-guest-search-column';
const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== REWRITE));

const opened: Array<{ db: Db; cleanup: () => Promise<void> }> = [];
afterAll(async () => {
  for (const { db, cleanup } of opened) {
    await db.destroy();
    await cleanup();
  }
});

describe.each(testEngines)('a migration that rewrites orders, on $name', ({ open }) => {
  it('leaves orders analysed, with its pages marked all-visible', async () => {
    const handle = await open();
    opened.push(handle);
    const { db } = handle;
    await migrateToLatest(db as never, before);
    await seedDemo(db, { orders: 3000 });
    await sql`VACUUM (ANALYZE) orders`.execute(db);
    expect(await migrateToLatest(db as never)).toEqual([REWRITE]);
    const { rows } = await sql<{ pages: number; visible: number }>`
      SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE relname = 'orders'`.execute(db);
    expect(rows[0]!.pages).toBeGreaterThan(8);
    expect(rows[0]!.visible).toBeGreaterThanOrEqual(rows[0]!.pages * 0.9);
    const stats = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'orders' AND attname = 'guest_search'`.execute(db);
    expect(stats.rows[0]!.n).toBe(1);
  });
});
