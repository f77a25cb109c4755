import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import { orderByClause } from '../lists/list-query';
import { COPY_OPTIONS, inlineParameters, pgliteClient, type CopyBody, type CopyFormat } from './copy-out';
import type { ExportQueryParts } from './export-source';
import { keyColumns, rowsAfter, rowsUpTo, type ChunkKey, type KeyValue } from './keyset';

// The embedded engine runs a statement on this very thread: one COPY of a million rows is seconds
// in which the server answers nothing and a cancel waits (decision 0320). So on PGlite an export is
// read in keyset chunks: each chunk is one COPY of the next `chunkRows` rows in the export's own
// order, and between chunks the thread goes back to the event loop, where the requests that came
// in meanwhile run their queries (they queue ahead of the next chunk) and the worker learns whether
// to go on. The chunks' bodies concatenate into exactly the single COPY's body.

/** Bytes handed to the file writer at a time, with a turn of the event loop between them (xlsx work is JavaScript). */
const SLICE_BYTES = 256 << 10;

export interface KeysetOptions {
  chunkRows: number;
  /** Asked before every chunk (and before the first): false stops the export there. */
  proceed: () => Promise<boolean>;
}

/** Which keys hold NULLs among the export's rows (for a NOT NULL column the planner answers without reading a row). */
async function chunkKeys(db: Db, parts: ExportQueryParts): Promise<ChunkKey[]> {
  const probes = parts.keys.map(
    (key, index) => sql`EXISTS (SELECT 1 FROM ${parts.from} WHERE ${parts.where} AND (${sql.raw(key.expr)}) IS NULL) AS ${sql.raw(`n${index}`)}`,
  );
  const { rows } = await sql<Record<string, boolean>>`SELECT ${sql.join(probes)}`.execute(db);
  return parts.keys.map((key, index) => ({ ...key, nullable: rows[0]?.[`n${index}`] === true }));
}

/** The keys of the last row of the chunk that starts after `cursor`; undefined when fewer rows remain (the last chunk). */
async function chunkEnd(db: Db, parts: ExportQueryParts, keys: ChunkKey[], from: RawBuilder<SqlBool>, chunkRows: number): Promise<KeyValue[] | undefined> {
  const { rows } = await sql<Record<string, string | null>>`SELECT ${keyColumns(keys)} FROM ${parts.from}
    WHERE ${parts.where} AND ${from}
    ORDER BY ${orderByClause(keys)} OFFSET ${sql.lit(chunkRows - 1)} LIMIT 1`.execute(db);
  const row = rows[0];
  return row ? keys.map((_, index) => row[`k${index}`] ?? null) : undefined;
}

async function copyChunk(db: Db, query: RawBuilder<unknown>, format: CopyFormat): Promise<{ body: Buffer; rows: number }> {
  const text = inlineParameters(query.compile(db));
  return db.getExecutor().provideConnection(async (connection) => {
    const client = pgliteClient(connection);
    if (!client) throw new Error('keyset COPY chunks are for the embedded engine');
    const result = await client.query(`COPY (${text}) TO '/dev/blob' WITH (${COPY_OPTIONS[format]})`);
    return { body: result.blob ? Buffer.from(await result.blob.arrayBuffer()) : Buffer.alloc(0), rows: result.affectedRows ?? 0 };
  });
}

/** The export's COPY body read chunk by chunk on PGlite, handing the event loop back between chunks and slices. */
export function keysetCopy(db: Db, parts: ExportQueryParts, format: CopyFormat, options: KeysetOptions): CopyBody {
  let copied = 0;
  let finished = false;
  async function* chunks(): AsyncIterable<Buffer> {
    if (!(await options.proceed())) return;
    const keys = await chunkKeys(db, parts);
    let cursor: KeyValue[] | undefined;
    for (;;) {
      const from = cursor ? rowsAfter(keys, cursor) : sql<SqlBool>`TRUE`;
      const end = await chunkEnd(db, parts, keys, from, options.chunkRows);
      const upTo = end ? rowsUpTo(keys, end) : sql<SqlBool>`TRUE`;
      const chunk = await copyChunk(
        db,
        sql`SELECT ${parts.cells} FROM ${parts.from} WHERE ${parts.where} AND ${from} AND ${upTo} ORDER BY ${orderByClause(keys)}`,
        format,
      );
      copied += chunk.rows;
      for (let at = 0; at < chunk.body.length; at += SLICE_BYTES) {
        yield chunk.body.subarray(at, at + SLICE_BYTES);
        await nextTurn();
      }
      if (!end) break;
      cursor = end;
      if (!(await options.proceed())) return;
    }
    finished = true;
  }
  return { chunks: chunks(), rows: () => (finished ? copied : undefined), dispose: async () => undefined };
}
