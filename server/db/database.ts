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
  if (target.dataDir !== 'memory') mkdirSync(target.dataDir, { recursive: true });
  const client = new PGlite(target.dataDir === 'memory' ? undefined : target.dataDir);
  return new Kysely<Database>({ dialect: new PGliteDialect(client) });
}
