import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../../server/db/database';
import { copyOutOfPglite } from '../../server/db/pglite-copy-out';

// An export chunk's COPY on the embedded engine is read from its output stream (decision 0335): the
// body must be byte for byte what COPY ... TO '/dev/blob' gives, whatever the size, and an engine
// error must reach the export rather than a short body.

let client: PGlite;

beforeAll(async () => {
  client = openPglite('memory');
  await client.waitReady;
});
afterAll(async () => {
  await client.close();
});

const viaBlob = async (query: string) =>
  Buffer.from(await ((await client.query(`COPY (${query}) TO '/dev/blob' WITH (FORMAT csv)`)).blob as Blob).arrayBuffer());

describe('COPY out of the embedded engine', () => {
  it('gives the same bytes and row count as COPY TO /dev/blob, for a body far larger than one piece of output', async () => {
    const query = `SELECT n, repeat('ü€', n % 50) AS text, CASE WHEN n % 7 = 0 THEN NULL ELSE 'a,"b"' END AS quoted FROM generate_series(1, 30000) AS n`;
    const expected = await viaBlob(query);
    const copied = await copyOutOfPglite(client, `COPY (${query}) TO STDOUT WITH (FORMAT csv)`);
    expect(expected.length).toBeGreaterThan(2_000_000);
    expect(copied.rows).toBe(30_000);
    expect(copied.body.equals(expected)).toBe(true);
  });

  it('gives an empty body and no rows for a query without rows', async () => {
    const copied = await copyOutOfPglite(client, `COPY (SELECT 1 WHERE false) TO STDOUT WITH (FORMAT csv)`);
    expect(copied).toEqual({ body: Buffer.alloc(0), rows: 0 });
  });

  it('throws the engine error of a COPY that fails midway, and the engine answers the next statement', async () => {
    await expect(copyOutOfPglite(client, `COPY (SELECT 1 / (5000 - n) FROM generate_series(1, 10000) AS n) TO STDOUT WITH (FORMAT csv)`)).rejects.toMatchObject(
      { code: '22012', message: 'division by zero' },
    );
    expect((await client.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
  });
});
