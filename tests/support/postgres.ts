import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Db } from '../../server/db/database';

/** Set by .ci/run: a PostgreSQL server the database tests create throwaway databases on. */
export const postgresUrl = process.env.TEST_DATABASE_URL;

/** A fresh, empty database on the test PostgreSQL server, and a function that drops it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `folio_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A database engine the tests run on: `open` gives a fresh, empty database and a function that removes it. */
export interface TestEngine {
  name: 'pglite' | 'postgres';
  open: () => Promise<{ db: Db; cleanup: () => Promise<void> }>;
}

/** Both engines: the embedded PGlite always (in memory), PostgreSQL when CI provides one (TEST_DATABASE_URL). */
export const testEngines: readonly TestEngine[] = [
  { name: 'pglite', open: async () => ({ db: openDatabase({ kind: 'pglite', dataDir: 'memory' }), cleanup: async () => undefined }) },
  ...(postgresUrl
    ? [
        {
          name: 'postgres' as const,
          open: async () => {
            const fresh = await freshPostgresDatabase();
            return { db: openDatabase({ kind: 'postgres', url: fresh.url }), cleanup: fresh.drop };
          },
        },
      ]
    : []),
];
