import type { TFunction } from 'i18next';
import { Link } from 'wouter';
import { BOOKING_SORTABLE_COLUMNS, type BookingRow } from '../../../contract/bookings';
import { NoWrap } from '../../components/data-table/data-table';
import { keyOnPhone, type DataTableColumn } from '../../components/data-table/data-table-features';
import { formatDate, formatMoney } from '../../lib/format';

export const bookingDetailHref = (id: string) => `/bookings/booking-detail?bookingId=${encodeURIComponent(id)}`;
export const transactionHref = (orderId: number, merchantId: string) =>
  `/transactions/transaction-info?transactionId=${orderId}&merchantId=${encodeURIComponent(merchantId)}`;

const COLUMN_IDS = ['reference', 'merchantName', 'guestName', 'checkIn', 'checkOut', 'amount', 'depositBasis', 'pmsIntegration', 'orderIds'] as const;

function cellOf(id: (typeof COLUMN_IDS)[number], row: BookingRow, t: TFunction): React.ReactNode {
  switch (id) {
    // The row's way to its detail page.
    case 'reference':
      return (
        <Link href={bookingDetailHref(row.id)} className="text-brand underline">
          {row.reference}
        </Link>
      );
    case 'checkIn':
    case 'checkOut':
      return <NoWrap>{formatDate(row[id])}</NoWrap>;
    case 'amount':
      return <NoWrap>{formatMoney(row.amountMinor, row.currency)}</NoWrap>;
    case 'depositBasis':
      return row.depositMinor !== null
        ? `${t(`bookings.depositBasis.${row.depositBasis}`)} (${formatMoney(row.depositMinor, row.currency)})`
        : t(`bookings.depositBasis.${row.depositBasis}`);
    case 'pmsIntegration':
      return t(`bookings.pmsIntegration.${row.pmsIntegration}`);
    case 'orderIds':
      return (
        <span className="flex flex-wrap gap-1">
          {row.orderIds.map((orderId) => (
            <Link key={orderId} href={transactionHref(orderId, row.merchantId)} className="text-brand underline">
              {orderId}
            </Link>
          ))}
        </span>
      );
    default:
      return row[id] ?? '';
  }
}

/** What tells a booking apart: first in its card on a phone. */
const KEY_ON_PHONE = ['reference', 'guestName', 'checkIn', 'amount'];

export function bookingColumns(t: TFunction): DataTableColumn<BookingRow>[] {
  return COLUMN_IDS.map((id) => ({
    id: id === 'amount' ? 'amount' : id,
    accessorFn: (row: BookingRow) => (id === 'amount' ? row.amountMinor : id === 'orderIds' ? row.orderIds.join(',') : row[id]),
    header: () => t(`bookings.columns.${id}`),
    cell: ({ row }: { row: { original: BookingRow } }) => cellOf(id, row.original, t),
    enableSorting: (BOOKING_SORTABLE_COLUMNS as readonly string[]).includes(id),
    meta: keyOnPhone(KEY_ON_PHONE, id),
  }));
}
