import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_COLUMNS, ORDER_DEFAULT_COLUMNS, ORDER_SORTABLE_COLUMNS, type OrderQuery, type OrderRow } from '../../../contract/orders';
import type { OrderExportBody } from '../../../contract/exports';
import { useActiveProperty } from '../../lib/active-property';
import { ColumnChooser } from '../../components/data-table/column-chooser';
import { DataTable } from '../../components/data-table/data-table';
import { useServerTable } from '../../components/data-table/use-server-table';
import { ExportDialog } from '../../components/export-dialog/export-dialog';
import { startExport } from '../../lib/export-tracker';
import { orderSearchQuery } from './api';
import { transactionColumns } from './transaction-columns';
import { EMPTY_TRANSACTION_FILTERS, toOrderFilter, type TransactionFilterValues } from './transaction-filter-values';
import { TransactionFilters } from './transaction-filters';

const DEFAULTS = {
  columns: Object.fromEntries(ORDER_COLUMNS.map((column) => [column.id, (ORDER_DEFAULT_COLUMNS as string[]).includes(column.id)])),
  sorting: [],
  filters: EMPTY_TRANSACTION_FILTERS,
};

/** /transactions (spec 2): orders with server-side filters, sorting and pages; columns to choose; export. */
export function TransactionsScreen() {
  const { t } = useTranslation();
  const table = useServerTable<TransactionFilterValues>('transactions', DEFAULTS, { persistPageIndex: true });
  const [exporting, setExporting] = useState(false);
  // Merchant-side users choose among their own properties; the server scopes every query to the caller anyway.
  const { properties } = useActiveProperty();
  // A stored sort on a column that is no longer sortable is dropped rather than sent (the server would refuse it).
  const sorting = table.sorting.filter((sort) => (ORDER_SORTABLE_COLUMNS as readonly string[]).includes(sort.id)) as OrderQuery['sorting'];
  const query: OrderQuery = { filters: toOrderFilter(table.filters), sorting };
  const body = { ...query, pagination: { page: table.pageIndex, pageSize: table.pageSize } };
  const result = useQuery(orderSearchQuery(body));
  const { setFilters, filters } = table;
  const columns = useMemo(
    () => transactionColumns(t, (row: OrderRow) => setFilters({ ...filters, merchantId: row.merchantId, merchantName: row.merchantName })),
    // The column definitions only change with the language and the current filter (for "only this property").
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, JSON.stringify(filters)],
  );
  const choosable = ORDER_COLUMNS.map((column) => ({ id: column.id, label: t(column.labelKey) }));
  const visible = choosable.filter((column) => table.columnVisibility[column.id] !== false).map((column) => column.id);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="screen-title">
      <header className="flex items-center justify-between gap-3">
        <h1 id="screen-title" className="text-xl font-semibold">{t('transactions.title')}</h1>
        <div className="flex gap-2">
          <ColumnChooser columns={choosable} visibility={table.columnVisibility} onChange={table.setColumnVisibility} />
          <button type="button" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white" onClick={() => setExporting(true)}>
            {t('exports.export')}
          </button>
        </div>
      </header>
      <TransactionFilters value={table.filters} onApply={table.setFilters} properties={properties} />
      {result.isError && (
        <p role="alert" className="text-sm text-red-700">
          {result.error.message}
        </p>
      )}
      <DataTable
        label={t('transactions.title')}
        columns={columns}
        rows={result.data?.items ?? NO_ROWS}
        getRowId={(row) => String(row.id)}
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
      />
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
    </section>
  );
}

const NO_ROWS: OrderRow[] = [];
