import type { TFunction } from 'i18next';
import { PAYOUT_COLUMNS, PAYOUT_FEE_COLUMNS, PAYOUT_SORTABLE_COLUMNS, type PayoutColumnId, type PayoutRow } from '../../../contract/payouts';
import { NoWrap } from '../../components/data-table/data-table';
import { keyOnPhone, type DataTableColumn } from '../../components/data-table/data-table-features';
import { StatusBadge } from '../../components/status-badge/status-badge';
import { PAYOUT_STATUS_TONES } from '../../lib/status-tones';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';

function cellOf(id: PayoutColumnId, row: PayoutRow, t: TFunction, onlyProperty: (row: PayoutRow) => void, onOpen: (row: PayoutRow) => void): React.ReactNode {
  if (id === 'merchantName')
    return (
      <button
        type="button"
        className="text-left hover:underline"
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
  // The row opens the payout's detail; the reference is the same as a button, for the keyboard.
  if (id === 'reference')
    return (
      <button type="button" className="text-left text-brand underline" onClick={(event) => (event.stopPropagation(), onOpen(row))}>
        {row.reference}
      </button>
    );
  if (id === 'amount') return <NoWrap>{formatMoney(row.amountMinor, row.currency)}</NoWrap>;
  if (id === 'status') return <StatusBadge tone={PAYOUT_STATUS_TONES[row.status]}>{t(`payouts.status.${row.status}`)}</StatusBadge>;
  if (id === 'schedule') return t(`payouts.schedule.${row.schedule}`);
  if (id === 'createdAt' || id === 'updatedAt' || id === 'paidAt') return <NoWrap>{formatDateTime(row[id])}</NoWrap>;
  if (id === 'periodStart' || id === 'periodEnd') return <NoWrap>{formatDate(row[id])}</NoWrap>;
  return String(row[id] ?? '');
}

/** The fee and net amount the fee schedules imply (decision 0291); a dash when no schedule was in force. */
function feeCell(row: PayoutRow, id: (typeof PAYOUT_FEE_COLUMNS)[number]['id'], t: TFunction): React.ReactNode {
  const value = id === 'fee' ? row.feeMinor : row.netMinor;
  return <NoWrap>{value === null ? t('payouts.noFee') : formatMoney(value, row.currency)}</NoWrap>;
}

/** What tells a payout apart and says how it stands: first in its card on a phone. */
const KEY_ON_PHONE = ['reference', 'merchantName', 'amount', 'status'];

/** One table column per contract column (the export offers the same ids), then the screen's fee and net amount. */
export function payoutColumns(t: TFunction, onlyProperty: (row: PayoutRow) => void, onOpen: (row: PayoutRow) => void): DataTableColumn<PayoutRow>[] {
  const contractColumns = PAYOUT_COLUMNS.map((column) => ({
    id: column.id,
    accessorFn: (row: PayoutRow) => (column.id === 'amount' ? row.amountMinor : row[column.id]),
    header: () => t(column.labelKey),
    cell: ({ row }: { row: { original: PayoutRow } }) => cellOf(column.id, row.original, t, onlyProperty, onOpen),
    enableSorting: (PAYOUT_SORTABLE_COLUMNS as readonly string[]).includes(column.id),
    meta: keyOnPhone(KEY_ON_PHONE, column.id),
  }));
  const feeColumns = PAYOUT_FEE_COLUMNS.map((column) => ({
    id: column.id,
    accessorFn: (row: PayoutRow) => (column.id === 'fee' ? row.feeMinor : row.netMinor),
    header: () => t(column.labelKey),
    cell: ({ row }: { row: { original: PayoutRow } }) => feeCell(row.original, column.id, t),
    enableSorting: false,
  }));
  return [...contractColumns, ...feeColumns];
}
