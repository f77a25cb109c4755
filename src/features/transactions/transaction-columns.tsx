import type { TFunction } from 'i18next';
import { ORDER_COLUMNS, ORDER_SORTABLE_COLUMNS, type OrderColumnId, type OrderRow } from '../../../contract/orders';
import type { DataTableColumn } from '../../components/data-table/data-table-features';
import { formatDateTime, formatMoney } from '../../components/data-table/format';

function cellOf(id: OrderColumnId, row: OrderRow, t: TFunction, onlyProperty: (row: OrderRow) => void): React.ReactNode {
  switch (id) {
    case 'amount':
      return formatMoney(row.amountMinor, row.currency);
    // The words come from the status text, never from the legacy code (contract decision 0120).
    case 'status':
      return t(`transactions.status.${row.status}`);
    case 'paymentType':
      return t(`transactions.paymentType.${row.paymentType}`);
    case 'createdAt':
    case 'updatedAt':
      return formatDateTime(row[id]);
    case 'merchantName':
      return (
        <button type="button" className="hover:underline" title={t('transactions.onlyThisProperty')} onClick={() => onlyProperty(row)}>
          {row.merchantName}
        </button>
      );
    default:
      return String(row[id] ?? '');
  }
}

/** One table column per contract column (the export offers the same ids). */
export function transactionColumns(t: TFunction, onlyProperty: (row: OrderRow) => void): DataTableColumn<OrderRow>[] {
  return ORDER_COLUMNS.map((column) => ({
    id: column.id,
    accessorFn: (row: OrderRow) => (column.id === 'amount' ? row.amountMinor : row[column.id]),
    header: () => t(column.labelKey),
    cell: ({ row }: { row: { original: OrderRow } }) => cellOf(column.id, row.original, t, onlyProperty),
    enableSorting: (ORDER_SORTABLE_COLUMNS as readonly string[]).includes(column.id),
  }));
}
