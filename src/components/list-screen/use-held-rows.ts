import { useState } from 'react';
import type { ListPage } from './list-screen';

/** The page a list shows for a view (page, size, sort and filters), remembered between answers. */
export interface HeldPage<TData> {
  view: string;
  page: ListPage<TData>;
}

export interface HeldRowsOutcome<TData> {
  /** The rows on screen. */
  shown: ListPage<TData> | undefined;
  /** Rows of the newest answer that are not on screen yet: the "N new rows" button. */
  newRows: number;
  /** What to remember as shown from now on (undefined: what is remembered stays). */
  remember?: HeldPage<TData>;
  /** What the "new rows" button remembers as shown. */
  onShowNew?: HeldPage<TData>;
}

/**
 * Which rows a list shows, given the page it showed for the view (`held`) and the newest answer.
 * Rows that arrive by themselves (a live update refetched the list, issue 38) do not push the rows a
 * user is reading out from under the cursor: while the list shows the same view an answer with rows
 * it does not show yet is held back, and the screen offers "N new rows" instead. Rows changing in
 * place (a status) show at once, and any other view the user asks for shows what it answers.
 */
export function heldRows<TData>(
  held: HeldPage<TData> | undefined,
  answer: { data: ListPage<TData> | undefined; isPlaceholderData: boolean },
  getRowId: (row: TData) => string,
  view: string,
  enabled: boolean,
): HeldRowsOutcome<TData> {
  const data = answer.data;
  // Off, or the previous view's rows shown while the asked-for one loads: nothing to hold, nothing to remember.
  if (!enabled || answer.isPlaceholderData) return { shown: data, newRows: 0 };
  // The page on view: what was shown for this view, unless the user asked for another view.
  const base = held && held.view === view ? held.page : undefined;
  if (data && (!base || base === data)) {
    const changed = held?.page !== data || held.view !== view;
    return { shown: data, newRows: 0, remember: changed ? { view, page: data } : undefined };
  }
  if (!data || !base) return { shown: data ?? base, newRows: 0 };
  const known = new Set(base.items.map(getRowId));
  const newRows = data.items.filter((row) => !known.has(getRowId(row))).length;
  // Nothing new on the page: updates in place show at once.
  if (newRows === 0) return { shown: data, newRows: 0, remember: { view, page: data } };
  return { shown: base, newRows, onShowNew: { view, page: data } };
}

/** heldRows over the page the list showed last; `showNew` shows the held answer. */
export function useHeldRows<TData>(
  answer: { data: ListPage<TData> | undefined; isPlaceholderData: boolean },
  getRowId: (row: TData) => string,
  view: string,
  enabled: boolean,
): { shown: ListPage<TData> | undefined; newRows: number; showNew: () => void } {
  const [held, setHeld] = useState<HeldPage<TData> | undefined>(undefined);
  const outcome = heldRows(held, answer, getRowId, view, enabled);
  if (outcome.remember) setHeld(outcome.remember);
  const next = outcome.onShowNew;
  return {
    shown: outcome.shown,
    newRows: outcome.newRows,
    showNew: () => {
      if (next) setHeld(next);
    },
  };
}
