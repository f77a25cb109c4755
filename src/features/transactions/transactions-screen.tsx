import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_COLUMNS, ORDER_DEFAULT_COLUMNS, ORDER_SORTABLE_COLUMNS, type OrderQuery, type OrderRow } from '../../../contract/transactions';
import type { OrderExportBody } from '../../../contract/exports';
import { useActiveProperty } from '../../lib/active-property';
import { ExportDialog } from '../../components/export-dialog/export-dialog';
import { ListScreen } from '../../components/list-screen/list-screen';
import { usePersistedListState, type ListDefaults } from '../../components/list-screen/list-state';
import { useListScreen } from '../../components/list-screen/use-list-screen';
import { startExport } from '../../lib/export-tracker';
import { orderSearchQuery } from './api';
import { transactionColumns } from './transaction-columns';
import { EMPTY_TRANSACTION_FILTERS, toOrderFilter, type TransactionFilterValues } from './transaction-filter-values';
import { TransactionFilters } from './transaction-filters';

const DEFAULTS: ListDefaults<TransactionFilterValues> = {
  columns: Object.fromEntries(ORDER_COLUMNS.map((column) => [column.id, (ORDER_DEFAULT_COLUMNS as string[]).includes(column.id)])),
  sorting: [],
  filters: EMPTY_TRANSACTION_FILTERS,
  pageSize: 25,
};

/** /transactions (spec 2): orders with server-side filters, sorting and pages; columns to choose; export. */
export function TransactionsScreen() {
  const { t } = useTranslation();
  // Spec 3: filters, sorting, columns and (transactions only) the page persist; the page size goes with the page.
  const list = useListScreen(usePersistedListState('transactions', DEFAULTS, { persistPage: true }), { sortable: ORDER_SORTABLE_COLUMNS });
  const [exporting, setExporting] = useState(false);
  // Merchant-side users choose among their own properties; the server scopes every query to the caller anyway.
  const { properties } = useActiveProperty();
  const query: OrderQuery = { filters: toOrderFilter(list.filters), sorting: list.sorting as OrderQuery['sorting'] };
  // A negative page index counts from the end, as the server can (decision 0460).
  const pagination =
    list.pageIndex < 0 ? { page: -list.pageIndex - 1, pageSize: list.pageSize, fromEnd: true } : { page: list.pageIndex, pageSize: list.pageSize };
  const result = useQuery(orderSearchQuery({ ...query, pagination }));
  const { setFilters, filters } = list;
  const columns = useMemo(
    () => transactionColumns(t, (row: OrderRow) => setFilters({ ...filters, merchantId: row.merchantId, merchantName: row.merchantName })),
    // The column definitions only change with the language and the current filter (for "only this property").
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, JSON.stringify(filters)],
  );
  const choosable = ORDER_COLUMNS.map((column) => ({ id: column.id, label: t(column.labelKey) }));
  const visible = choosable.filter((column) => list.columnVisibility[column.id] !== false).map((column) => column.id);
  return (
    <ListScreen
      title={t('transactions.title')}
      list={list}
      result={result}
      columns={columns}
      getRowId={(row) => String(row.id)}
      choosableColumns={choosable}
      pagesFromEnd
      holdNewRows
      actions={
        <button type="button" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white" onClick={() => setExporting(true)}>
          {t('exports.export')}
        </button>
      }
      filters={<TransactionFilters value={list.filters} onApply={list.setFilters} properties={properties} />}
    >
      <ExportDialog
        open={exporting}
        onClose={() => setExporting(false)}
        columns={choosable}
        visibleColumns={visible}
        onExport={({ fileType, columns: chosen }) => {
          const exportBody: OrderExportBody = { fileType, orderQueryListRequest: query, orderColumns: chosen as OrderExportBody['orderColumns'] };
          startExport({ exportType: 'TRANSACTION', body: exportBody });
          setExporting(false);
        }}
      />
    </ListScreen>
  );
}
