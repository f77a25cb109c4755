import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | 'memory' };

// Dates stay 'YYYY-MM-DD' text, as PGlite gives them, rather than a Date at local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

// The pool behind each PostgreSQL database, for what Kysely cannot do: COPY ... TO STDOUT streams.
const pools = new WeakMap<Db, pg.Pool>();

export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

export function openDatabase(target: DatabaseTarget): Db {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    pool.on('error', () => undefined); // idle client errors are reported on the next query
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  return new Kysely<Database>({ dialect: new PGliteDialect(openPglite(target.dataDir)) });
}

/**
 * The embedded engine. Its buffer pool is 16 MB rather than PostgreSQL's 128 MB: the operating
 * system's page cache holds the data files anyway, and on the bench database (a million orders)
 * the smaller pool took the resident memory at open from 363 to 213 MB while a full scan and a
 * COPY of the orders ran no slower (decision 0127).
 */
export function openPglite(dataDir: string | 'memory'): PGlite {
  if (dataDir !== 'memory') mkdirSync(dataDir, { recursive: true });
  return new PGlite(dataDir === 'memory' ? undefined : dataDir, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
}
