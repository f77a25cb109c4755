import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import {
  REFUND_COLUMNS,
  REFUND_DEFAULT_COLUMNS,
  REFUND_SORTABLE,
  type RefundExportBody,
  type RefundQuery,
  type RefundRequestRow,
} from '../../../contract/refunds';
import { ExportDialog } from '../../components/export-dialog/export-dialog';
import { ListScreen } from '../../components/list-screen/list-screen';
import { usePersistedListState, type ListDefaults } from '../../components/list-screen/list-state';
import { useListScreen } from '../../components/list-screen/use-list-screen';
import { useActiveProperty } from '../../lib/active-property';
import { startExport } from '../../lib/export-tracker';
import { usePersistedTable, type TablePreferences } from '../../lib/persisted-store';
import { refundSearchQuery } from './api';
import { refundColumns } from './refund-columns';
import { RefundDetailDialog } from './refund-detail-dialog';
import { EMPTY_REFUND_FILTERS, filtersFromStatusParam, toRefundFilter, type RefundFilterValues } from './refund-filter-values';
import { RefundFilters } from './refund-filters';
import { RefundPinning } from './refund-pinning';

const DEFAULTS: ListDefaults<RefundFilterValues> = {
  columns: Object.fromEntries(REFUND_COLUMNS.map((column) => [column.id, (REFUND_DEFAULT_COLUMNS as string[]).includes(column.id)])),
  sorting: [],
  filters: EMPTY_REFUND_FILTERS,
  pageSize: 25,
};
const NO_PREFERENCES: TablePreferences = { columns: {}, sorting: [], filters: {} };
const NO_PINS: string[] = [];

/** /refund-management (spec 2, optional ?status=): refund requests with server paging, filters, sorting, chosen and pinned columns, the "waiting for me" view, detail with decisions, export. */
export function RefundManagementScreen() {
  const { t } = useTranslation();
  const { properties } = useActiveProperty();
  // Spec 3: refunds persist columns, pinning, sorting and filters; not the page.
  const list = useListScreen(usePersistedListState('refunds', DEFAULTS, { persistPage: false }), { sortable: REFUND_SORTABLE });
  const [preferences, savePreferences] = usePersistedTable('refunds', NO_PREFERENCES);
  const pinned = preferences.columnPinning?.left ?? NO_PINS;
  const setPinned = (left: string[]) => savePreferences((current) => ({ ...current, columnPinning: { left, right: [] } }));
  const [exporting, setExporting] = useState(false);
  const [openRequest, setOpenRequest] = useState<string | null>(null);

  // A ?status= in the address (a link from elsewhere) sets the status filter once on arrival.
  const statusParam = new URLSearchParams(useSearch()).get('status');
  const { setFilters, filters } = list;
  useEffect(() => {
    const next = filtersFromStatusParam(statusParam, filters);
    if (next) setFilters(next);
    // Only when the address changes, not when the user edits the filter afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [statusParam]);

  const query: RefundQuery = { filters: toRefundFilter(list.filters), sorting: list.sorting as RefundQuery['sorting'] };
  const result = useQuery(refundSearchQuery({ ...query, pagination: { page: list.pageIndex, pageSize: list.pageSize } }));
  // How many requests wait for this user's decision, whatever the filters: it rises as requests are made
  // elsewhere (the live stream makes the refunds' reads stale, issue 38).
  const waiting = useQuery(refundSearchQuery({ filters: { waitingForMe: true }, sorting: [], pagination: { page: 0, pageSize: 10 } }));
  const columns = useMemo(() => refundColumns(t, (row: RefundRequestRow) => setOpenRequest(row.id), pinned), [t, pinned]);
  const choosable = REFUND_COLUMNS.map((column) => ({ id: column.id, label: t(column.labelKey) }));
  const inTableOrder = columns.map((column) => choosable.find((choice) => choice.id === column.id)!);
  // The export holds the columns the table shows, in the table's order (pinned first).
  const visible = columns.map((column) => column.id as string).filter((id) => list.columnVisibility[id] !== false);
  const setView = (view: RefundFilterValues['view']) => setFilters({ ...filters, view });
  return (
    <ListScreen
      title={t('refunds.title')}
      list={list}
      result={result}
      columns={columns}
      pinnedColumns={pinned}
      getRowId={(row) => row.id}
      choosableColumns={choosable}
      actions={
        <>
          <RefundPinning columns={choosable} pinned={pinned} onChange={setPinned} />
          <button type="button" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white" onClick={() => setExporting(true)}>
            {t('exports.export')}
          </button>
        </>
      }
      filters={
        <div className="flex flex-col gap-3">
          <div role="radiogroup" aria-label={t('refunds.views.label')} className="flex gap-2">
            {(['all', 'waitingForMe'] as const).map((view) => (
              <button
                key={view}
                type="button"
                role="radio"
                aria-checked={filters.view === view}
                className={`rounded-full border px-3 py-1 text-sm ${filters.view === view ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white'}`}
                onClick={() => setView(view)}
              >
                {t(`refunds.views.${view}`)}
                {view === 'waitingForMe' && waiting.data ? (
                  <span
                    data-testid="waiting-for-me-count"
                    aria-label={t('live.waitingForMeCount', { count: waiting.data.total })}
                    className={`ml-2 rounded-full px-1.5 text-xs ${filters.view === view ? 'bg-white text-slate-900' : 'bg-slate-900 text-white'}`}
                  >
                    {waiting.data.total.toLocaleString()}
                  </span>
                ) : null}
              </button>
            ))}
          </div>
          <RefundFilters value={list.filters} onApply={list.setFilters} properties={properties} />
        </div>
      }
      onRowClick={(row) => setOpenRequest(row.id)}
    >
      <RefundDetailDialog requestId={openRequest} onClose={() => setOpenRequest(null)} />
      <ExportDialog
        open={exporting}
        onClose={() => setExporting(false)}
        columns={inTableOrder}
        visibleColumns={visible}
        onExport={({ fileType, columns: chosen }) => {
          const body: RefundExportBody = { fileType, request: query, orderColumns: chosen as RefundExportBody['orderColumns'] };
          startExport({ exportType: 'REFUND', body });
          setExporting(false);
        }}
      />
    </ListScreen>
  );
}
