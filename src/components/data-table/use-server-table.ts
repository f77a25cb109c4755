import type { SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { usePersistedTable, type PersistedTable, type TablePreferences } from '../../lib/persisted-store';
import { isPageSize, type PageSize } from '../../../contract/paging';

export interface ServerTableDefaults<TFilters extends Record<string, unknown>> {
  /** Column visibility of a first visit. */
  columns: Record<string, boolean>;
  sorting: SortingState;
  filters: TFilters;
}

const DEFAULT_PAGE_SIZE: PageSize = 25;

/**
 * The state of a server-side table, persisted in `persisted-store` as spec 3 says: columns, sorting,
 * filters, and the page index where `persistPageIndex` (transactions). Changing filters, sorting or
 * page size goes back to the first page. `defaults` must be a stable (module-level) object.
 */
export function useServerTable<TFilters extends Record<string, unknown>>(
  table: PersistedTable,
  defaults: TablePreferences & { filters: TFilters },
  options: { persistPageIndex: boolean },
) {
  const [preferences, save] = usePersistedTable(table, defaults);
  const [localPageIndex, setLocalPageIndex] = useState(0);
  const [pageSize, setPageSizeState] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const pageIndex = options.persistPageIndex ? (preferences.pageIndex ?? 0) : localPageIndex;
  const setPageIndex = (next: number) => {
    if (options.persistPageIndex) save((current) => ({ ...current, pageIndex: next }));
    else setLocalPageIndex(next);
  };
  const firstPage = (current: TablePreferences): TablePreferences => (options.persistPageIndex ? { ...current, pageIndex: 0 } : current);
  return {
    filters: { ...defaults.filters, ...preferences.filters } as TFilters,
    setFilters: (filters: TFilters) => {
      if (!options.persistPageIndex) setLocalPageIndex(0);
      save((current) => firstPage({ ...current, filters }));
    },
    sorting: preferences.sorting as SortingState,
    setSorting: (sorting: SortingState) => {
      if (!options.persistPageIndex) setLocalPageIndex(0);
      save((current) => firstPage({ ...current, sorting }));
    },
    columnVisibility: { ...defaults.columns, ...preferences.columns },
    setColumnVisibility: (columns: Record<string, boolean>) => save((current) => ({ ...current, columns })),
    pageIndex,
    setPageIndex,
    pageSize,
    setPageSize: (next: number) => {
      if (!isPageSize(next)) return;
      setPageSizeState(next);
      setPageIndex(0);
    },
  };
}
