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

/** A column header's words, for the label each phone card gives a value (the lists' headers are `() => t(key)`). */
function headerWords(header: unknown, context: unknown): string {
  const words = typeof header === 'function' ? (header as (context: unknown) => unknown)(context) : header;
  return typeof words === 'string' || typeof words === 'number' ? String(words) : '';
}

/**
 * A server-side TanStack Table v9 table: the server sorts and pages (manualSorting/manualPagination),
 * the parent owns sorting, page and visibility (persisted per table) and fetches with TanStack Query.
 *
 * Below `sm` (a phone) the same table is laid out as one card per row (decision 0526): each value under
 * its column's name, the columns the list declares `keyOnPhone` first, nothing beyond the screen's edge.
 * It stays one table for assistive technology; the header row becomes the sort buttons.
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
      : {
          className: `sticky z-10 ${header ? 'bg-slate-50' : 'bg-white'} shadow-[inset_-1px_0_0_#e2e8f0] max-sm:static max-sm:shadow-none`,
          style: { left },
          'data-pinned': true,
        };
  };
  const anySortable = table.getVisibleLeafColumns().some((column) => column.getCanSort());
  const labels = Object.fromEntries(
    table
      .getHeaderGroups()
      .flatMap((group) => group.headers)
      .map((header) => [header.column.id, headerWords(header.column.columnDef.header, header.getContext())]),
  );
  return (
    <div>
      <div className="relative overflow-x-auto rounded border border-slate-200 bg-white max-sm:overflow-x-visible max-sm:border-0 max-sm:bg-transparent">
        <table ref={pinnedOffsets.tableRef} className="min-w-full text-sm max-sm:block" aria-label={props.label} aria-busy={props.loading}>
          <thead className={`bg-slate-50 text-left text-slate-600 max-sm:block max-sm:bg-transparent ${anySortable ? '' : 'max-sm:sr-only'}`}>
            {table.getHeaderGroups().map((group) => (
              // On a phone: "Sort by" and the sortable columns' buttons; the other headers stay for screen readers.
              <tr
                key={group.id}
                data-label={t('lists.phone.sortBy')}
                className="max-sm:mb-3 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-2 max-sm:before:text-xs max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]"
              >
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
                      className={`whitespace-nowrap px-3 py-2 font-medium ${pin.className ?? ''} ${
                        header.column.getCanSort() && toggle ? 'max-sm:block max-sm:p-0' : 'max-sm:sr-only'
                      }`}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() && toggle ? (
                        <button
                          type="button"
                          className="font-medium hover:underline max-sm:rounded max-sm:border max-sm:border-slate-300 max-sm:bg-white max-sm:px-2 max-sm:py-1 max-sm:text-xs"
                          onClick={toggle}
                        >
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
          <tbody className={`max-sm:flex max-sm:flex-col max-sm:gap-3 ${props.loading ? 'opacity-60' : ''}`}>
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                data-phone-card
                className={`border-t border-slate-100 max-sm:flex max-sm:flex-col max-sm:rounded max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:py-2 ${
                  props.onRowClick ? 'cursor-pointer hover:bg-slate-50' : ''
                }`}
                onClick={
                  props.onRowClick
                    ? (event) => {
                        // The second click of a double click opens nothing: the first one opened the row already,
                        // or it pressed a button that went away under the pointer (an export dialog's Export,
                        // closed by the first click), and the row below would open unasked.
                        if (event.detail > 1) return;
                        props.onRowClick?.(row.original);
                      }
                    : undefined
                }
              >
                {row.getVisibleCells().map((cell) => (
                  // Cells wrap at spaces so the table fits its screen; values that must stay whole
                  // (amounts, dates) render inside <NoWrap>. On a phone each is a line of the row's card,
                  // its column's name before it (a CSS label: the header cell stays the table's own).
                  <td
                    key={cell.id}
                    data-label={labels[cell.column.id]}
                    data-key-on-phone={cell.column.columnDef.meta?.keyOnPhone ? true : undefined}
                    style={pinStyle(cell.column.id, false).style}
                    className={`px-3 py-2 align-top ${pinStyle(cell.column.id, false).className ?? ''} max-sm:flex max-sm:min-w-0 max-sm:gap-3 max-sm:py-1 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:leading-5 max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] max-sm:[overflow-wrap:anywhere] ${
                      cell.column.columnDef.meta?.keyOnPhone ? 'max-sm:font-semibold' : 'max-sm:order-1'
                    }`}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {props.rows.length === 0 && (
              <tr className="max-sm:block max-sm:rounded max-sm:border max-sm:border-slate-200 max-sm:bg-white">
                <td colSpan={visibleCount} className="px-3 py-6 text-center text-slate-500 max-sm:block">
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
