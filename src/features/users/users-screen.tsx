import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ROLES, type RoleName } from '../../../contract/roles';
import { grantableRoles, USER_STATUSES, type UserRow, type UserStatus } from '../../../contract/user-admin';
import { NoWrap } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table-features';
import { filterInputClass, filterLabelClass } from '../../components/data-table/filter-bar';
import { InstantFilterBar, SearchAsYouType } from '../../components/data-table/instant-filters';
import { ListScreen } from '../../components/list-screen/list-screen';
import { useUrlListState, type ListDefaults } from '../../components/list-screen/list-state';
import { useListScreen } from '../../components/list-screen/use-list-screen';
import { formatDateTime } from '../../lib/format';
import { currentRoleOf } from '../../lib/permissions';
import { useSession } from '../../lib/session/session-provider';
import { usersQuery } from './api';
import { isProviderAdmin } from './sign-in-security-screen';
import { roleLabel } from '../../lib/role-label';
import { scopeLabel } from './user-labels';
import { UserStatusBadge } from './user-status';

type UserFilters = { search: string; role: string; status: string };
const DEFAULTS: ListDefaults<UserFilters> = { filters: { search: '', role: '', status: '' }, sorting: [], pageSize: 25, columns: {} };

function userColumns(t: TFunction): DataTableColumn<UserRow>[] {
  return [
    {
      id: 'name',
      meta: { keyOnPhone: true },
      accessorFn: (row: UserRow) => `${row.firstName} ${row.lastName}`,
      header: () => t('users.columns.name'),
      cell: ({ row }: { row: { original: UserRow } }) => (
        <Link href={`/users/${row.original.userId}`} className="text-brand underline">
          {row.original.firstName} {row.original.lastName}
        </Link>
      ),
      enableSorting: false,
    },
    { id: 'email', accessorFn: (row: UserRow) => row.email, header: () => t('users.columns.email'), enableSorting: false },
    {
      id: 'role',
      accessorFn: (row: UserRow) => roleLabel(t, row.role),
      header: () => t('users.columns.role'),
      enableSorting: false,
      meta: { keyOnPhone: true },
    },
    { id: 'scope', accessorFn: (row: UserRow) => scopeLabel(t, row), header: () => t('users.columns.scope'), enableSorting: false },
    {
      id: 'status',
      meta: { keyOnPhone: true },
      accessorFn: (row: UserRow) => row.status,
      header: () => t('users.columns.status'),
      cell: ({ row }: { row: { original: UserRow } }) => <UserStatusBadge status={row.original.status} />,
      enableSorting: false,
    },
    {
      id: 'lastSignIn',
      accessorFn: (row: UserRow) => row.lastSignInAt,
      header: () => t('users.columns.lastSignIn'),
      cell: ({ row }: { row: { original: UserRow } }) => (
        <NoWrap>{row.original.lastSignInAt ? formatDateTime(row.original.lastSignInAt) : t('users.never')}</NoWrap>
      ),
      enableSorting: false,
    },
  ];
}

/** /users: the people the signed-in user may see (provider staff everyone, merchant side their group), with filters and search. */
export function UsersScreen() {
  const { t } = useTranslation();
  const { user, merchantUserInfo } = useSession();
  const list = useListScreen(useUrlListState(DEFAULTS), { sortable: [] });
  const groupId = merchantUserInfo?.merchantGroupId ?? null;
  const { search, role, status } = list.filters;
  const result = useQuery(
    usersQuery(groupId, {
      page: list.pageIndex,
      pageSize: list.pageSize,
      search: search || undefined,
      role: (ROLES as readonly string[]).includes(role) ? (role as RoleName) : undefined,
      status: (USER_STATUSES as readonly string[]).includes(status) ? (status as UserStatus) : undefined,
    }),
  );
  const columns = useMemo(() => userColumns(t), [t]);
  const mayAdd = grantableRoles((user?.userRoles ?? []).map((entry) => entry.roleName as RoleName)).length > 0;
  return (
    <ListScreen
      title={t('users.title')}
      list={list}
      result={result}
      columns={columns}
      getRowId={(row) => row.userId}
      emptyMessage={t('users.empty')}
      actions={
        <>
          {isProviderAdmin(currentRoleOf(user?.userRoles)) ? (
            <Link href="/users/sign-in-security" className="rounded border border-brand px-3 py-1.5 text-sm font-medium text-brand">
              {t('users.signInPolicy.link')}
            </Link>
          ) : null}
          {mayAdd ? (
            <Link href="/users/add-user" className="rounded bg-brand px-3 py-1.5 text-sm font-medium text-white">
              {t('users.add.title')}
            </Link>
          ) : null}
        </>
      }
      filters={<UserFilterBar filters={list.filters} onChange={(next) => list.setFilters({ ...list.filters, ...next })} />}
    />
  );
}

function UserFilterBar({ filters, onChange }: { filters: UserFilters; onChange: (next: Partial<UserFilters>) => void }) {
  const { t } = useTranslation();
  return (
    <InstantFilterBar>
      <SearchAsYouType
        label={t('users.filters.search')}
        value={filters.search}
        onSearch={(typed) => onChange({ search: typed.trim() })}
        width="long"
        maxLength={200}
      />
      <label className={filterLabelClass}>
        {t('users.filters.role')}
        <select value={filters.role} onChange={(event) => onChange({ role: event.target.value })} className={filterInputClass}>
          <option value="">{t('users.filters.any')}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(t, role)}
            </option>
          ))}
        </select>
      </label>
      <label className={filterLabelClass}>
        {t('users.filters.status')}
        <select value={filters.status} onChange={(event) => onChange({ status: event.target.value })} className={filterInputClass}>
          <option value="">{t('users.filters.any')}</option>
          {USER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`users.status.${status}`)}
            </option>
          ))}
        </select>
      </label>
    </InstantFilterBar>
  );
}
