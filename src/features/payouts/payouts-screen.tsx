import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { PAYOUT_EXPORT_CHUNK_SIZE } from '../../../machines/export-rules';
import type { PayoutExportBody } from '../../../contract/exports';
import {
  PAYOUT_COLUMNS,
  PAYOUT_DEFAULT_COLUMNS,
  PAYOUT_SORTABLE_COLUMNS,
  PAYOUT_STATUSES,
  payoutEndpoints,
  type PayoutQuery,
  type PayoutRow,
  type PayoutStatus,
} from '../../../contract/payouts';
import { settlementEndpoints } from '../../../contract/settlement';
import { useCapabilities } from '../../lib/capabilities';
import { useActiveProperty } from '../../lib/active-property';
import { ExportDialog } from '../../components/export-dialog/export-dialog';
import { ListScreen } from '../../components/list-screen/list-screen';
import { usePersistedListState, type ListDefaults } from '../../components/list-screen/list-state';
import { useListScreen } from '../../components/list-screen/use-list-screen';
import { startExport } from '../../lib/export-tracker';
import { payoutSearchQuery, requestablePropertiesQuery } from './api';
import { payoutColumns } from './payout-columns';
import { PayoutDetailDialog } from './payout-detail-dialog';
import { EMPTY_PAYOUT_FILTERS, toPayoutFilter, type PayoutFilterValues } from './payout-filter-values';
import { PayoutFilters } from './payout-filters';
import { RequestPayoutDialog } from './request-payout-dialog';

const DEFAULTS: ListDefaults<PayoutFilterValues> = {
  columns: Object.fromEntries(PAYOUT_COLUMNS.map((column) => [column.id, (PAYOUT_DEFAULT_COLUMNS as string[]).includes(column.id)])),
  sorting: [],
  filters: EMPTY_PAYOUT_FILTERS,
  pageSize: 25,
};

/** /payouts (spec 2): payouts with server-side filters, sorting and pages, detail with attempts, retry, export. */
export function PayoutsScreen() {
  const { t } = useTranslation();
  // Merchant-side users choose among their own properties; the server scopes every query to the caller anyway.
  const { properties } = useActiveProperty();
  // What the server lets the user do (merchant roles reach this page read-only). The server checks again;
  // this only hides what the user could not use.
  const { may } = useCapabilities();
  const canRetry = may(payoutEndpoints.retryPayout);
  // A property paid "Manually" is paid when someone asks (decision 0704): here, beside the payouts it makes.
  // Offered when the server lists a property paid "Manually" in the user's scope (decision 0707), not to every user who may ask.
  const mayAsk = may(payoutEndpoints.requestPayout);
  const requestable = useQuery({ ...requestablePropertiesQuery(''), enabled: mayAsk });
  const mayRequest = mayAsk && (requestable.data?.total ?? 0) > 0;
  const [requesting, setRequesting] = useState(false);
  const mayReconcile = may(settlementEndpoints.getPayoutReconciliation);
  // Spec 3: the page index is persisted for transactions only, so payouts start on page 1.
  const list = useListScreen(usePersistedListState('payouts', DEFAULTS, { persistPage: false }), { sortable: PAYOUT_SORTABLE_COLUMNS });
  const [exporting, setExporting] = useState(false);
  const [openPayout, setOpenPayout] = useState<string | null>(null);
  const query: PayoutQuery = { filters: toPayoutFilter(list.filters), sorting: list.sorting as PayoutQuery['sorting'] };
  const result = useQuery(payoutSearchQuery({ ...query, pagination: { page: list.pageIndex, pageSize: list.pageSize } }));
  const { setFilters, filters } = list;
  // A ?status= in the address (the home's failed-payouts count) sets the status filter once on arrival.
  const statusParam = new URLSearchParams(useSearch()).get('status');
  useEffect(() => {
    if (statusParam && (PAYOUT_STATUSES as readonly string[]).includes(statusParam)) setFilters({ ...filters, status: statusParam as PayoutStatus });
    // Only when the address changes, not when the user edits the filter afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [statusParam]);
  const columns = useMemo(
    () =>
      payoutColumns(
        t,
        (row: PayoutRow) => setFilters({ ...filters, merchantId: row.merchantId, merchantName: row.merchantName }),
        (row: PayoutRow) => setOpenPayout(row.id),
      ),
    // The column definitions only change with the language and the current filter (for "only this property").
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, JSON.stringify(filters)],
  );
  const choosable = PAYOUT_COLUMNS.map((column) => ({ id: column.id, label: t(column.labelKey) }));
  const visible = choosable.filter((column) => list.columnVisibility[column.id] !== false).map((column) => column.id);
  return (
    <ListScreen
      title={t('payouts.title')}
      list={list}
      result={result}
      columns={columns}
      getRowId={(row) => row.id}
      choosableColumns={choosable}
      actions={
        <>
          {mayRequest && (
            <button type="button" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white" onClick={() => setRequesting(true)}>
              {t('payouts.request.action')}
            </button>
          )}
          {mayReconcile && (
            <Link href="/payouts/reconciliation" className="rounded border border-slate-300 px-3 py-1.5 text-sm">
              {t('settlement.reconciliation.open')}
            </Link>
          )}
          <button type="button" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white" onClick={() => setExporting(true)}>
            {t('exports.export')}
          </button>
        </>
      }
      filters={<PayoutFilters value={list.filters} onApply={list.setFilters} properties={properties} />}
      onRowClick={(row) => setOpenPayout(row.id)}
    >
      <PayoutDetailDialog payoutId={openPayout} canRetry={canRetry} onClose={() => setOpenPayout(null)} />
      {requesting ? (
        <RequestPayoutDialog
          picked={filters.merchantId ? { merchantId: filters.merchantId, name: filters.merchantName } : null}
          onClose={() => setRequesting(false)}
          onShow={(property) => {
            setFilters({ ...filters, merchantId: property.merchantId, merchantName: property.name });
            setRequesting(false);
          }}
        />
      ) : null}
      <ExportDialog
        open={exporting}
        onClose={() => setExporting(false)}
        columns={choosable}
        visibleColumns={visible}
        onExport={({ fileType, columns: chosen }) => {
          const exportBody: PayoutExportBody = {
            fileType,
            chunkSize: PAYOUT_EXPORT_CHUNK_SIZE,
            request: query,
            orderColumns: chosen as PayoutExportBody['orderColumns'],
          };
          startExport({ exportType: 'PAYOUT', body: exportBody });
          setExporting(false);
        }}
      />
    </ListScreen>
  );
}
