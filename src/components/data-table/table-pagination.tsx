import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../contract/paging';
import { formatCount } from '../../lib/format';
import { pagerMoves } from './pager-moves';

export interface TablePaginationProps {
  pageIndex: number;
  pageSize: number;
  /** Rows matching the query; `totalExact` false means an estimate (the server's count cap). */
  total: number;
  totalExact: boolean;
  /** Rows on the current page: a full page allows "next" even when the total is only an estimate. */
  rowsOnPage: number;
  onPageIndexChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /**
   * The list's server can count pages from the end (decision 0460): then a negative page index is a
   * page counted from the end (-1 the last page), and "Last page" works while the total is an estimate.
   */
  pagesFromEnd?: boolean;
}

/**
 * Server-side pager: page sizes 10/25/50/100 (spec 9), previous/next, first, and last when the total is
 * exact or the list counts pages from the end.
 */
export function TablePagination(props: TablePaginationProps) {
  const { t } = useTranslation();
  const { pageCount, fromEnd, canNext, canPrevious, lastPage } = pagerMoves(props);
  const pageLabel = fromEnd
    ? props.pageIndex === -1
      ? t('dataTable.lastPageHere')
      : t('dataTable.pageFromEnd', { page: -props.pageIndex })
    : t(props.totalExact ? 'dataTable.pageOf' : 'dataTable.page', { page: props.pageIndex + 1, pages: pageCount });
  const button = 'rounded border border-slate-300 px-2 py-1 text-sm disabled:opacity-40 hover:enabled:bg-slate-50';
  return (
    <nav className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm" aria-label={t('dataTable.pagination')}>
      <span data-testid="table-total">
        {t(props.totalExact ? 'dataTable.total' : 'dataTable.totalEstimate', { count: props.total, formatted: formatCount(props.total) })}
      </span>
      <div className="flex items-center gap-2">
        <label className="flex items-center gap-1">
          {t('dataTable.pageSize')}
          <select
            className="rounded border border-slate-300 px-1 py-0.5"
            value={props.pageSize}
            onChange={(event) => props.onPageSizeChange(Number(event.target.value))}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={button}
          disabled={props.pageIndex === 0}
          onClick={() => props.onPageIndexChange(0)}
          aria-label={t('dataTable.firstPage')}
        >
          «
        </button>
        <button
          type="button"
          className={button}
          disabled={!canPrevious}
          onClick={() => props.onPageIndexChange(props.pageIndex - 1)}
          aria-label={t('dataTable.previousPage')}
        >
          ‹
        </button>
        <span data-testid="table-page">{pageLabel}</span>
        <button
          type="button"
          className={button}
          disabled={!canNext}
          onClick={() => props.onPageIndexChange(props.pageIndex + 1)}
          aria-label={t('dataTable.nextPage')}
        >
          ›
        </button>
        <button
          type="button"
          className={button}
          disabled={lastPage === undefined || props.pageIndex === lastPage}
          onClick={() => lastPage !== undefined && props.onPageIndexChange(lastPage)}
          aria-label={t('dataTable.lastPage')}
        >
          »
        </button>
      </div>
    </nav>
  );
}
