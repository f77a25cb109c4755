import type { Db } from '../db/database';

/** One spreadsheet cell: text (csv-escaped and formula-guarded on write), a number, or empty. */
export type Cell = string | number | null;

/**
 * What the export worker needs from a domain (orders, payouts): the header labels of the chosen
 * columns and the rows in keyset chunks, already scoped and filtered exactly as the table is.
 */
export interface ExportSource {
  headers(columns: string[]): string[];
  readChunk(
    db: Db,
    request: { query: unknown; merchants: 'all' | string[] },
    columns: string[],
    cursor: string[] | undefined,
    limit: number,
  ): Promise<{ rows: Cell[][]; cursor: string[] | undefined }>;
}

const fractionDigits = new Map<string, number>();

/** Minor units to the currency's major units (2 decimals for EUR, 0 for JPY), as ISO 4217 says. */
export function majorAmount(minor: number, currency: string): number {
  let digits = fractionDigits.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    fractionDigits.set(currency, digits);
  }
  return digits === 0 ? minor : Number((minor / 10 ** digits).toFixed(digits));
}

export function labelsOf(catalogue: readonly { id: string; label: string }[], columns: string[]): string[] {
  return columns.map((id) => catalogue.find((column) => column.id === id)?.label ?? id);
}
