import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  KYC_DISPLAY_STATUS_LABEL_KEYS,
  KYC_DISPLAY_STATUSES,
  type KycApplicationSummary,
  type KycDisplayStatus,
  type KycListSortField,
} from '../../../contract/merchant-groups';
import { NoWrap } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table-features';
import { filterInputClass, filterLabelClass } from '../../components/data-table/filter-bar';
import { InstantFilterBar, SearchAsYouType } from '../../components/data-table/instant-filters';
import { ListScreen } from '../../components/list-screen/list-screen';
import { useUrlListState, type ListDefaults } from '../../components/list-screen/list-state';
import { useListScreen } from '../../components/list-screen/use-list-screen';
import { formatDateTime } from '../../lib/format';
import { applicationsQuery } from './api';
import { StatusBadge } from './status-badge';

const SORTABLE: readonly KycListSortField[] = ['name', 'statusChangedAt', 'submittedAt', 'createdAt'];

// The list lives in the address (`q`, `status`, `sortBy`, `dir`, `page`, `pageSize`), so a filtered
// view can be shared and survives a reload.
const DEFAULTS: ListDefaults<{ q: string; status: string }> = {
  filters: { q: '', status: '' },
  sorting: [{ id: 'statusChangedAt', desc: true }],
  pageSize: 10,
  columns: {},
};

function applicationColumns(t: TFunction): DataTableColumn<KycApplicationSummary>[] {
  const date = (id: 'submittedAt' | 'statusChangedAt' | 'createdAt'): DataTableColumn<KycApplicationSummary> => ({
    id,
    accessorFn: (row: KycApplicationSummary) => row[id],
    header: () => t(`kycReview.columns.${id}`),
    // Oldest first on the first click, whatever the first row holds.
    sortDescFirst: false,
    cell: ({ row }: { row: { original: KycApplicationSummary } }) =>
      row.original[id] ? <NoWrap>{formatDateTime(row.original[id])}</NoWrap> : t('kycReview.notSubmitted'),
  });
  return [
    {
      id: 'name',
      meta: { keyOnPhone: true },
      accessorFn: (row: KycApplicationSummary) => row.name,
      header: () => t('kycReview.columns.name'),
      // The row's way to its detail page: a real link, for the keyboard and screen readers too.
      cell: ({ row }: { row: { original: KycApplicationSummary } }) => (
        <Link
          href={`/kyc/applications/${row.original.merchantGroupId}`}
          className="text-brand underline"
          aria-label={t('kycReview.open', { name: row.original.name })}
        >
          {row.original.name}
        </Link>
      ),
    },
    {
      id: 'status',
      meta: { keyOnPhone: true },
      accessorFn: (row: KycApplicationSummary) => row.displayStatus,
      header: () => t('kycReview.columns.status'),
      cell: ({ row }: { row: { original: KycApplicationSummary } }) => <StatusBadge status={row.original.displayStatus} />,
      enableSorting: false,
    },
    {
      id: 'country',
      accessorFn: (row: KycApplicationSummary) => row.country ?? '',
      header: () => t('kycReview.columns.country'),
      enableSorting: false,
    },
    date('submittedAt'),
    date('statusChangedAt'),
    date('createdAt'),
  ];
}

/** /kyc/applications (spec 2 "KYC admin"): server paging, search by name, status filter, sort by name and dates. */
export function KycApplicationsScreen() {
  const { t } = useTranslation();
  const list = useListScreen(useUrlListState(DEFAULTS), { sortable: SORTABLE });
  const status = (KYC_DISPLAY_STATUSES as readonly string[]).includes(list.filters.status) ? (list.filters.status as KycDisplayStatus) : undefined;
  const sort = list.sorting[0] ?? DEFAULTS.sorting[0];
  const result = useQuery(
    applicationsQuery({
      page: list.pageIndex + 1,
      pageSize: list.pageSize,
      search: list.filters.q || undefined,
      statuses: status ? [status] : undefined,
      sortBy: sort?.id as KycListSortField,
      sortDirection: sort?.desc ? 'desc' : 'asc',
    }),
  );
  const columns = useMemo(() => applicationColumns(t), [t]);
  return (
    <ListScreen
      title={t('kycReview.title')}
      list={list}
      result={result}
      columns={columns}
      getRowId={(row) => row.merchantGroupId}
      emptyMessage={t('kycReview.empty')}
      filters={<ApplicationFilters value={list.filters} onChange={list.setFilters} />}
    />
  );
}

/** Search applies as the reviewer pauses typing; the status applies at once. */
function ApplicationFilters({ value, onChange }: { value: { q: string; status: string }; onChange: (next: { q: string; status: string }) => void }) {
  const { t } = useTranslation();
  return (
    <InstantFilterBar>
      <SearchAsYouType label={t('kycReview.search')} value={value.q} onSearch={(q) => onChange({ ...value, q })} width="name" />
      <label className={filterLabelClass}>
        {t('kycReview.statusFilter')}
        {/* Named by its label alone (a wrapping label would add the chosen option to the name). */}
        <select
          aria-label={t('kycReview.statusFilter')}
          value={value.status}
          onChange={(event) => onChange({ ...value, status: event.target.value })}
          className={filterInputClass}
        >
          <option value="">{t('kycReview.allStatuses')}</option>
          {KYC_DISPLAY_STATUSES.map((entry) => (
            <option key={entry} value={entry}>
              {t(KYC_DISPLAY_STATUS_LABEL_KEYS[entry])}
            </option>
          ))}
        </select>
      </label>
    </InstantFilterBar>
  );
}
