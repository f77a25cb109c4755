import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../../server/db/database';

/**
 * The plan PostgreSQL (or the embedded engine) would choose for the statement `compile` gives, with sequential scans
 * discouraged. A test database holds a few thousand rows, where a scan is the cheapest plan for anything; on a large
 * database it is not, and an index a statement can use is then the one it uses. With scans discouraged, a plan that
 * still scans shows that no index can serve the statement as written.
 */
export function planWithoutSequentialScans(
  db: Db,
  compile: (trx: Db) => CompiledQuery,
  /** Index scans discouraged too: a walk of a whole b-tree, filtering each row, is what a scan would be on a large table. */
  { orIndexWalks = false }: { orIndexWalks?: boolean } = {},
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    if (orIndexWalks) await sql`SET LOCAL enable_indexscan = off`.execute(trx);
    const compiled = compile(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
