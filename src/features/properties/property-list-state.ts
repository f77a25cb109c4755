import { useState } from 'react';
import type { ListDefaults, ListStateStore } from '../../components/list-screen/list-state';
import { useUrlListState } from '../../components/list-screen/list-state';

/**
 * Filters, sorting and page in the address (a filtered list is worth sharing); the shown columns
 * for this visit only, since persisted-store keeps spec 3's three tables and no other.
 */
export function usePropertyListState<TFilters extends Record<string, string>>(defaults: ListDefaults<TFilters>): ListStateStore<TFilters> {
  const address = useUrlListState(defaults);
  const [columns, setColumns] = useState(defaults.columns);
  return {
    state: { ...address.state, columns },
    update: ({ columns: nextColumns, ...rest }) => {
      if (nextColumns) setColumns(nextColumns);
      if (Object.keys(rest).length) address.update(rest);
    },
  };
}
