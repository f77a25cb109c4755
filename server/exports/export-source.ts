import type { RawBuilder, SqlBool } from 'kysely';
import type { SortKey } from '../lists/list-query';
import type { SheetCellKind } from './xlsx-stream';

/**
 * How a cell is written. csv: text is quoted and formula-guarded, the rest goes out as the SQL
 * gives it. xlsx: see SheetCellKind (text, number, money with its currency, date and dateTime cells).
 */
export type CellKind = SheetCellKind;

/** A column as xlsx shows it, when that differs from csv; its SQL may depend on the reader's time zone. */
export interface XlsxCell {
  sql: string | ((timeZone: string) => string);
  kind: CellKind;
}

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
  /**
   * The cell in xlsx, for people (decision 0202): the screen's words for codes, date cells in the
   * reader's time zone, amounts as numbers in their currency's format.
   */
  xlsx?: XlsxCell;
  /**
   * The cell in csv when `sql` is not what the screen shows (decision 0463: one export shape): the
   * screen's words for a code, a time as the reader's clock reads it. Text that never starts like a formula.
   */
  csv?: string | ((timeZone: string) => string);
}

/** The SQL of a column's csv text, for a reader in `timeZone` (the formula guard is added by the writer). */
export function csvShownColumn(timeZone: string): (column: ExportColumn) => ExportColumn {
  return (column) => {
    if (column.csv === undefined) return column;
    return { sql: typeof column.csv === 'function' ? column.csv(timeZone) : column.csv, kind: 'text', plain: true };
  };
}

/** A time column's header names the zone its times are in, in both formats: "Created (Europe/Amsterdam)". */
export function headersWithZone(labels: string[], kinds: CellKind[], timeZone: string): string[] {
  return labels.map((label, index) => (kinds[index] === 'dateTime' ? `${label} (${timeZone})` : label));
}

/** The SQL of a column's xlsx cell, for a reader in `timeZone`. */
export function xlsxCellSql(timeZone: string): (column: ExportColumn) => string {
  return (column) => {
    const sql = column.xlsx?.sql ?? column.sql;
    return typeof sql === 'function' ? sql(timeZone) : sql;
  };
}

export function xlsxKindOf(column: ExportColumn): CellKind {
  return column.xlsx?.kind ?? column.kind;
}

/** The export's query in pieces, so the worker can read it in keyset chunks (decision 0320). */
export interface ExportQueryParts {
  /** The chosen columns' cells, as a SELECT list. */
  cells: RawBuilder<unknown>;
  /** FROM with its joins, and the WHERE of the filter and the caller's scope. */
  from: RawBuilder<unknown>;
  where: RawBuilder<SqlBool>;
  /** The ORDER BY keys: a total order (ending in a unique key), so a chunk boundary never splits a tie. */
  keys: SortKey[];
  /**
   * The main table alone, with the alias `from` gives it, when its joins neither add nor drop rows (a
   * required parent through a NOT NULL foreign key): the chunk cursor then reads the keys without them.
   */
  keyFrom?: { table: string; alias: string };
}

type ExportRequest = { query: unknown; merchants: 'all' | string[] };

/**
 * What the export worker needs from a domain (orders, payouts): header labels, the xlsx kinds of the
 * chosen columns, and the query of the whole export, scoped, filtered and sorted exactly as the
 * table is. `cell` wraps each column's SQL for the file type (the csv formula guard). `parts` is the
 * same query in pieces: with it, the embedded engine reads the export in chunks instead of one COPY.
 */
export interface ExportSource {
  headers(columns: string[]): string[];
  kinds(columns: string[]): CellKind[];
  query(request: ExportRequest, columns: string[], cell: (column: ExportColumn) => string): RawBuilder<unknown> | Promise<RawBuilder<unknown>>;
  parts?(request: ExportRequest, columns: string[], cell: (column: ExportColumn) => string): ExportQueryParts | Promise<ExportQueryParts>;
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

/** A string as an SQL literal (COPY takes no parameters). */
export function sqlLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** Day 0 of a spreadsheet's dates is 1899-12-30; 1970-01-01 is day 25569. */
const UNIX_EPOCH_DAY = 25569;

/**
 * A timestamptz column, as the clock reads where the reader is (the export's time zone, named in the
 * header). csv: `2026-10-20 12:00:00` text. xlsx: a date cell of that clock time.
 */
export function timestampColumn(expr: string): ExportColumn {
  return {
    sql: `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    kind: 'text',
    plain: true,
    csv: (timeZone) => `to_char(${expr} AT TIME ZONE ${sqlLiteral(timeZone)}, 'YYYY-MM-DD HH24:MI:SS')`,
    xlsx: {
      kind: 'dateTime',
      sql: (timeZone) => `round(extract(epoch FROM ${expr} AT TIME ZONE ${sqlLiteral(timeZone)}) / 86400 + ${UNIX_EPOCH_DAY}, 8)::text`,
    },
  };
}

/** A date column (a day, no time zone). csv: YYYY-MM-DD. xlsx: a date cell. */
export function dateColumn(expr: string): ExportColumn {
  return { sql: `${expr}::text`, kind: 'text', plain: true, xlsx: { kind: 'date', sql: `(${expr} - DATE '1899-12-30')::text` } };
}

/** An amount in minor units. csv: the major-unit decimal (amountSql). xlsx: that number shown in its currency's format. */
export function moneyColumn(minor: string, currency: string): ExportColumn {
  const amount = amountSql(minor, currency);
  return { sql: amount, kind: 'number', xlsx: { kind: 'money', sql: `${amount} || ' ' || ${currency}` } };
}

/** A coded value (payment type PN, a status): in both formats the words the screen shows for it. */
export function labelledColumn(expr: string, labels: Readonly<Record<string, string>>): ExportColumn {
  const cases = Object.entries(labels)
    .map(([code, label]) => `WHEN ${sqlLiteral(code)} THEN ${sqlLiteral(label)}`)
    .join(' ');
  const shown = `CASE ${expr} ${cases} ELSE ${expr} END`;
  return { sql: expr, kind: 'text', plain: true, xlsx: { kind: 'text', sql: shown }, csv: shown };
}
