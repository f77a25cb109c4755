import type { TFunction } from 'i18next';
import { REFUND_COLUMNS, REFUND_SORTABLE, type RefundColumnId, type RefundRequestRow } from '../../../contract/refunds';
import { NoWrap } from '../../components/data-table/data-table';
import { keyOnPhone, type DataTableColumn } from '../../components/data-table/data-table-features';
import { StatusBadge } from '../../components/status-badge/status-badge';
import { formatDateTime, formatMoney } from '../../lib/format';
import { REFUND_APPROVAL_STATUS_TONES, REFUND_STATE_TONES } from '../../lib/status-tones';

function cellOf(id: RefundColumnId, row: RefundRequestRow, t: TFunction, onOpen: (row: RefundRequestRow) => void): React.ReactNode {
  // The row opens the request; the reference is the same as a button, for the keyboard.
  if (id === 'orderReference')
    return (
      <button type="button" className="text-left text-brand underline" onClick={(event) => (event.stopPropagation(), onOpen(row))}>
        {row.orderReference}
      </button>
    );
  if (id === 'amount') return <NoWrap>{formatMoney(row.amountMinor, row.currency)}</NoWrap>;
  if (id === 'approvalStatus')
    return <StatusBadge tone={REFUND_APPROVAL_STATUS_TONES[row.approvalStatus]}>{t(`refunds.approvalStatus.${row.approvalStatus}`)}</StatusBadge>;
  if (id === 'state') return <StatusBadge tone={REFUND_STATE_TONES[row.state]}>{t(`refunds.state.${row.state}`)}</StatusBadge>;
  if (id === 'approvals') return `${row.approvalsGiven}/${row.approvalsRequired}`;
  if (id === 'requestedBy') return row.requestedByEmail;
  if (id === 'createdAt' || id === 'updatedAt') return <NoWrap>{formatDateTime(row[id])}</NoWrap>;
  return String(row[id] ?? '');
}

/** What tells a refund request apart and says how it stands: first in its card on a phone. */
const KEY_ON_PHONE = ['orderId', 'orderReference', 'guestName', 'amount', 'approvalStatus', 'state'];

/** One table column per contract column (the export offers the same ids), pinned ones first. */
export function refundColumns(t: TFunction, onOpen: (row: RefundRequestRow) => void, pinned: readonly string[]): DataTableColumn<RefundRequestRow>[] {
  const ordered = [...REFUND_COLUMNS].sort((a, b) => {
    const rank = (id: string) => (pinned.includes(id) ? pinned.indexOf(id) : pinned.length);
    return rank(a.id) - rank(b.id);
  });
  return ordered.map((column) => ({
    id: column.id,
    accessorFn: (row: RefundRequestRow) =>
      column.id === 'amount' ? row.amountMinor : column.id === 'approvals' ? row.approvalsGiven : row[column.id as keyof RefundRequestRow],
    header: () => t(column.labelKey),
    cell: ({ row }: { row: { original: RefundRequestRow } }) => cellOf(column.id, row.original, t, onOpen),
    enableSorting: (REFUND_SORTABLE as readonly string[]).includes(column.id),
    meta: keyOnPhone(KEY_ON_PHONE, column.id),
  }));
}
