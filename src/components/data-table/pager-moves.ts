/** What the pager knows of the list it pages through. */
export interface PagerInput {
  /** 0-based from the start; negative counts from the end (-1 the last page, decision 0460). */
  pageIndex: number;
  pageSize: number;
  total: number;
  totalExact: boolean;
  rowsOnPage: number;
  /** The list's server counts pages from the end. */
  pagesFromEnd?: boolean;
}

/**
 * Where each pager button leads, or that it leads nowhere. On an exact total the last page is a page
 * index; on an estimate it is the first page counted from the end, where the server can count so.
 */
export function pagerMoves(input: PagerInput) {
  const pageCount = Math.max(1, Math.ceil(input.total / input.pageSize));
  const fromEnd = input.pageIndex < 0;
  const fullPage = input.rowsOnPage === input.pageSize;
  // Counted from the end, "next" walks towards the last page, and a short page is the list's start.
  const canNext = fromEnd ? input.pageIndex < -1 : input.totalExact ? input.pageIndex + 1 < pageCount : fullPage;
  const canPrevious = fromEnd ? fullPage : input.pageIndex > 0;
  const last = input.totalExact ? pageCount - 1 : input.pagesFromEnd ? -1 : undefined;
  const lastPage = last === input.pageIndex ? undefined : last;
  return { pageCount, fromEnd, canNext, canPrevious, lastPage };
}
