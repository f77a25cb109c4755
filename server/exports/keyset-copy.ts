import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import { copyOutOfPglite } from '../db/pglite-copy-out';
import { orderByClause } from '../lists/list-query';
import { COPY_OPTIONS, inlineParameters, pgliteClient, type CopyBody, type CopyFormat } from './copy-out';
import type { ExportQueryParts } from './export-source';
import { keyColumns, keyText, rowsAfter, type ChunkKey, type KeyValue } from './keyset';

// The embedded engine runs a statement on this very thread: one COPY of a million rows is seconds
// in which the server answers nothing and a cancel waits (decision 0320). So on PGlite an export is
// read in keyset chunks: each chunk is one COPY of the next `chunkRows` rows in the export's own
// order, and between chunks the thread goes back to the event loop, where the requests that came
// in meanwhile run their queries (they queue ahead of the next chunk) and the worker learns whether
// to go on. The chunks' bodies concatenate into exactly the single COPY's body.

/** Bytes handed to the file writer at a time, with a turn of the event loop between them (xlsx work is JavaScript). */
const SLICE_BYTES = 64 << 10;

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

/**
 * Where the chunk cursor reads its keys: the main table alone when the export allows it and neither
 * the filter nor the keys name another table (an index-only scan of the keys, instead of the joins
 * for every row of the chunk again), else the export's own FROM.
 */
function cursorFrom(db: Db, parts: ExportQueryParts): RawBuilder<unknown> {
  const main = parts.keyFrom;
  if (!main) return parts.from;
  const named = [parts.where.compile(db).sql, ...parts.keys.map((key) => key.expr)].flatMap((text) =>
    [...text.matchAll(/\b([a-z_][a-z0-9_]*)\.[a-z_]/g)].map((match) => match[1]),
  );
  return named.every((alias) => alias === main.alias) ? sql.raw(`${main.table} ${main.alias}`) : parts.from;
}

/**
 * One chunk: the COPY of the next `chunkRows` rows after `from`, then (when it was full) the keys of
 * its last row, the next chunk's cursor. Both statements run while this export holds the one
 * connection, so no write slips in between them; the keys are read raw and turned into text for
 * that one row only (a timestamp's text costs more than reading it).
 */
async function copyChunk(db: Db, parts: ExportQueryParts, keys: ChunkKey[], from: RawBuilder<SqlBool>, chunkRows: number, format: CopyFormat) {
  const rowsOf = (source: RawBuilder<unknown>) => sql`FROM ${source} WHERE ${parts.where} AND ${from} ORDER BY ${orderByClause(keys)}`;
  const copy = inlineParameters(sql`SELECT ${parts.cells} ${rowsOf(parts.from)} LIMIT ${sql.lit(chunkRows)}`.compile(db));
  const last = inlineParameters(
    sql`SELECT ${keyText(keys, 'last_row')} FROM (SELECT ${keyColumns(keys)} ${rowsOf(cursorFrom(db, parts))} OFFSET ${sql.lit(chunkRows - 1)} LIMIT 1) AS last_row`.compile(
      db,
    ),
  );
  return db.getExecutor().provideConnection(async (connection) => {
    const client = pgliteClient(connection);
    if (!client) throw new Error('keyset COPY chunks are for the embedded engine');
    const { body, rows: copied } = await copyOutOfPglite(client, `COPY (${copy}) TO STDOUT WITH (${COPY_OPTIONS[format]})`);
    if (copied < chunkRows) return { body, rows: copied, end: undefined };
    const row = (await client.query<Record<string, string | null>>(last)).rows[0];
    const end: KeyValue[] | undefined = row ? keys.map((_, index) => row[`k${index}`] ?? null) : undefined;
    return { body, rows: copied, end };
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
      const chunk = await copyChunk(db, parts, keys, from, options.chunkRows, format);
      copied += chunk.rows;
      for (let at = 0; at < chunk.body.length; at += SLICE_BYTES) {
        yield chunk.body.subarray(at, at + SLICE_BYTES);
        await nextTurn();
      }
      if (!chunk.end) break;
      cursor = chunk.end;
      if (!(await options.proceed())) return;
    }
    finished = true;
  }
  return { chunks: chunks(), rows: () => (finished ? copied : undefined), dispose: async () => undefined };
}
