import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';

// Reading an export chunk as text fields. On the embedded PGlite, decoding result rows field by
// field in JavaScript costs ten times the query itself, so a chunk is fetched with
// COPY (query) TO '/dev/blob' in text format (pglite.dev "Copy" example): one blob per chunk, one
// record per line, tab-separated, with backslash escapes. Elsewhere (PostgreSQL through pg) the
// rows come back normally. Either way each field is text or null.

export type TextRow = (string | null)[];

interface BlobClient {
  query(sql: string, params?: unknown[]): Promise<{ blob?: Blob }>;
}

/** The PGlite client behind a connection, if this connection is one (the dialect keeps it as `client`). */
function pgliteClient(connection: unknown): BlobClient | undefined {
  const client = (connection as { client?: { query?: unknown; dumpDataDir?: unknown } }).client;
  return client && typeof client.query === 'function' && typeof client.dumpDataDir === 'function' ? (client as BlobClient) : undefined;
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

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

function unescapeField(field: string): string | null {
  if (field === '\\N') return null;
  return field.includes('\\') ? field.replace(/\\(.)/g, (_, char: string) => ESCAPES[char] ?? char) : field;
}

export function parseCopyText(text: string): TextRow[] {
  const rows: TextRow[] = [];
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end);
    rows.push(line.split('\t').map(unescapeField));
    start = end === -1 ? text.length : end + 1;
  }
  return rows;
}

function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Runs a chunk query whose last `keyCount` columns are the sort keys; returns the cells and the next cursor. */
export async function readTextChunk(db: Db, query: RawBuilder<unknown>, keyCount: number): Promise<{ rows: TextRow[]; cursor: string[] | undefined }> {
  const compiled = query.compile(db);
  const rows = await db.getExecutor().provideConnection(async (connection) => {
    const client = pgliteClient(connection);
    if (client) {
      const result = await client.query(`COPY (${inlineParameters(compiled)}) TO '/dev/blob' WITH (FORMAT text)`);
      return parseCopyText(result.blob ? await result.blob.text() : '');
    }
    const result = await connection.executeQuery<Record<string, unknown>>(compiled);
    return result.rows.map((row) => Object.values(row).map(textOf));
  });
  const last = rows[rows.length - 1];
  const cursor = last ? (last.slice(last.length - keyCount) as string[]) : undefined;
  return { rows: rows.map((row) => row.slice(0, row.length - keyCount)), cursor };
}

/** `expr AS cN` for every column, then `kN` for every key: unique names keep Object.values in order. */
export function chunkSelections(columns: string[], keys: string[]): RawBuilder<unknown> {
  return sql.raw([...columns.map((expr, index) => `${expr} AS c${index}`), ...keys.map((expr, index) => `${expr}::text AS k${index}`)].join(', '));
}
