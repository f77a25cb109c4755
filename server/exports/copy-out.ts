import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { CompiledQuery } from 'kysely';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../db/database';
import { poolOf } from '../db/database';

// The rows of an export leave the database through its own COPY (decision 0127): PostgreSQL
// formats every cell in C, and the bytes reach the export file without a JavaScript object per
// row. Per engine:
//   - PostgreSQL: COPY ... TO STDOUT, streamed through pg-copy-streams with backpressure.
//   - PGlite on disk: COPY ... TO a scratch file inside its data directory (the only directory the
//     embedded server can write to), then read back as a stream and removed.
//   - PGlite in memory (tests): COPY ... TO '/dev/blob', the whole body in one Blob.
// (By default an export on PGlite is read in keyset chunks instead, each a COPY ... TO STDOUT:
// keyset-copy.ts, decisions 0320 and 0335.)
// Memory stays flat on the first two whatever the row count.

export type CopyFormat = 'csv' | 'text';

export interface CopyBody {
  /** The body's bytes, in order. Stopping early (break, throw) is fine: dispose still cleans up. */
  chunks: AsyncIterable<Buffer>;
  /** Rows copied, once known (PGlite: at once; PostgreSQL: after the last chunk). */
  rows(): number | undefined;
  dispose(): Promise<void>;
}

/** COPY takes no bind parameters: inline them as SQL literals (standard_conforming_strings is on). */
export function inlineParameters(compiled: CompiledQuery): string {
  return compiled.sql.replace(/\$(\d+)\b/g, (_, index: string) => {
    const value = compiled.parameters[Number(index) - 1];
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

export const COPY_OPTIONS: Record<CopyFormat, string> = { csv: 'FORMAT csv', text: 'FORMAT text' };
const SCRATCH = 'folio-export-scratch';

/** The PGlite client behind a connection, if this connection is one (the dialect keeps it as `client`). */
export function pgliteClient(connection: unknown): PGlite | undefined {
  const client = (connection as { client?: { query?: unknown; dumpDataDir?: unknown } }).client;
  return client && typeof client.query === 'function' && typeof client.dumpDataDir === 'function' ? (client as PGlite) : undefined;
}

/** The host directory of an on-disk PGlite (where its COPY ... TO '<file>' lands), if it has one. */
function hostDataDir(client: PGlite): string | undefined {
  return client.dataDir && !client.dataDir.includes('://') ? client.dataDir : undefined;
}

async function* blobChunks(blob: Blob | undefined): AsyncIterable<Buffer> {
  if (!blob) return;
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
}

async function pgliteCopy(client: PGlite, body: string, format: CopyFormat, name: string): Promise<CopyBody> {
  const hostDir = hostDataDir(client);
  if (!hostDir) {
    const result = await client.query(`COPY (${body}) TO '/dev/blob' WITH (${COPY_OPTIONS[format]})`);
    return { chunks: blobChunks(result.blob), rows: () => result.affectedRows ?? 0, dispose: async () => undefined };
  }
  await mkdir(path.join(hostDir, SCRATCH), { recursive: true });
  const hostFile = path.join(hostDir, SCRATCH, `${name}.body`);
  const { rows } = await client.query<{ dir: string }>(`SELECT current_setting('data_directory') AS dir`);
  const serverFile = `${rows[0]!.dir}/${SCRATCH}/${name}.body`;
  try {
    const result = await client.query(`COPY (${body}) TO '${serverFile}' WITH (${COPY_OPTIONS[format]})`);
    return {
      chunks: createReadStream(hostFile, { highWaterMark: 64 << 10 }),
      rows: () => result.affectedRows ?? 0,
      dispose: () => rm(hostFile, { force: true }),
    };
  } catch (error) {
    await rm(hostFile, { force: true });
    throw error;
  }
}

async function postgresCopy(db: Db, body: string, format: CopyFormat): Promise<CopyBody> {
  const pool = poolOf(db);
  if (!pool) throw new Error('COPY needs the pool of a PostgreSQL database opened by openDatabase');
  const client = await pool.connect();
  const stream = client.query(copyTo(`COPY (${body}) TO STDOUT WITH (${COPY_OPTIONS[format]})`));
  let finished = false;
  let released = false;
  stream.on('end', () => (finished = true));
  return {
    chunks: stream,
    rows: () => (finished ? stream.rowCount : undefined),
    async dispose() {
      if (released) return;
      released = true;
      // A COPY stopped half-way leaves the connection mid-protocol: it is closed, not reused.
      if (finished) client.release();
      else {
        stream.destroy();
        client.release(true);
      }
    },
  };
}

/**
 * Starts the COPY of a query's rows. `name` names the scratch file (unique per running export).
 * PGlite is one connection: it is held for the COPY statement only, so other callers queue behind
 * that statement, not behind the whole file.
 */
export async function copyOut(db: Db, query: CompiledQuery, format: CopyFormat, name: string): Promise<CopyBody> {
  const body = inlineParameters(query);
  const pglite = await db.getExecutor().provideConnection(async (connection) => {
    const client = pgliteClient(connection);
    return client ? pgliteCopy(client, body, format, name) : undefined;
  });
  return pglite ?? postgresCopy(db, body, format);
}

/** Whether the database is the embedded engine (one connection, queries run on this thread). */
export async function isPglite(db: Db): Promise<boolean> {
  return db.getExecutor().provideConnection(async (connection) => pgliteClient(connection) !== undefined);
}

/** Removes scratch files an interrupted export left behind (called when the worker starts). */
export async function clearCopyScratch(db: Db): Promise<void> {
  await db.getExecutor().provideConnection(async (connection) => {
    const client = pgliteClient(connection);
    const hostDir = client && hostDataDir(client);
    if (hostDir) await rm(path.join(hostDir, SCRATCH), { recursive: true, force: true });
  });
}
