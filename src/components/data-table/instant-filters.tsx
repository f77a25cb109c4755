import { useEffect, useState, type ReactNode } from 'react';
import { filterInputClass, filterLabelClass } from './filter-bar';

// Filters that apply as they change, without an apply button: the user, merchant, KYC and sent
// e-mail lists. Choices apply at once; free text once the user pauses typing, so a list is not
// reloaded for every key.

/** How long after the last key a typed search applies. */
export const SEARCH_DELAY_MS = 300;

/** The bar of a list whose filters apply as they change: a search landmark. */
export function InstantFilterBar({ children }: { children: ReactNode }) {
  return (
    <div role="search" className="flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-3">
      {children}
    </div>
  );
}

const WIDTHS = { name: 'w-56', long: 'w-72' } as const;

/**
 * Free text that applies SEARCH_DELAY_MS after the last key. `value` is the search applied now (from
 * the address); `onSearch` gets the text as typed, and the field keeps it while the list reloads.
 */
export function SearchAsYouType(props: {
  label: string;
  value: string;
  onSearch: (typed: string) => void;
  /** name: a person's, group's or property's name; long: an e-mail address or several words. */
  width: keyof typeof WIDTHS;
  maxLength?: number;
}) {
  const [typed, setTyped] = useState(props.value);
  useEffect(() => {
    if (typed === props.value) return;
    const timer = setTimeout(() => props.onSearch(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // Only a new key restarts the wait; a new applied value or callback does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  return (
    <label className={filterLabelClass}>
      {props.label}
      <input
        type="search"
        value={typed}
        maxLength={props.maxLength}
        onChange={(event) => setTyped(event.target.value)}
        className={`${filterInputClass} ${WIDTHS[props.width]}`}
      />
    </label>
  );
}
