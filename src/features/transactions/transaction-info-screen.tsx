import { useQuery } from '@tanstack/react-query';
import type { OrderLink } from '../../../contract/link-state';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { DetailSection } from '../../components/detail-section/detail-section';
import { OrderFeeSection } from './order-fee-section';
import { PageLayout } from '../../components/page-layout/page-layout';
import { LinkStateBadge } from '../../components/link-state-badge/link-state-badge';
import { StatusBadge } from '../../components/status-badge/status-badge';
import { formatDateTime, formatMoney } from '../../lib/format';
import { ORDER_STATUS_TONES } from '../../lib/status-tones';
import { orderDetailQuery } from './api';
import { OrderActions } from './order-actions';
import { OrderEmailHistory } from './order-email-history';
import { OrderMetadata } from './order-metadata';
import { PaymentTimeline } from './payment-timeline';

/** /transactions/transaction-info?transactionId=..&merchantId=.. (spec 2): one order, its payments and what may be done now. */
export function TransactionInfoScreen() {
  const { t } = useTranslation();
  const search = new URLSearchParams(useSearch());
  const id = Number(search.get('transactionId'));
  const merchantId = search.get('merchantId') ?? undefined;
  const valid = Number.isInteger(id) && id > 0;
  const result = useQuery({ ...orderDetailQuery(id, merchantId), enabled: valid });
  const order = result.data;
  const back = { href: '/transactions', label: t('transactions.title') };
  if (!valid || result.isError) return <PageLayout title={t('shell.routes.transactionInfo')} back={back} subtitle={t('transactions.info.notFound')} />;
  if (!order) return <PageLayout title={t('shell.routes.transactionInfo')} back={back} subtitle={t('transactions.info.loading')} />;
  const money = (minor: number) => formatMoney(minor, order.currency);
  return (
    <PageLayout
      title={t('transactions.info.title', { id: order.id })}
      back={back}
      subtitle={
        <span className="inline-flex flex-wrap gap-1">
          <span data-testid="order-status">
            <StatusBadge tone={ORDER_STATUS_TONES[order.status]}>{t(`transactions.status.${order.status}`)}</StatusBadge>
          </span>
          {order.paymentLink ? <LinkStateBadge state={order.paymentLink.state} /> : null}
        </span>
      }
    >
      <DetailSection
        title={t('transactions.info.order')}
        items={[
          { label: t('transactions.columns.referenceNo'), value: order.referenceNo, testId: 'order-reference' },
          { label: t('transactions.columns.guestName'), value: order.guestEmail ? `${order.guestName} (${order.guestEmail})` : order.guestName },
          { label: t('transactions.columns.merchantName'), value: order.merchantName },
          { label: t('transactions.columns.amount'), value: money(order.amountMinor) },
          { label: t('transactions.columns.paymentType'), value: t(`transactions.paymentType.${order.paymentType}`) },
          { label: t('transactions.columns.chargeCategory'), value: order.chargeCategory },
          { label: t('transactions.columns.cardBrand'), value: order.cardBrand && order.cardLast4 ? `${order.cardBrand} •••• ${order.cardLast4}` : '—' },
          { label: t('transactions.columns.createdAt'), value: formatDateTime(order.createdAt) },
          ...(order.paymentLink ? [{ label: t('linkStates.label'), value: <OrderLinkLine link={order.paymentLink} />, testId: 'order-payment-link' }] : []),
        ]}
      />
      <OrderFeeSection orderId={order.id} />
      <DetailSection
        title={t('transactions.info.authorization')}
        items={[
          { label: t('transactions.info.authorized'), value: money(order.authorizedMinor) },
          { label: t('transactions.info.captured'), value: money(order.capturedMinor), testId: 'order-captured' },
          { label: t('transactions.info.voided'), value: money(order.voidedMinor), testId: 'order-voided' },
          { label: t('transactions.info.open'), value: money(order.openAuthorizationMinor), testId: 'order-open' },
        ]}
      />
      {order.allowedActions.length > 0 ? (
        <DetailSection title={t('transactions.info.actions')}>
          <OrderActions key={`${order.status}-${order.operations.length}`} order={order} merchantId={merchantId} />
        </DetailSection>
      ) : null}
      <DetailSection title={t('transactions.info.timeline')}>
        <PaymentTimeline operations={order.operations} />
      </DetailSection>
      <DetailSection title={t('transactions.info.metadata')}>
        <OrderMetadata orderId={order.id} merchantId={merchantId} mayAdd={order.mayAct} />
      </DetailSection>
      <DetailSection title={t('transactions.info.emails')}>
        <OrderEmailHistory orderId={order.id} merchantId={merchantId} mayResend={order.mayAct} />
      </DetailSection>
    </PageLayout>
  );
}

/** The link that made the order: its own state, the cards refused on it (one failed payment), and its expiry. */
function OrderLinkLine({ link }: { link: OrderLink }) {
  const { t } = useTranslation();
  const expiry = formatDateTime(link.expiresAt);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <LinkStateBadge state={link.state} />
      {link.failedAttempts > 0 ? <span>{t('linkStates.refusedCards', { count: link.failedAttempts })}</span> : null}
      {link.state === 'Open' ? <span>{t('linkStates.expires', { date: expiry })}</span> : null}
      {link.state === 'Expired' ? <span>{t('linkStates.expired', { date: expiry })}</span> : null}
    </span>
  );
}
