import type { TFunction } from 'i18next';
import { ORDER_COLUMNS, ORDER_SORTABLE_COLUMNS, type OrderColumnId, type OrderRow } from '../../../contract/transactions';
import { Link } from 'wouter';
import { NoWrap } from '../../components/data-table/data-table';
import { keyOnPhone, type DataTableColumn } from '../../components/data-table/data-table-features';
import { LinkStateBadge } from '../../components/link-state-badge/link-state-badge';
import { StatusBadge } from '../../components/status-badge/status-badge';
import { ORDER_STATUS_TONES } from '../../lib/status-tones';
import { formatDateTime, formatMoney } from '../../lib/format';

function cellOf(id: OrderColumnId, row: OrderRow, t: TFunction, onlyProperty: (row: OrderRow) => void): React.ReactNode {
  switch (id) {
    // The row's way to its detail page (spec 2: transaction-info takes transactionId and merchantId).
    case 'id':
      return (
        <Link href={`/transactions/transaction-info?transactionId=${row.id}&merchantId=${encodeURIComponent(row.merchantId)}`} className="text-brand underline">
          {row.id}
        </Link>
      );
    case 'amount':
      return <NoWrap>{formatMoney(row.amountMinor, row.currency)}</NoWrap>;
    // The words come from the status text, never from the legacy code (contract decision 0120).
    case 'status':
      // The link's own state beside the order's (decision 0535): the server says it, the screen only shows it.
      return (
        <span className="inline-flex flex-wrap gap-1">
          <StatusBadge tone={ORDER_STATUS_TONES[row.status]}>{t(`transactions.status.${row.status}`)}</StatusBadge>
          {row.paymentLink ? <LinkStateBadge state={row.paymentLink.state} /> : null}
        </span>
      );
    case 'linkState':
      return row.paymentLink ? <LinkStateBadge state={row.paymentLink.state} /> : null;
    case 'paymentType':
      return t(`transactions.paymentType.${row.paymentType}`);
    case 'createdAt':
    case 'updatedAt':
      return <NoWrap>{formatDateTime(row[id])}</NoWrap>;
    case 'merchantName':
      return (
        <button type="button" className="text-left hover:underline" title={t('transactions.onlyThisProperty')} onClick={() => onlyProperty(row)}>
          {row.merchantName}
        </button>
      );
    default:
      return String(row[id] ?? '');
  }
}

/** What tells an order apart and says how it stands: first in its card on a phone. */
const KEY_ON_PHONE = ['id', 'guestName', 'amount', 'status'];

/** One table column per contract column (the export offers the same ids). */
export function transactionColumns(t: TFunction, onlyProperty: (row: OrderRow) => void): DataTableColumn<OrderRow>[] {
  return ORDER_COLUMNS.map((column) => ({
    id: column.id,
    accessorFn: (row: OrderRow) => (column.id === 'amount' ? row.amountMinor : column.id === 'linkState' ? (row.paymentLink?.state ?? null) : row[column.id]),
    header: () => t(column.labelKey),
    cell: ({ row }: { row: { original: OrderRow } }) => cellOf(column.id, row.original, t, onlyProperty),
    enableSorting: (ORDER_SORTABLE_COLUMNS as readonly string[]).includes(column.id),
    meta: keyOnPhone(KEY_ON_PHONE, column.id),
  }));
}
