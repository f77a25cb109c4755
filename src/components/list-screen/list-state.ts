import type { SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isPageSize, type PageSize } from '../../../contract/paging';
import { usePersistedTable, type PersistedTable, type TablePreferences } from '../../lib/persisted-store';

// Where a list screen keeps its state (decision 0196): the filters, sorting, page, page size and
// shown columns. Two homes, one shape: `persisted-store` for the tables spec 3 names (transactions,
// refunds, payouts), the address for lists worth sharing as a link (the KYC applications).

export type ListFilters = Record<string, unknown>;

export interface ListState<TFilters extends ListFilters> {
  filters: TFilters;
  sorting: SortingState;
  pageIndex: number;
  pageSize: PageSize;
  columns: Record<string, boolean>;
}

/** A first visit's state; must be a stable (module-level) object. */
export interface ListDefaults<TFilters extends ListFilters> {
  filters: TFilters;
  sorting: SortingState;
  pageSize: PageSize;
  /** Column visibility of a first visit (all shown when empty). */
  columns: Record<string, boolean>;
}

export interface ListStateStore<TFilters extends ListFilters> {
  state: ListState<TFilters>;
  /** Replaces part of the state; whatever else changes with it (the page) is the caller's to say. */
  update: (change: Partial<ListState<TFilters>>) => void;
}

/**
 * State in `persisted-store` (spec 3). The page index, and the page size it counts in, persist only
 * where `persistPage` (transactions); elsewhere a visit starts on the first page.
 */
export function usePersistedListState<TFilters extends ListFilters>(
  table: PersistedTable,
  defaults: ListDefaults<TFilters>,
  options: { persistPage: boolean },
): ListStateStore<TFilters> {
  const [preferences, save] = usePersistedTable(table, preferencesOf(defaults));
  const [localPage, setLocalPage] = useState({ pageIndex: 0, pageSize: defaults.pageSize });
  const page = options.persistPage ? { pageIndex: preferences.pageIndex ?? 0, pageSize: preferences.pageSize ?? defaults.pageSize } : localPage;
  const state: ListState<TFilters> = {
    filters: { ...defaults.filters, ...(preferences.filters as Partial<TFilters>) },
    sorting: preferences.sorting,
    columns: { ...defaults.columns, ...preferences.columns },
    ...page,
  };
  return {
    state,
    update: (change) => {
      const { pageIndex, pageSize, ...saved } = change;
      const pageChange = { ...(pageIndex !== undefined ? { pageIndex } : {}), ...(pageSize !== undefined ? { pageSize } : {}) };
      if (!options.persistPage) setLocalPage((current) => ({ ...current, ...pageChange }));
      save((current) => ({
        ...current,
        ...(saved.filters ? { filters: saved.filters } : {}),
        ...(saved.sorting ? { sorting: saved.sorting } : {}),
        ...(saved.columns ? { columns: saved.columns } : {}),
        ...(options.persistPage ? pageChange : {}),
      }));
    },
  };
}

const preferencesCache = new WeakMap<object, TablePreferences>();
function preferencesOf(defaults: ListDefaults<ListFilters>): TablePreferences {
  let preferences = preferencesCache.get(defaults);
  if (!preferences) {
    preferences = { columns: defaults.columns, sorting: defaults.sorting, filters: defaults.filters };
    preferencesCache.set(defaults, preferences);
  }
  return preferences;
}

/**
 * State in the address, so a filtered view can be shared and survives a reload: each filter under
 * its own name, then `sortBy`, `dir`, `page` (from 1) and `pageSize`; a value equal to its default
 * is left out. Columns are not part of a link and stay as the defaults.
 */
export function useUrlListState<TFilters extends Record<string, string>>(defaults: ListDefaults<TFilters>): ListStateStore<TFilters> {
  const params = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  const filters = Object.fromEntries(Object.entries(defaults.filters).map(([key, fallback]) => [key, params.get(key) ?? fallback])) as TFilters;
  const sortBy = params.get('sortBy');
  const defaultSort = defaults.sorting[0];
  const sorting: SortingState = sortBy ? [{ id: sortBy, desc: params.get('dir') !== 'asc' }] : defaults.sorting;
  const pageSize = Number(params.get('pageSize'));
  const state: ListState<TFilters> = {
    filters,
    sorting,
    pageIndex: Math.max(0, (Number(params.get('page')) || 1) - 1),
    pageSize: isPageSize(pageSize) ? pageSize : defaults.pageSize,
    columns: defaults.columns,
  };
  return {
    state,
    update: (change) => {
      const next = { ...state, ...change };
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(next.filters)) if (value && value !== defaults.filters[key]) query.set(key, value);
      const sort = next.sorting[0];
      if (sort && (sort.id !== defaultSort?.id || sort.desc !== defaultSort.desc)) {
        query.set('sortBy', sort.id);
        query.set('dir', sort.desc ? 'desc' : 'asc');
      }
      if (next.pageIndex > 0) query.set('page', String(next.pageIndex + 1));
      if (next.pageSize !== defaults.pageSize) query.set('pageSize', String(next.pageSize));
      // A late change (a debounced search) must not pull the user back from the page they opened.
      if (window.location.pathname !== location) return;
      const text = query.toString();
      navigate(`${location}${text ? `?${text}` : ''}`, { replace: true });
    },
  };
}
