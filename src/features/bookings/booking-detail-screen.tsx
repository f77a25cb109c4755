import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { DetailSection } from '../../components/detail-section/detail-section';
import { PageLayout } from '../../components/page-layout/page-layout';
import { formatDate, formatMoney } from '../../lib/format';
import { bookingQuery } from './api';
import { transactionHref } from './booking-columns';
import { BookingLog } from './booking-log';
import { PmsFolio } from './pms-folio';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /bookings/booking-detail?bookingId=..: one booking, its orders, its PMS folio and its log (spec 7 "PMS and bookings"). */
export function BookingDetailScreen() {
  const { t } = useTranslation();
  const id = new URLSearchParams(useSearch()).get('bookingId') ?? '';
  const valid = UUID.test(id);
  const result = useQuery({ ...bookingQuery(id), enabled: valid });
  const booking = result.data;
  const back = { href: '/bookings', label: t('shell.routes.bookings') };
  if (!valid || result.isError) return <PageLayout title={t('bookings.detail.titleUnknown')} back={back} subtitle={t('bookings.detail.notFound')} />;
  if (!booking) return <PageLayout title={t('bookings.detail.titleUnknown')} back={back} subtitle={t('bookings.detail.loading')} />;
  return (
    <PageLayout title={t('bookings.detail.title', { reference: booking.reference })} back={back}>
      <DetailSection
        title={t('bookings.detail.booking')}
        items={[
          { label: t('bookings.columns.merchantName'), value: booking.merchantName },
          { label: t('bookings.columns.guestName'), value: booking.guestEmail ? `${booking.guestName} (${booking.guestEmail})` : booking.guestName },
          { label: t('bookings.columns.checkIn'), value: formatDate(booking.checkIn) },
          { label: t('bookings.columns.checkOut'), value: formatDate(booking.checkOut) },
          { label: t('bookings.columns.amount'), value: formatMoney(booking.amountMinor, booking.currency) },
          {
            label: t('bookings.columns.depositBasis'),
            value:
              booking.depositMinor !== null
                ? `${t(`bookings.depositBasis.${booking.depositBasis}`)} (${formatMoney(booking.depositMinor, booking.currency)})`
                : t(`bookings.depositBasis.${booking.depositBasis}`),
          },
          { label: t('bookings.columns.pmsIntegration'), value: t(`bookings.pmsIntegration.${booking.pmsIntegration}`), testId: 'booking-pms' },
          {
            label: t('bookings.columns.orderIds'),
            value: booking.orderIds.length ? (
              <span className="flex flex-wrap gap-2">
                {booking.orderIds.map((orderId) => (
                  <Link key={orderId} href={transactionHref(orderId, booking.merchantId)} className="text-brand underline">
                    {orderId}
                  </Link>
                ))}
              </span>
            ) : (
              '—'
            ),
          },
        ]}
      />
      <DetailSection title={t('bookings.pms.title')}>
        <PmsFolio booking={booking} />
      </DetailSection>
      <DetailSection title={t('bookings.log.title')}>
        <BookingLog bookingId={booking.id} />
      </DetailSection>
    </PageLayout>
  );
}
