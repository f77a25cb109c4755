import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYOUT_EXPORT_CHUNK_SIZE } from '../../../machines/export-rules';
import type { PayoutExportBody } from '../../../contract/exports';
import { PAYOUT_COLUMNS, PAYOUT_DEFAULT_COLUMNS, PAYOUT_SORTABLE_COLUMNS, type PayoutQuery, type PayoutRow } from '../../../contract/payouts';
import { useSession } from '../../lib/session/session-provider';
import { useActiveProperty } from '../../lib/active-property';
import { ColumnChooser } from '../../components/data-table/column-chooser';
import { DataTable } from '../../components/data-table/data-table';
import { useServerTable } from '../../components/data-table/use-server-table';
import { ExportDialog } from '../../components/export-dialog/export-dialog';
import { startExport } from '../../lib/export-tracker';
import { payoutSearchQuery } from './api';
import { payoutColumns } from './payout-columns';
import { PayoutDetailDialog } from './payout-detail-dialog';
import { EMPTY_PAYOUT_FILTERS, toPayoutFilter, type PayoutFilterValues } from './payout-filter-values';
import { PayoutFilters } from './payout-filters';

const DEFAULTS = {
  columns: Object.fromEntries(PAYOUT_COLUMNS.map((column) => [column.id, (PAYOUT_DEFAULT_COLUMNS as string[]).includes(column.id)])),
  sorting: [],
  filters: EMPTY_PAYOUT_FILTERS,
};
const NO_ROWS: PayoutRow[] = [];

/** /payouts (spec 2): payouts with server-side filters, sorting and pages, detail with attempts, retry, export. */
export function PayoutsScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  // Merchant-side users choose among their own properties; the server scopes every query to the caller anyway.
  const { properties } = useActiveProperty();
  // The server checks Payouts:Update again; this only hides a button the user could not use.
  const canRetry = user?.userPermissions.some((p) => p.resource === 'Payouts' && p.permissions.includes('Update')) ?? false;
  // Spec 3: the page index is persisted for transactions only, so payouts start on page 1.
  const table = useServerTable<PayoutFilterValues>('payouts', DEFAULTS, { persistPageIndex: false });
  const [exporting, setExporting] = useState(false);
  const [openPayout, setOpenPayout] = useState<string | null>(null);
  // A stored sort on a column that is no longer sortable is dropped rather than sent (the server would refuse it).
  const sorting = table.sorting.filter((sort) => (PAYOUT_SORTABLE_COLUMNS as readonly string[]).includes(sort.id)) as PayoutQuery['sorting'];
  const query: PayoutQuery = { filters: toPayoutFilter(table.filters), sorting };
  const body = { ...query, pagination: { page: table.pageIndex, pageSize: table.pageSize } };
  const result = useQuery(payoutSearchQuery(body));
  const { setFilters, filters } = table;
  const columns = useMemo(
    () => payoutColumns(t, (row: PayoutRow) => setFilters({ ...filters, merchantId: row.merchantId, merchantName: row.merchantName })),
    // The column definitions only change with the language and the current filter (for "only this property").
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, JSON.stringify(filters)],
  );
  const choosable = PAYOUT_COLUMNS.map((column) => ({ id: column.id, label: t(column.labelKey) }));
  const visible = choosable.filter((column) => table.columnVisibility[column.id] !== false).map((column) => column.id);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="screen-title">
      <header className="flex items-center justify-between gap-3">
        <h1 id="screen-title" className="text-xl font-semibold">{t('payouts.title')}</h1>
        <div className="flex gap-2">
          <ColumnChooser columns={choosable} visibility={table.columnVisibility} onChange={table.setColumnVisibility} />
          <button type="button" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white" onClick={() => setExporting(true)}>
            {t('exports.export')}
          </button>
        </div>
      </header>
      <PayoutFilters value={table.filters} onApply={table.setFilters} properties={properties} />
      {result.isError && (
        <p role="alert" className="text-sm text-red-700">
          {result.error.message}
        </p>
      )}
      <DataTable
        label={t('payouts.title')}
        columns={columns}
        rows={result.data?.items ?? NO_ROWS}
        getRowId={(row) => row.id}
        total={result.data?.total ?? 0}
        totalExact={result.data?.totalExact ?? true}
        pageIndex={table.pageIndex}
        pageSize={table.pageSize}
        sorting={sorting}
        columnVisibility={table.columnVisibility}
        onPageIndexChange={table.setPageIndex}
        onPageSizeChange={table.setPageSize}
        onSortingChange={table.setSorting}
        loading={result.isFetching}
        onRowClick={(row) => setOpenPayout(row.id)}
      />
      <PayoutDetailDialog payoutId={openPayout} canRetry={canRetry} onClose={() => setOpenPayout(null)} />
      <ExportDialog
        open={exporting}
        onClose={() => setExporting(false)}
        columns={choosable}
        visibleColumns={visible}
        onExport={({ fileType, columns: chosen }) => {
          const exportBody: PayoutExportBody = { fileType, chunkSize: PAYOUT_EXPORT_CHUNK_SIZE, request: query, orderColumns: chosen as PayoutExportBody['orderColumns'] };
          startExport({ exportType: 'PAYOUT', body: exportBody });
          setExporting(false);
        }}
      />
    </section>
  );
}
