import type { RawBuilder } from 'kysely';

/** How a cell is written: text is csv-quoted and formula-guarded; numbers go out as numbers. */
export type CellKind = 'text' | 'number';

/**
 * A column of an export: a SQL expression yielding its cell exactly as the file shows it (text,
 * or NULL for an empty cell), and its kind. Formatting happens in the database, inside its COPY
 * (decision 0127), so no row is ever decoded into JavaScript values.
 */
export interface ExportColumn {
  sql: string;
  kind: CellKind;
  /** Text that can never start like a formula (timestamps, uuids, dates, ISO codes, values a CHECK constraint lists): no csv guard. */
  plain?: boolean;
}

/**
 * What the export worker needs from a domain (orders, payouts): header labels, the kinds of the
 * chosen columns, and the query of the whole export, scoped, filtered and sorted exactly as the
 * table is. `cell` wraps each column's SQL for the file type (the csv formula guard).
 */
export interface ExportSource {
  headers(columns: string[]): string[];
  kinds(columns: string[]): CellKind[];
  query(request: { query: unknown; merchants: 'all' | string[] }, columns: string[], cell: (column: ExportColumn) => string): RawBuilder<unknown> | Promise<RawBuilder<unknown>>;
}

export function labelsOf(catalogue: readonly { id: string; label: string }[], columns: string[]): string[] {
  return columns.map((id) => catalogue.find((column) => column.id === id)?.label ?? id);
}

// ISO 4217 minor units where they are not 2; amounts are exported in major units of their currency.
const ZERO_DECIMALS = ['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'];
const THREE_DECIMALS = ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'];
// Two-decimal currencies most of our hotels charge in, tested first: the answer is the same as the
// ELSE branch's, but a million EUR rows skip 24 comparisons each (0.2 s per million rows, measured).
const COMMON_TWO_DECIMALS = ['EUR', 'GBP', 'CHF', 'USD'];
const list = (codes: string[]) => codes.map((code) => `'${code}'`).join(',');

/** An amount cell in major units of its currency, with its minor digits: 12345 EUR -> 123.45, 1500 JPY -> 1500, 12345 KWD -> 12.345. */
export function amountSql(minor: string, currency: string): string {
  // Multiplying by 0.01 gives exactly two decimals (numeric scales add up); dividing would give sixteen.
  return `(CASE WHEN ${currency} IN (${list(COMMON_TWO_DECIMALS)}) THEN ${minor} * 0.01 WHEN ${currency} IN (${list(ZERO_DECIMALS)}) THEN ${minor}::numeric WHEN ${currency} IN (${list(THREE_DECIMALS)}) THEN ${minor} * 0.001 ELSE ${minor} * 0.01 END)::text`;
}

/** A timestamptz column as ISO 8601 UTC text with milliseconds (2026-10-20T10:00:00.123Z), never formula-like. */
export function timestampColumn(expr: string): ExportColumn {
  return { sql: `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, kind: 'text', plain: true };
}
