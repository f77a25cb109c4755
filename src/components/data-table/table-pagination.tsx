import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../contract/paging';
import { formatCount } from '../../lib/format';

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
}

/** Server-side pager: page sizes 10/25/50/100 (spec 9), previous/next, first/last when the total is exact. */
export function TablePagination(props: TablePaginationProps) {
  const { t } = useTranslation();
  const pageCount = Math.max(1, Math.ceil(props.total / props.pageSize));
  const canNext = props.totalExact ? props.pageIndex + 1 < pageCount : props.rowsOnPage === props.pageSize;
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
          disabled={props.pageIndex === 0}
          onClick={() => props.onPageIndexChange(props.pageIndex - 1)}
          aria-label={t('dataTable.previousPage')}
        >
          ‹
        </button>
        <span data-testid="table-page">{t(props.totalExact ? 'dataTable.pageOf' : 'dataTable.page', { page: props.pageIndex + 1, pages: pageCount })}</span>
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
          disabled={!props.totalExact || !canNext}
          onClick={() => props.onPageIndexChange(pageCount - 1)}
          aria-label={t('dataTable.lastPage')}
        >
          »
        </button>
      </div>
    </nav>
  );
}
