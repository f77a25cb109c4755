import { sql } from 'kysely';
import type { Db } from './database';

// The embedded engine has no autovacuum (decision 0330): nothing ever analyzes its tables or marks
// their pages all-visible. Without statistics the planner guesses (a status filter's count read the
// whole table instead of its index), and without the visibility map an index-only scan still visits
// the heap for every row. So at start, after migrations and the demo seed, the tables that changed
// are vacuumed and analyzed.
//
// Only those: ANALYZE's samples and VACUUM's work grow the engine's WebAssembly memory, which never
// shrinks. On the 100,000-order bench database one process grew by 38 MB for a VACUUM ANALYZE of
// everything (18 MB with maintenance_work_mem at 8 MB). The engine keeps no activity statistics
// across restarts, so "changed" is read from the catalogue: never analyzed, its size in pages more
// than a tenth (and 8 pages) away from what the last VACUUM or ANALYZE recorded, or fewer than half
// of its pages marked all-visible. The last catches a table a migration rewrote (a stored column
// added): its visibility map starts empty, and an ANALYZE in that migration records the new size,
// so the size test alone would leave every index-only scan visiting the heap (on the load bench's
// 100,000 orders: 166-181 calls/s instead of 233-240). An unchanged database costs nothing at start.

/** The tables that changed since their last VACUUM or ANALYZE (or never had one). */
export async function tablesToMaintain(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT quote_ident(c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r'
      AND (c.reltuples < 0
        OR abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > greatest(8, c.relpages / 10)
        OR (c.relpages > 8 AND c.relallvisible < c.relpages / 2))
    ORDER BY c.relname`.execute(db);
  return rows.map((row) => row.name);
}

/** VACUUM ANALYZE of the tables that changed, before the server listens. */
export async function vacuumAnalyze(db: Db): Promise<{ tables: number; ms: number }> {
  const started = performance.now();
  const tables = await tablesToMaintain(db);
  if (tables.length > 0) {
    // Session-wide on the one connection, so it stays low for anything later that vacuums.
    await sql`SET maintenance_work_mem = '8MB'`.execute(db);
    await sql.raw(`VACUUM (ANALYZE) ${tables.join(', ')}`).execute(db);
  }
  return { tables: tables.length, ms: Math.round(performance.now() - started) };
}
