import type { RawBuilder } from 'kysely';

/** How a cell is written: text is csv-quoted and formula-guarded; numbers go out as numbers. */
export type CellKind = 'text' | 'number';
/**
 * What a column's SQL yields. Timestamps and amounts come raw from the database and are formatted
 * in JavaScript: to_char and numeric division per row cost more than the rest of the chunk query.
 */
export type ColumnKind = CellKind | 'timestamp' | 'amount';

/** A column of an export: a SQL expression yielding its cell as text (or NULL), and its kind. */
export interface ExportColumn {
  sql: string;
  kind: ColumnKind;
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
  kinds(columns: string[]): ColumnKind[];
  chunkQuery(request: { query: unknown; merchants: 'all' | string[] }, columns: string[], cursor: string[] | undefined, limit: number): ChunkQuery | Promise<ChunkQuery>;
}

export function labelsOf(catalogue: readonly { id: string; label: string }[], columns: string[]): string[] {
  return columns.map((id) => catalogue.find((column) => column.id === id)?.label ?? id);
}

// ISO 4217 minor units where they are not 2; amounts are exported in major units of their currency.
const ZERO_DECIMALS = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** SQL of an amount cell: minor units and currency, formatted by `majorAmount`. */
export function amountSql(minor: string, currency: string): string {
  return `${minor}::text || ':' || ${currency}`;
}

/** `12345:EUR` -> `123.45`; `123400:EUR` -> `1234`; `5:JPY` -> `5` (exact: digits, never a float). */
export function majorAmount(value: string): string {
  const [minor = '', currency = ''] = value.split(':');
  const digits = ZERO_DECIMALS.has(currency) ? 0 : THREE_DECIMALS.has(currency) ? 3 : 2;
  if (digits === 0) return minor;
  const negative = minor.startsWith('-');
  const plain = (negative ? minor.slice(1) : minor).padStart(digits + 1, '0');
  const whole = plain.slice(0, plain.length - digits);
  const fraction = plain.slice(plain.length - digits).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A timestamptz as the database prints it (`2026-10-20 10:00:00.123456+00`) or ISO, as ISO 8601 UTC with ms. */
export function isoTimestamp(value: string): string {
  if (value.endsWith('Z')) return value;
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d+))?([+-]\d{2})(?::?(\d{2}))?(?::\d{2})?$/.exec(value);
  if (!match) return new Date(value).toISOString();
  const [, date, time, fraction = '', hours, minutes = '00'] = match;
  const ms = `${fraction}000`.slice(0, 3);
  if (hours === '+00' && minutes === '00') return `${date}T${time}.${ms}Z`;
  return new Date(`${date}T${time}.${ms}${hours}:${minutes}`).toISOString();
}
