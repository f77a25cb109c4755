import type { CompiledQuery } from 'kysely';
import { poolOf, type Db } from './database';

// A statement that every signed-in API call runs (who calls) is parsed and planned by PostgreSQL on
// each run when sent unnamed, as Kysely sends every statement: the caller query took 0.49 ms at the
// median that way and 0.19 ms named (its plan alone took 0.44 ms in EXPLAIN; decision 0339). Named,
// each pool connection parses and plans it once. Only fixed statements whose parameters are keys
// are named: a search's generic plan could suit one filter and not the next.

/**
 * Runs `query` as the named prepared statement `name` on PostgreSQL. Elsewhere it runs as Kysely runs
 * it: on the embedded engine (which prepares repeating statements itself, decision 0334) and on a
 * transaction's connection.
 */
export async function runNamed<R>(db: Db, name: string, query: CompiledQuery<R>): Promise<R[]> {
  const pool = poolOf(db);
  if (!pool) return (await db.executeQuery(query)).rows;
  try {
    const { rows } = await pool.query({ name, text: query.sql, values: [...query.parameters] });
    return rows as R[];
  } catch (error) {
    // Another instance changed a table so that the statement's answer changed shape: PostgreSQL
    // refuses the stale plan on this connection ("cached plan must not change result type"), so
    // the statement runs unnamed.
    if ((error as { code?: unknown }).code === '0A000') return (await db.executeQuery(query)).rows;
    throw error;
  }
}
