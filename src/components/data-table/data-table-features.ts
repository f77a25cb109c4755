import { columnVisibilityFeature, rowPaginationFeature, rowSortingFeature, tableFeatures, type ColumnDef, type RowData } from '@tanstack/react-table';

/** The TanStack Table v9 features every server-side table registers: visibility, sorting, pagination (all manual). */
export const dataTableFeatures = tableFeatures({ columnVisibilityFeature, rowSortingFeature, rowPaginationFeature });
export type DataTableFeatures = typeof dataTableFeatures;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column keeps its own value type, as TanStack's helper.columns does.
export type DataTableColumn<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;
