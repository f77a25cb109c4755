import type { TFunction } from 'i18next';
import { PAYOUT_COLUMNS, PAYOUT_SORTABLE_COLUMNS, type PayoutColumnId, type PayoutRow } from '../../../contract/payouts';
import type { DataTableColumn } from '../../components/data-table/data-table-features';
import { formatDateTime, formatMoney } from '../../components/data-table/format';

function cellOf(id: PayoutColumnId, row: PayoutRow, t: TFunction, onlyProperty: (row: PayoutRow) => void): React.ReactNode {
  if (id === 'merchantName')
    return (
      <button
        type="button"
        className="hover:underline"
        title={t('payouts.onlyThisProperty')}
        onClick={(event) => {
          // The row opens the payout; this button narrows the table instead.
          event.stopPropagation();
          onlyProperty(row);
        }}
      >
        {row.merchantName}
      </button>
    );
  if (id === 'amount') return formatMoney(row.amountMinor, row.currency);
  if (id === 'status') return t(`payouts.status.${row.status}`);
  if (id === 'schedule') return t(`payouts.schedule.${row.schedule}`);
  if (id === 'createdAt' || id === 'updatedAt' || id === 'paidAt') return formatDateTime(row[id]);
  return String(row[id] ?? '');
}

/** One table column per contract column (the export offers the same ids). */
export function payoutColumns(t: TFunction, onlyProperty: (row: PayoutRow) => void): DataTableColumn<PayoutRow>[] {
  return PAYOUT_COLUMNS.map((column) => ({
    id: column.id,
    accessorFn: (row: PayoutRow) => (column.id === 'amount' ? row.amountMinor : row[column.id]),
    header: () => t(column.labelKey),
    cell: ({ row }: { row: { original: PayoutRow } }) => cellOf(column.id, row.original, t, onlyProperty),
    enableSorting: (PAYOUT_SORTABLE_COLUMNS as readonly string[]).includes(column.id),
  }));
}
