import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  propertyEndpoints,
  PROPERTY_COLUMNS,
  PROPERTY_HIDDEN_COLUMNS,
  PROPERTY_SORTABLE_COLUMNS,
  type PropertyColumnId,
  type PropertyRow,
  type PropertySearchBody,
} from '../../../contract/properties';
import { NoWrap } from '../../components/data-table/data-table';
import { keyOnPhone, type DataTableColumn } from '../../components/data-table/data-table-features';
import { ListScreen } from '../../components/list-screen/list-screen';
import type { ListDefaults } from '../../components/list-screen/list-state';
import { useListScreen } from '../../components/list-screen/use-list-screen';
import { formatDateTime } from '../../lib/format';
import { useCapabilities } from '../../lib/capabilities';
import { propertySearchQuery } from './api';
import { EMPTY_PROPERTY_FILTERS, PropertyFilters, toPropertyFilter, type PropertyFilterValues } from './property-filters';
import { usePropertyListState } from './property-list-state';
import { PropertyStatusBadge } from './property-status-badge';

const DEFAULTS: ListDefaults<PropertyFilterValues> = {
  columns: Object.fromEntries(PROPERTY_COLUMNS.map((column) => [column.id, !PROPERTY_HIDDEN_COLUMNS.includes(column.id)])),
  sorting: [{ id: 'createdAt', desc: true }],
  filters: EMPTY_PROPERTY_FILTERS,
  pageSize: 25,
};

function cellOf(id: PropertyColumnId, row: PropertyRow, t: TFunction): React.ReactNode {
  if (id === 'name')
    return (
      <Link href={`/properties/property-overview/${row.merchantId}`} className="text-brand underline">
        {row.name}
      </Link>
    );
  if (id === 'status') return <PropertyStatusBadge status={row.status} />;
  if (id === 'createdAt') return <NoWrap>{formatDateTime(row.createdAt)}</NoWrap>;
  if (id === 'active') return row.active ? t('properties.yes') : t('properties.no');
  const value = row[id];
  return value === null ? '' : String(value);
}

/** /properties (spec 2): the properties the caller may see, with status, group, city and created; more columns on demand. */
/** What tells a property apart and says how it stands: first in its card on a phone. */
const KEY_ON_PHONE = ['name', 'status', 'city'];

export function PropertiesScreen() {
  const { t } = useTranslation();
  const canCreate = useCapabilities().may(propertyEndpoints.createProperty);
  const list = useListScreen(usePropertyListState(DEFAULTS), { sortable: PROPERTY_SORTABLE_COLUMNS });
  const body: PropertySearchBody = {
    filters: toPropertyFilter(list.filters),
    sorting: list.sorting as PropertySearchBody['sorting'],
    pagination: { page: list.pageIndex, pageSize: list.pageSize },
  };
  const result = useQuery(propertySearchQuery(body));
  const columns = useMemo<DataTableColumn<PropertyRow>[]>(
    () =>
      PROPERTY_COLUMNS.map((column) => ({
        id: column.id,
        accessorFn: (row: PropertyRow) => row[column.id],
        header: () => t(column.labelKey),
        cell: ({ row }: { row: { original: PropertyRow } }) => cellOf(column.id, row.original, t),
        enableSorting: column.sortable,
        meta: keyOnPhone(KEY_ON_PHONE, column.id),
      })),
    [t],
  );
  return (
    <ListScreen
      title={t('properties.title')}
      list={list}
      result={result}
      columns={columns}
      getRowId={(row) => row.merchantId}
      choosableColumns={PROPERTY_COLUMNS.map((column) => ({ id: column.id, label: t(column.labelKey) }))}
      actions={
        canCreate ? (
          <Link href="/properties/create-property" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
            {t('properties.add')}
          </Link>
        ) : undefined
      }
      filters={<PropertyFilters value={list.filters} onApply={list.setFilters} />}
      emptyMessage={t('properties.empty')}
    />
  );
}
