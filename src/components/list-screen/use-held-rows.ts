import { useState } from 'react';
import type { ListPage } from './list-screen';

/**
 * Rows that arrive by themselves (a live update refetched the list, issue 38) do not push the rows a
 * user is reading out from under the cursor: while the list shows the same view (page, size, sort and
 * filters) an answer with rows it does not show yet is held back, and the screen offers "N new rows"
 * instead; `showNew` shows it. Rows changing in place (a status) show at once, and any other view the
 * user asks for shows what it answers.
 */
export function useHeldRows<TData>(
  answer: { data: ListPage<TData> | undefined; isPlaceholderData: boolean },
  getRowId: (row: TData) => string,
  view: string,
  enabled: boolean,
): { shown: ListPage<TData> | undefined; newRows: number; showNew: () => void } {
  const [held, setHeld] = useState<{ view: string; page: ListPage<TData> } | undefined>(undefined);
  const data = answer.data;
  // Off, or the previous view's rows shown while the asked-for one loads: nothing to hold, nothing to remember.
  if (!enabled || answer.isPlaceholderData) return { shown: data, newRows: 0, showNew: () => undefined };
  // The page on view: what was shown for this view, unless the user asked for another view.
  const base = held && held.view === view ? held.page : undefined;
  if (data && (!base || base === data)) {
    if (held?.page !== data || held.view !== view) setHeld({ view, page: data });
    return { shown: data, newRows: 0, showNew: () => undefined };
  }
  if (!data || !base) return { shown: data ?? base, newRows: 0, showNew: () => undefined };
  const known = new Set(base.items.map(getRowId));
  const newRows = data.items.filter((row) => !known.has(getRowId(row))).length;
  // Nothing new on the page: updates in place show at once.
  if (newRows === 0) {
    setHeld({ view, page: data });
    return { shown: data, newRows: 0, showNew: () => undefined };
  }
  return { shown: base, newRows, showNew: () => setHeld({ view, page: data }) };
}
