import { useTable, type RowData, type SortingState } from '@tanstack/react-table';
import { useLayoutEffect, useRef, useState } from 'react';
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
  /** Column ids pinned to the left edge (spec 3: refunds); pass their columns first. They stay in view while the table scrolls sideways. */
  pinnedColumns?: readonly string[];
  /** The server counts pages from the end: "Last page" works on an estimated total (decision 0460). */
  pagesFromEnd?: boolean;
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
  const pinnedOffsets = usePinnedOffsets(
    props.pinnedColumns,
    table.getVisibleLeafColumns().map((column) => column.id),
    props.rows,
  );
  const pinStyle = (columnId: string, header: boolean) => {
    const left = pinnedOffsets.offsets[columnId];
    return left === undefined
      ? {}
      : { className: `sticky z-10 ${header ? 'bg-slate-50' : 'bg-white'} shadow-[inset_-1px_0_0_#e2e8f0]`, style: { left }, 'data-pinned': true };
  };
  return (
    <div>
      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table ref={pinnedOffsets.tableRef} className="min-w-full text-sm" aria-label={props.label} aria-busy={props.loading}>
          <thead className="bg-slate-50 text-left text-slate-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const toggle = header.column.getToggleSortingHandler();
                  const pin = pinStyle(header.column.id, true);
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      style={pin.style}
                      data-pinned={pin['data-pinned']}
                      className={`whitespace-nowrap px-3 py-2 font-medium ${pin.className ?? ''}`}
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
                  <td
                    key={cell.id}
                    style={pinStyle(cell.column.id, false).style}
                    className={`px-3 py-2 align-top ${pinStyle(cell.column.id, false).className ?? ''}`}
                  >
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
        pagesFromEnd={props.pagesFromEnd}
      />
    </div>
  );
}

/** Left offsets of the pinned columns, from the rendered widths of the pinned header cells before each. */
function usePinnedOffsets(pinned: readonly string[] | undefined, visible: string[], rows: unknown) {
  const tableRef = useRef<HTMLTableElement>(null);
  const [offsets, setOffsets] = useState<Record<string, number>>({});
  const key = `${(pinned ?? []).join(',')}|${visible.join(',')}`;
  useLayoutEffect(() => {
    const headers = tableRef.current?.querySelectorAll<HTMLTableCellElement>('thead th');
    const next: Record<string, number> = {};
    let left = 0;
    visible.forEach((id, index) => {
      if (!pinned?.includes(id)) return;
      next[id] = left;
      left += headers?.[index]?.offsetWidth ?? 0;
    });
    setOffsets((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    // The key stands for both lists; new rows change the widths.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, rows]);
  return { tableRef, offsets };
}
