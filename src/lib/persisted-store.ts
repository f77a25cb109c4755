import { useCallback, useSyncExternalStore } from 'react';
import { isPageSize, type PageSize } from '../../contract/paging';

// Spec 3 "Persisted table preferences", spec 9 store name: one localStorage entry, 'persisted-store',
// holding per table its columns, sorting and filters; column pinning for refunds only; the page
// index for transactions only (decision 0133), with the page size it counts in (decision 0196: a
// page index means nothing without its page size, so a reload shows the same rows).
export const PERSISTED_STORE_KEY = 'persisted-store';

export type PersistedTable = 'transactions' | 'refunds' | 'payouts';

export interface ColumnPinning {
  left: string[];
  right: string[];
}

export interface TablePreferences {
  /** Column visibility by column id. */
  columns: Record<string, boolean>;
  sorting: Array<{ id: string; desc: boolean }>;
  filters: Record<string, unknown>;
  /** Refunds only. */
  columnPinning?: ColumnPinning;
  /** Transactions only. */
  pageIndex?: number;
  /** Transactions only, with the page index. */
  pageSize?: PageSize;
}

type StoreShape = Partial<Record<PersistedTable, TablePreferences>>;

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps only what the spec lets this table persist, in the right shapes; anything else is dropped. */
export function sanitizePreferences(table: PersistedTable, value: unknown): TablePreferences | undefined {
  if (!isRecord(value)) return undefined;
  const columns = isRecord(value.columns)
    ? (Object.fromEntries(Object.entries(value.columns).filter(([, shown]) => typeof shown === 'boolean')) as Record<string, boolean>)
    : {};
  const sorting = Array.isArray(value.sorting)
    ? value.sorting
        .filter((s): s is { id: string; desc: boolean } => isRecord(s) && typeof s.id === 'string' && typeof s.desc === 'boolean')
        .map(({ id, desc }) => ({ id, desc }))
    : [];
  const filters = isRecord(value.filters) ? value.filters : {};
  const preferences: TablePreferences = { columns, sorting, filters };
  if (table === 'refunds' && isRecord(value.columnPinning)) {
    const side = (list: unknown) => (Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : []);
    preferences.columnPinning = { left: side(value.columnPinning.left), right: side(value.columnPinning.right) };
  }
  // A negative index is a page counted from the end (-1 the last page, decision 0460): "Last page" on a list whose
  // count is an estimate. Dropping it sent that click back to the first page.
  if (table === 'transactions' && typeof value.pageIndex === 'number' && Number.isInteger(value.pageIndex)) {
    preferences.pageIndex = value.pageIndex;
  }
  if (table === 'transactions' && isPageSize(value.pageSize)) preferences.pageSize = value.pageSize;
  return preferences;
}

function readAll(storage: KeyValueStorage): StoreShape {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(PERSISTED_STORE_KEY) ?? '{}');
    return isRecord(parsed) ? (parsed as StoreShape) : {};
  } catch {
    return {};
  }
}

export function readTablePreferences(storage: KeyValueStorage, table: PersistedTable): TablePreferences | undefined {
  return sanitizePreferences(table, readAll(storage)[table]);
}

export function writeTablePreferences(storage: KeyValueStorage, table: PersistedTable, preferences: TablePreferences): void {
  const all = readAll(storage);
  all[table] = sanitizePreferences(table, preferences);
  try {
    storage.setItem(PERSISTED_STORE_KEY, JSON.stringify(all));
  } catch {
    // A full or blocked storage only loses the preference, never the screen.
  }
}

// ---- React binding: every table reading the same entry sees each other's writes.

const listeners = new Set<() => void>();
const snapshots = new Map<PersistedTable, { raw: string | null; value: TablePreferences | undefined }>();

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function snapshotOf(table: PersistedTable): TablePreferences | undefined {
  const storage = browserStorage();
  if (!storage) return undefined;
  const raw = storage.getItem(PERSISTED_STORE_KEY);
  const cached = snapshots.get(table);
  if (cached && cached.raw === raw) return cached.value;
  const value = readTablePreferences(storage, table);
  snapshots.set(table, { raw, value });
  return value;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The saved preferences of one table (or `fallback`), and a function that saves a change. */
export function usePersistedTable(
  table: PersistedTable,
  fallback: TablePreferences,
): [TablePreferences, (update: (current: TablePreferences) => TablePreferences) => void] {
  const saved = useSyncExternalStore(subscribe, () => snapshotOf(table));
  const current = saved ?? fallback;
  const save = useCallback(
    (update: (current: TablePreferences) => TablePreferences) => {
      const storage = browserStorage();
      if (!storage) return;
      writeTablePreferences(storage, table, update(readTablePreferences(storage, table) ?? fallback));
      for (const listener of listeners) listener();
    },
    [table, fallback],
  );
  return [current, save];
}
