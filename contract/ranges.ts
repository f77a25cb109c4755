import type { z } from 'zod';

// One rule for every list filter with a range (decisions 0461, 0525): a range whose end comes before its
// start matches nothing, so the call is refused with the bound to change named, rather than answered
// with no rows that read as "there are none".

/** The instant a from-bound starts at (a date is its UTC midnight). */
export function rangeStart(bound: string): number {
  return Date.parse(bound.length === 10 ? `${bound}T00:00:00.000Z` : bound);
}
/** The instant a to-bound ends at, exclusive (a date covers its whole UTC day). */
export function rangeEnd(bound: string): number {
  return bound.length === 10 ? Date.parse(`${bound}T00:00:00.000Z`) + 86_400_000 : Date.parse(bound);
}

/** A filter's pair of bounds: dates or date-times, or amounts in minor units (both inclusive). */
export interface FilterRange<K extends string> {
  from: K;
  to: K;
  kind: 'dates' | 'amounts';
}

export const INVERTED_RANGE_MESSAGES = {
  dates: 'the end date is before the start date',
  amounts: 'the largest amount is below the smallest',
} as const;

/**
 * The filter schema's refinement: each inverted range is an issue at its `to` bound. One day from and to
 * itself is a range (a date covers its day); equal amounts are a range.
 */
export function refuseInvertedRanges<K extends string>(...ranges: Array<FilterRange<K>>) {
  return (filter: Partial<Record<K, unknown>>, ctx: z.RefinementCtx) => {
    for (const range of ranges) {
      const from = filter[range.from];
      const to = filter[range.to];
      if (from === undefined || to === undefined) continue;
      const inverted =
        range.kind === 'amounts'
          ? typeof from === 'number' && typeof to === 'number' && from > to
          : typeof from === 'string' && typeof to === 'string' && rangeStart(from) >= rangeEnd(to);
      if (inverted) ctx.addIssue({ code: 'custom', path: [range.to], message: INVERTED_RANGE_MESSAGES[range.kind] });
    }
  };
}
