import { parseMinorUnits } from '../../lib/format';

// One rule for every filter bar with a range (decisions 0461, 0525): the end of a range that comes before
// its start is said at the end's field and holds the search back; the server refuses the same filter.

/** Typed amounts are compared at the finest scale any currency has (KWD: 3 digits). */
const MOST_MINOR_DIGITS = 3;

/** Two fields of a filter draft that bound one value: days (YYYY-MM-DD, as a date field holds them) or typed amounts. */
export interface FilterRange<V> {
  from: keyof V & string;
  to: keyof V & string;
  kind: 'dates' | 'amounts';
  /** The start field's label, named in the sentence said at the end field. */
  fromLabel: string;
}

/** The ranges of a draft whose end comes before their start, by the end's field name. */
export function invertedRanges<V extends Record<string, unknown>>(draft: V, ranges: ReadonlyArray<FilterRange<V>>): Map<string, FilterRange<V>> {
  const inverted = new Map<string, FilterRange<V>>();
  for (const range of ranges) {
    const from = String(draft[range.from] ?? '').trim();
    const to = String(draft[range.to] ?? '').trim();
    if (from === '' || to === '') continue;
    if (range.kind === 'dates') {
      // Plain days: text order is date order, and one day from and to itself is a range.
      if (to < from) inverted.set(range.to, range);
    } else {
      const min = parseMinorUnits(from, MOST_MINOR_DIGITS);
      const max = parseMinorUnits(to, MOST_MINOR_DIGITS);
      if (min !== undefined && max !== undefined && max < min) inverted.set(range.to, range);
    }
  }
  return inverted;
}
