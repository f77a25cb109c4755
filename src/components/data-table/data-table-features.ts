import { columnVisibilityFeature, rowPaginationFeature, rowSortingFeature, tableFeatures, type ColumnDef, type RowData } from '@tanstack/react-table';

/** What a list's column definition says about the column beyond TanStack's own options. */
export interface DataTableColumnMeta {
  /**
   * One of the columns that tell rows apart and say what matters in them (an order's id, guest, amount,
   * status): on a phone, where each row is a card, these come first in the card (decision 0526).
   */
  keyOnPhone?: boolean;
}

/** The TanStack Table v9 features every server-side table registers: visibility, sorting, pagination (all manual). */
export const dataTableFeatures = tableFeatures({
  columnVisibilityFeature,
  rowSortingFeature,
  rowPaginationFeature,
  columnMeta: {} as DataTableColumnMeta,
});
export type DataTableFeatures = typeof dataTableFeatures;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column keeps its own value type, as TanStack's helper.columns does.
export type DataTableColumn<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;

/** The `meta` of a list's key columns: `meta: keyOnPhone(PHONE_KEYS, column.id)`. */
export function keyOnPhone(keys: readonly string[], id: string): DataTableColumnMeta {
  return { keyOnPhone: keys.includes(id) };
}
