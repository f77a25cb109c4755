import { sql } from 'kysely';
import type { Db } from './database';

// The embedded engine has no autovacuum (decision 0330): nothing ever analyzes its tables or marks
// their pages all-visible. Without statistics the planner guesses (a status filter's count read the
// whole table instead of its index), and without the visibility map an index-only scan still visits
// the heap for every row. So the embedded database is vacuumed and analyzed once at start, after
// migrations and the demo seed: VACUUM skips the pages already all-visible, so after the first start
// it costs little more than ANALYZE's samples (about 0.55 s for the 30,000-order demo).

/** VACUUM ANALYZE of the whole database; returns how long it took. Runs before the server listens. */
export async function vacuumAnalyze(db: Db): Promise<number> {
  const started = performance.now();
  await sql`VACUUM (ANALYZE)`.execute(db);
  return Math.round(performance.now() - started);
}
