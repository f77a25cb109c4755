import { describe, expect, it } from 'vitest';
import { pagerMoves } from './pager-moves';

// Decision 0460: on an estimated total ("about 14,994 rows") the last page is still reachable where the
// list's server counts pages from the end; the moves from there walk back towards the start.
describe('pager moves', () => {
  const estimate = { pageSize: 25, total: 14_994, totalExact: false, rowsOnPage: 25 };

  it('leads "Last page" to the first page counted from the end while the total is an estimate', () => {
    expect(pagerMoves({ ...estimate, pageIndex: 0, pagesFromEnd: true }).lastPage).toBe(-1);
    // A list whose server cannot count from the end keeps the button off, as before.
    expect(pagerMoves({ ...estimate, pageIndex: 0 }).lastPage).toBeUndefined();
  });

  it('walks from the last page back to the start, and forward to the last page again', () => {
    const last = pagerMoves({ ...estimate, pageIndex: -1, pagesFromEnd: true });
    expect(last).toMatchObject({ fromEnd: true, canNext: false, canPrevious: true, lastPage: undefined });
    expect(pagerMoves({ ...estimate, pageIndex: -3, pagesFromEnd: true })).toMatchObject({ canNext: true, canPrevious: true, lastPage: -1 });
    // A short page counted from the end is the list's first rows: nothing before it.
    expect(pagerMoves({ ...estimate, pageIndex: -600, rowsOnPage: 19, pagesFromEnd: true }).canPrevious).toBe(false);
  });

  it('keeps page numbers on an exact total', () => {
    expect(pagerMoves({ pageSize: 25, total: 60, totalExact: true, rowsOnPage: 25, pageIndex: 0, pagesFromEnd: true })).toMatchObject({
      lastPage: 2,
      canNext: true,
      canPrevious: false,
    });
  });
});
