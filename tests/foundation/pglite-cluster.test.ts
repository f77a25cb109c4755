import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { createPgliteCluster, openPglite } from '../../server/db/database';

// A first start on an empty data directory creates the embedded cluster in a child process, so
// the ~450 MB PGlite's cluster creation holds stays out of the server (decision 0128).

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
});
