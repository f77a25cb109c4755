import type { SortingState } from '@tanstack/react-table';
import { isPageSize } from '../../../contract/paging';
import type { ListFilters, ListStateStore } from './list-state';

/**
 * The behaviour every list screen shares (decision 0196), on top of where its state lives
 * (list-state.ts): new filters, a new sort or a new page size go back to the first page; a stored
 * sort on a column the server no longer sorts by is dropped rather than sent.
 */
export function useListScreen<TFilters extends ListFilters>(store: ListStateStore<TFilters>, options: { sortable: readonly string[] }) {
  const { state, update } = store;
  const sorting = state.sorting.filter((sort) => options.sortable.includes(sort.id));
  return {
    filters: state.filters,
    setFilters: (filters: TFilters) => update({ filters, pageIndex: 0 }),
    sorting,
    setSorting: (next: SortingState) => update({ sorting: next, pageIndex: 0 }),
    pageIndex: state.pageIndex,
    // A negative index counts from the end (-1 the last page); only a pager told the list can do that makes one.
    setPageIndex: (pageIndex: number) => update({ pageIndex }),
    pageSize: state.pageSize,
    setPageSize: (pageSize: number) => {
      if (isPageSize(pageSize)) update({ pageSize, pageIndex: 0 });
    },
    columnVisibility: state.columns,
    setColumnVisibility: (columns: Record<string, boolean>) => update({ columns }),
  };
}

export type ListScreenState<TFilters extends ListFilters> = ReturnType<typeof useListScreen<TFilters>>;
