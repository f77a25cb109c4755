import type { RawBuilder } from 'kysely';

/** How a column is written: text is csv-quoted and formula-guarded; numbers go out as numbers. */
export type CellKind = 'text' | 'number';

/** A column of an export: a SQL expression yielding its cell as text (or NULL), and its kind. */
export interface ExportColumn {
  sql: string;
  kind: CellKind;
}

export interface ChunkQuery {
  query: RawBuilder<unknown>;
  keyCount: number;
}

/**
 * What the export worker needs from a domain (orders, payouts): header labels, the kinds of the
 * chosen columns, and the query of one keyset chunk, scoped and filtered exactly as the table is.
 * The query selects the chosen columns as text, then the `keyCount` sort keys as text.
 */
export interface ExportSource {
  headers(columns: string[]): string[];
  kinds(columns: string[]): CellKind[];
  chunkQuery(request: { query: unknown; merchants: 'all' | string[] }, columns: string[], cursor: string[] | undefined, limit: number): ChunkQuery | Promise<ChunkQuery>;
}

export function labelsOf(catalogue: readonly { id: string; label: string }[], columns: string[]): string[] {
  return columns.map((id) => catalogue.find((column) => column.id === id)?.label ?? id);
}

// ISO 4217 minor units where they are not 2; amounts are exported in major units of their currency.
const ZERO_DECIMALS = ['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'];
const THREE_DECIMALS = ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'];
const list = (codes: string[]) => codes.map((code) => `'${code}'`).join(',');

/** SQL text of `minor` in major units of `currency`, without trailing zeros (12345 EUR -> 123.45). */
export function majorAmountSql(minor: string, currency: string): string {
  return `trim_scale(${minor}::numeric / (CASE WHEN ${currency} IN (${list(ZERO_DECIMALS)}) THEN 1 WHEN ${currency} IN (${list(THREE_DECIMALS)}) THEN 1000 ELSE 100 END))::text`;
}

/** SQL text of a timestamp as ISO 8601 UTC with milliseconds, as the search API answers it. */
export function isoTimestampSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
