import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import {
  KYC_DISPLAY_STATUS_LABEL_KEYS,
  KYC_DISPLAY_STATUSES,
  type KycApplicationSearch,
  type KycDisplayStatus,
} from '../../../contract/merchant-groups';
import { isPageSize, PAGE_SIZES } from '../../../contract/paging';
import { applicationsQuery } from './api';
import { StatusBadge } from './status-badge';
import { formatDateTime } from './format';

const SORT_FIELDS = ['statusChangedAt', 'submittedAt', 'createdAt', 'updatedAt'] as const;
type SortField = (typeof SORT_FIELDS)[number];
const SEARCH_DELAY_MS = 300;

/** Table state lives in the URL so a filtered view can be shared and survives reload. */
function useTableState() {
  const search = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  const status = search.get('status');
  const state = {
    page: Math.max(1, Number(search.get('page')) || 1),
    pageSize: isPageSize(Number(search.get('pageSize')))
      ? Number(search.get('pageSize'))
      : 10,
    search: search.get('q') ?? '',
    status: (KYC_DISPLAY_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as KycDisplayStatus)
      : undefined,
    sortBy: (SORT_FIELDS as readonly string[]).includes(search.get('sortBy') ?? '')
      ? (search.get('sortBy') as SortField)
      : 'statusChangedAt',
    sortDirection: search.get('dir') === 'asc' ? ('asc' as const) : ('desc' as const),
  };
  const update = (changes: Partial<typeof state>) => {
    const next = { ...state, page: 1, ...changes };
    const params = new URLSearchParams();
    if (next.page > 1) params.set('page', String(next.page));
    if (next.pageSize !== 10) params.set('pageSize', String(next.pageSize));
    if (next.search) params.set('q', next.search);
    if (next.status) params.set('status', next.status);
    if (next.sortBy !== 'statusChangedAt') params.set('sortBy', next.sortBy);
    if (next.sortDirection !== 'desc') params.set('dir', next.sortDirection);
    const query = params.toString();
    // A late search debounce must not pull the reviewer back from the application they opened.
    if (window.location.pathname !== location) return;
    navigate(`${location}${query ? `?${query}` : ''}`, { replace: true });
  };
  return [state, update] as const;
}

/** /kyc/applications (spec 2 "KYC admin"): server paging, search by name, status filter, sort by dates. */
export function KycApplicationsScreen() {
  const { t } = useTranslation();
  const [state, update] = useTableState();
  const [typed, setTyped] = useState(state.search);
  useEffect(() => {
    if (typed === state.search) return;
    const timer = setTimeout(() => update({ search: typed }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const request: KycApplicationSearch = {
    page: state.page,
    pageSize: state.pageSize,
    search: state.search || undefined,
    statuses: state.status ? [state.status] : undefined,
    sortBy: state.sortBy,
    sortDirection: state.sortDirection,
  };
  const list = useQuery(applicationsQuery(request));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <div className="p-6">
      <h1 className="mb-4 text-2xl font-semibold text-brand-dark">{t('kycReview.title')}</h1>
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <label className="text-sm">
          <span className="block text-slate-700">{t('kycReview.search')}</span>
          <input
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className="mt-1 rounded border border-slate-300 px-3 py-1.5"
          />
        </label>
        <label className="text-sm">
          <span className="block text-slate-700">{t('kycReview.statusFilter')}</span>
          <select
            aria-label={t('kycReview.statusFilter')}
            value={state.status ?? ''}
            onChange={(event) => update({ status: (event.target.value || undefined) as KycDisplayStatus | undefined })}
            className="mt-1 rounded border border-slate-300 px-2 py-1.5"
          >
            <option value="">{t('kycReview.allStatuses')}</option>
            {KYC_DISPLAY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(KYC_DISPLAY_STATUS_LABEL_KEYS[status])}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block text-slate-700">{t('kycReview.sortBy')}</span>
          <select
            aria-label={t('kycReview.sortBy')}
            value={state.sortBy}
            onChange={(event) => update({ sortBy: event.target.value as SortField })}
            className="mt-1 rounded border border-slate-300 px-2 py-1.5"
          >
            {SORT_FIELDS.map((field) => (
              <option key={field} value={field}>
                {t(`kycReview.sort.${field}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block text-slate-700">{t('kycReview.sortDirection')}</span>
          <select
            aria-label={t('kycReview.sortDirection')}
            value={state.sortDirection}
            onChange={(event) => update({ sortDirection: event.target.value as 'asc' | 'desc' })}
            className="mt-1 rounded border border-slate-300 px-2 py-1.5"
          >
            <option value="desc">{t('kycReview.descending')}</option>
            <option value="asc">{t('kycReview.ascending')}</option>
          </select>
        </label>
      </div>

      {list.isError ? (
        <p role="alert" className="text-red-700">
          {t('kycReview.loadFailed', { message: list.error.message })}
        </p>
      ) : null}
      <table className="w-full border-collapse text-sm" aria-busy={list.isFetching}>
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-600">
            <th className="py-2 pr-4">{t('kycReview.columns.name')}</th>
            <th className="py-2 pr-4">{t('kycReview.columns.status')}</th>
            <th className="py-2 pr-4">{t('kycReview.columns.country')}</th>
            <th className="py-2 pr-4">{t('kycReview.columns.submittedAt')}</th>
            <th className="py-2 pr-4">{t('kycReview.columns.statusChangedAt')}</th>
            <th className="py-2 pr-4">{t('kycReview.columns.createdAt')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.items.map((item) => (
            <tr key={item.merchantGroupId} className="border-b border-slate-100">
              <td className="py-2 pr-4">
                <Link
                  href={`/kyc/applications/${item.merchantGroupId}`}
                  className="text-brand underline"
                  aria-label={t('kycReview.open', { name: item.name })}
                >
                  {item.name}
                </Link>
              </td>
              <td className="py-2 pr-4">
                <StatusBadge status={item.displayStatus} />
              </td>
              <td className="py-2 pr-4">{item.country ?? ''}</td>
              <td className="py-2 pr-4">
                {item.submittedAt ? formatDateTime(item.submittedAt) : t('kycReview.notSubmitted')}
              </td>
              <td className="py-2 pr-4">{formatDateTime(item.statusChangedAt)}</td>
              <td className="py-2 pr-4">{formatDateTime(item.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.isPending ? (
        <p role="status" className="mt-3">
          {t('kycReview.loading')}
        </p>
      ) : null}
      {list.data && list.data.items.length === 0 ? <p className="mt-3 text-slate-600">{t('kycReview.empty')}</p> : null}

      <nav aria-label={t('kycReview.pagination')} className="mt-4 flex flex-wrap items-center gap-4 text-sm">
        <button
          type="button"
          disabled={state.page <= 1}
          onClick={() => update({ page: state.page - 1 })}
          className="rounded border border-slate-300 px-3 py-1 disabled:opacity-50"
        >
          {t('kycReview.previousPage')}
        </button>
        <span>{t('kycReview.pageOf', { page: state.page, pages, total: list.data?.total ?? 0 })}</span>
        <button
          type="button"
          disabled={state.page >= pages}
          onClick={() => update({ page: state.page + 1 })}
          className="rounded border border-slate-300 px-3 py-1 disabled:opacity-50"
        >
          {t('kycReview.nextPage')}
        </button>
        <label>
          {t('kycReview.pageSize')}{' '}
          <select
            aria-label={t('kycReview.pageSize')}
            value={state.pageSize}
            onChange={(event) => update({ pageSize: Number(event.target.value) })}
            className="rounded border border-slate-300 px-2 py-1"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </nav>
    </div>
  );
}
