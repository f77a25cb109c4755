import { useTable, type RowData, type SortingState } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { dataTableFeatures, type DataTableColumn } from './data-table-features';
import { TablePagination } from './table-pagination';

export interface DataTableProps<TData extends RowData> {
  /** Accessible name of the table. */
  label: string;
  columns: DataTableColumn<TData>[];
  /** The current page, as the server answered it. */
  rows: TData[];
  getRowId: (row: TData) => string;
  total: number;
  totalExact: boolean;
  pageIndex: number;
  pageSize: number;
  sorting: SortingState;
  columnVisibility: Record<string, boolean>;
  onPageIndexChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  onSortingChange: (sorting: SortingState) => void;
  loading: boolean;
  onRowClick?: (row: TData) => void;
  /** What an empty result says (the default speaks of filters). */
  emptyMessage?: string;
}

const sortMarks = { asc: ' ▲', desc: ' ▼' } as const;

/** A cell value that must not break across lines (an amount, a date). */
export function NoWrap({ children }: { children: React.ReactNode }) {
  return <span className="whitespace-nowrap">{children}</span>;
}

/**
 * A server-side TanStack Table v9 table: the server sorts and pages (manualSorting/manualPagination),
 * the parent owns sorting, page and visibility (persisted per table) and fetches with TanStack Query.
 */
export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const { t } = useTranslation();
  const table = useTable({
    features: dataTableFeatures,
    columns: props.columns,
    data: props.rows,
    getRowId: (row) => props.getRowId(row),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    rowCount: props.total,
    state: {
      sorting: props.sorting,
      columnVisibility: props.columnVisibility,
      pagination: { pageIndex: props.pageIndex, pageSize: props.pageSize },
    },
    onSortingChange: (updater) => props.onSortingChange(typeof updater === 'function' ? updater(props.sorting) : updater),
  });
  const visibleCount = table.getVisibleLeafColumns().length;
  return (
    <div>
      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="min-w-full text-sm" aria-label={props.label} aria-busy={props.loading}>
          <thead className="bg-slate-50 text-left text-slate-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const toggle = header.column.getToggleSortingHandler();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="whitespace-nowrap px-3 py-2 font-medium"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() && toggle ? (
                        <button type="button" className="font-medium hover:underline" onClick={toggle}>
                          <table.FlexRender header={header} />
                          {sorted ? sortMarks[sorted] : ''}
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={props.loading ? 'opacity-60' : undefined}>
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className={`border-t border-slate-100 ${props.onRowClick ? 'cursor-pointer hover:bg-slate-50' : ''}`}
                onClick={props.onRowClick ? () => props.onRowClick?.(row.original) : undefined}
              >
                {row.getVisibleCells().map((cell) => (
                  // Cells wrap at spaces so the table fits its screen; values that must stay whole
                  // (amounts, dates) render inside <NoWrap>.
                  <td key={cell.id} className="px-3 py-2 align-top">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {props.rows.length === 0 && (
              <tr>
                <td colSpan={visibleCount} className="px-3 py-6 text-center text-slate-500">
                  {props.loading ? t('common.loading') : (props.emptyMessage ?? t('dataTable.empty'))}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <TablePagination
        pageIndex={props.pageIndex}
        pageSize={props.pageSize}
        total={props.total}
        totalExact={props.totalExact}
        rowsOnPage={props.rows.length}
        onPageIndexChange={props.onPageIndexChange}
        onPageSizeChange={props.onPageSizeChange}
      />
    </div>
  );
}
