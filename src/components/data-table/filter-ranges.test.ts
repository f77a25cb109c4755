import { describe, expect, test } from 'vitest';
import { invertedRanges, type FilterRange } from './filter-ranges';

type Draft = { createdFrom: string; createdTo: string; amountMin: string; amountMax: string };
const RANGES: Array<FilterRange<Draft>> = [
  { from: 'createdFrom', to: 'createdTo', kind: 'dates', fromLabel: 'Created from' },
  { from: 'amountMin', to: 'amountMax', kind: 'amounts', fromLabel: 'Amount from' },
];
const draft = (values: Partial<Draft>): Draft => ({ createdFrom: '', createdTo: '', amountMin: '', amountMax: '', ...values });

describe('an inverted range in a filter draft', () => {
  test('is found at its end field, for days and for typed amounts', () => {
    expect([...invertedRanges(draft({ createdFrom: '2026-03-10', createdTo: '2026-03-01' }), RANGES).keys()]).toEqual(['createdTo']);
    expect([...invertedRanges(draft({ amountMin: '1,000', amountMax: '999.99' }), RANGES).keys()]).toEqual(['amountMax']);
  });
  test('one day, equal amounts, an open end and an amount it cannot read are not inversions', () => {
    expect(invertedRanges(draft({ createdFrom: '2026-03-01', createdTo: '2026-03-01', amountMin: '5', amountMax: '5.000' }), RANGES).size).toBe(0);
    expect(invertedRanges(draft({ createdFrom: '2026-03-01', amountMin: '12,5', amountMax: '1' }), RANGES).size).toBe(0);
  });
});
