import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import {
  merchantGroupEndpoints,
  ONBOARDING_STATUSES,
  type MerchantGroupListItem,
  type MerchantGroupSortField,
  type OnboardingStatus,
} from '../../../contract/merchant-groups';
import { NoWrap } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table-features';
import { filterInputClass, filterLabelClass } from '../../components/data-table/filter-bar';
import { InstantFilterBar, SearchAsYouType } from '../../components/data-table/instant-filters';
import { ListScreen } from '../../components/list-screen/list-screen';
import { useUrlListState, type ListDefaults } from '../../components/list-screen/list-state';
import { useListScreen } from '../../components/list-screen/use-list-screen';
import { call } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { merchantGroupsQuery } from './api';
import { GroupDialog } from './group-dialog';
import { OnboardingStatusBadge } from './onboarding-status-badge';

const SORTABLE: readonly MerchantGroupSortField[] = ['name', 'propertiesCount', 'createdAt', 'statusChangedAt'];

// In the address (`q`, `status`, `sortBy`, `dir`, `page`, `pageSize`): a filtered view can be shared.
const DEFAULTS: ListDefaults<{ q: string; status: string }> = {
  filters: { q: '', status: '' },
  sorting: [{ id: 'createdAt', desc: true }],
  pageSize: 10,
  columns: {},
};

type Row = { original: MerchantGroupListItem };

function groupColumns(t: TFunction, open: (group: MerchantGroupListItem) => void): DataTableColumn<MerchantGroupListItem>[] {
  return [
    {
      id: 'name',
      meta: { keyOnPhone: true },
      accessorFn: (row) => row.name,
      header: () => t('merchants.columns.name'),
      cell: ({ row }: { row: Row }) => (
        <button
          type="button"
          className="text-left text-brand underline"
          aria-label={t('merchants.open', { name: row.original.name })}
          onClick={(event) => {
            event.stopPropagation();
            open(row.original);
          }}
        >
          {row.original.name}
        </button>
      ),
    },
    {
      id: 'status',
      meta: { keyOnPhone: true },
      accessorFn: (row) => row.status,
      header: () => t('merchants.columns.status'),
      cell: ({ row }: { row: Row }) => <OnboardingStatusBadge status={row.original.status} />,
      enableSorting: false,
    },
    { id: 'country', accessorFn: (row) => row.country ?? '', header: () => t('merchants.columns.country'), enableSorting: false },
    { id: 'propertiesCount', accessorFn: (row) => row.propertiesCount, header: () => t('merchants.columns.propertiesCount'), sortDescFirst: true },
    {
      id: 'createdAt',
      accessorFn: (row) => row.createdAt,
      header: () => t('merchants.columns.createdAt'),
      sortDescFirst: false,
      cell: ({ row }: { row: Row }) => <NoWrap>{formatDateTime(row.original.createdAt)}</NoWrap>,
    },
    {
      id: 'statusChangedAt',
      accessorFn: (row) => row.statusChangedAt,
      header: () => t('merchants.columns.statusChangedAt'),
      sortDescFirst: false,
      cell: ({ row }: { row: Row }) => <NoWrap>{formatDateTime(row.original.statusChangedAt)}</NoWrap>,
    },
  ];
}

/** /merchants (spec 2): the merchant groups on the list shape; a group opens its properties and pages. */
export function MerchantsScreen() {
  const { t } = useTranslation();
  const list = useListScreen(useUrlListState(DEFAULTS), { sortable: SORTABLE });
  const [opened, setOpened] = useState<MerchantGroupListItem | null>(null);
  const status = (ONBOARDING_STATUSES as readonly string[]).includes(list.filters.status) ? (list.filters.status as OnboardingStatus) : undefined;
  const sort = list.sorting[0] ?? DEFAULTS.sorting[0];
  const result = useQuery(
    merchantGroupsQuery({
      page: list.pageIndex + 1,
      pageSize: list.pageSize,
      search: list.filters.q || undefined,
      status,
      sortBy: sort?.id as MerchantGroupSortField,
      sortDirection: sort?.desc ? 'desc' : 'asc',
    }),
  );
  const columns = useMemo(() => groupColumns(t, setOpened), [t]);
  const addressed = useAddressedGroup();
  const shown = opened ?? addressed.group;
  return (
    <ListScreen
      title={t('merchants.title')}
      list={list}
      result={result}
      columns={columns}
      getRowId={(row) => row.merchantGroupId}
      emptyMessage={t('merchants.empty')}
      onRowClick={setOpened}
      actions={
        <Link href="/merchants/add-merchant-access" className="rounded bg-brand px-3 py-1.5 text-sm font-semibold text-white">
          {t('merchants.addAccess')}
        </Link>
      }
      filters={<GroupFilters value={list.filters} onChange={list.setFilters} />}
    >
      {shown ? (
        <GroupDialog
          group={shown}
          onClose={() => {
            setOpened(null);
            addressed.close();
          }}
        />
      ) : null}
    </ListScreen>
  );
}

/**
 * `/merchants?merchantGroupId=` opens that group, the way back from its settings pages (issue 34). Closing it
 * on the list drops the id from the address, so a reload shows the list.
 */
function useAddressedGroup(): { group: MerchantGroupListItem | null; close: () => void } {
  const [location, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const id = search.get('merchantGroupId');
  const group = useQuery({
    queryKey: ['merchants', 'group', id],
    queryFn: ({ signal }) => call(merchantGroupEndpoints.getMerchantGroup, { params: { id: id! }, signal }),
    enabled: Boolean(id),
  });
  const close = () => {
    if (!id) return;
    // The dialog also closes when a link in it has opened another page (the wizard, a settings page) and
    // the list goes away: the address is that page's by then, and must stay. Only the list's own address
    // drops the id; `location` is the one this list rendered with.
    if (window.location.pathname !== location) return;
    search.delete('merchantGroupId');
    const rest = search.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  };
  // The list's count of properties is not part of one group's answer: the dialog counts the rows it shows.
  return { group: id && group.data ? { ...group.data, propertiesCount: -1 } : null, close };
}

/** Search applies as the user pauses typing; the status at once. */
function GroupFilters({ value, onChange }: { value: { q: string; status: string }; onChange: (next: { q: string; status: string }) => void }) {
  const { t } = useTranslation();
  return (
    <InstantFilterBar>
      <SearchAsYouType label={t('merchants.search')} value={value.q} onSearch={(q) => onChange({ ...value, q })} width="name" />
      <label className={filterLabelClass}>
        {t('merchants.statusFilter')}
        <select
          aria-label={t('merchants.statusFilter')}
          value={value.status}
          onChange={(event) => onChange({ ...value, status: event.target.value })}
          className={filterInputClass}
        >
          <option value="">{t('merchants.allStatuses')}</option>
          {ONBOARDING_STATUSES.map((entry) => (
            <option key={entry} value={entry}>
              {t(`merchants.status.${entry}`)}
            </option>
          ))}
        </select>
      </label>
    </InstantFilterBar>
  );
}
