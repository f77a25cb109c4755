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

export function openDatabase(target: DatabaseTarget): Db {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    pool.on('error', () => undefined); // idle client errors are reported on the next query
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (target.dataDir !== 'memory') mkdirSync(target.dataDir, { recursive: true });
  const client = new PGlite(target.dataDir === 'memory' ? undefined : target.dataDir);
  return new Kysely<Database>({ dialect: new PGliteDialect(client) });
}
