import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { sql } from 'kysely';
import { createPgliteCluster, openDatabase, openPglite } from '../../server/db/database';
import { migrateToLatest, migrations } from '../../server/db/migrate';

// A first start on an empty data directory creates the embedded cluster in a child process, so
// the ~450 MB PGlite's cluster creation holds stays out of the server (decision 0128). The same child
// gives it the schema every migration leaves (decision 0620): the server finds nothing to migrate.

test('creates the embedded cluster once, in another process, and the server then opens it', { timeout: 120_000 }, async () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'folio-cluster-')), 'pglite');
  const externalBefore = process.memoryUsage().external;
  expect(await createPgliteCluster(dataDir)).toBe(true);
  expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  // Creating the cluster in this process would add hundreds of MB of WebAssembly memory here.
  expect(process.memoryUsage().external - externalBefore).toBeLessThan(64 * 1024 * 1024);
  expect(await createPgliteCluster(dataDir)).toBe(false);

  const client = openPglite(dataDir);
  try {
    await client.query('CREATE TABLE kept (note text)');
    await client.query(`INSERT INTO kept VALUES ('still here')`);
    expect((await client.query<{ note: string }>('SELECT note FROM kept')).rows).toEqual([{ note: 'still here' }]);
  } finally {
    await client.close();
  }

  const db = openDatabase({ kind: 'pglite', dataDir });
  try {
    expect(await migrateToLatest(db as never)).toEqual([]);
    const recorded = await sql<{ n: number }>`SELECT count(*)::int AS n FROM kysely_migration`.execute(db);
    expect(recorded.rows[0]!.n).toBe(Object.keys(migrations).length);
    const orders = await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders`.execute(db);
    expect(orders.rows[0]!.n).toBe(0);
  } finally {
    await db.destroy();
  }
});
