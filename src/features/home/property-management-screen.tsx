import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { homeScreenEndpoints, type DashboardOrder, type LinkSummary } from '../../../contract/home';
import { DashboardList, moneyText, StatCard } from './dashboard-parts';
import { PageLayout } from '../../components/page-layout/page-layout';
import { StatusBadge } from '../../components/status-badge/status-badge';
import { LinkStateBadge } from '../../components/link-state-badge/link-state-badge';
import { paymentLinkEndpoints } from '../../../contract/payment-links';
import { MoneyBlockedNote, PickedProperty, PropertyPicker } from '../../components/property-picker/property-picker';
import { useWorkingProperty, withPicked } from '../../components/property-picker/working-property';
import { useCapabilities } from '../../lib/capabilities';
import { call } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { ORDER_STATUS_TONES } from '../../lib/status-tones';

// Spec 2 "Home by role": the property roles' day at the active property (issue 15, decision 0221).
// Switching the property switches the query key, so everything follows the switcher.

const orderHref = (orderId: number, merchantId: string) =>
  `/transactions/transaction-info?transactionId=${orderId}&merchantId=${encodeURIComponent(merchantId)}`;

export function PropertyManagementScreen() {
  const { t } = useTranslation();
  const working = useWorkingProperty();
  const merchantId = working.merchantId;
  const capabilities = useCapabilities(merchantId ?? null);
  const property = merchantId ? capabilities.property : null;
  const dashboard = useQuery({
    queryKey: ['home', 'property', merchantId ?? null],
    queryFn: ({ signal }) => call(homeScreenEndpoints.getPropertyDashboard, { merchantId, signal }),
    enabled: Boolean(merchantId) && property !== null,
  });
  const title = t('shell.routes.propertyManagement');
  if (!merchantId)
    return (
      <PageLayout title={title}>
        {working.picks ? <PropertyPicker working={working} purpose={t('capabilities.picker.forDashboard')} /> : <p role="status">{t('common.loading')}</p>}
      </PageLayout>
    );
  if (capabilities.failed)
    return (
      <PageLayout title={title}>
        <p role="alert">{t('capabilities.notYours')}</p>
        {working.picks ? (
          <Link href={working.hrefFor(undefined)} className="text-brand underline">
            {t('capabilities.picker.change')}
          </Link>
        ) : null}
      </PageLayout>
    );
  const data = dashboard.data;
  const mayLink = property !== null && capabilities.may(paymentLinkEndpoints.createPaymentLink);
  return (
    <PageLayout
      title={title}
      subtitle={data?.propertyName}
      actions={
        <nav aria-label={t('home.actions.label')} className="flex gap-2">
          {mayLink ? (
            <Link href={withPicked('/generate-payment-link', working)} className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
              {t('home.actions.newLink')}
            </Link>
          ) : null}
          <Link href="/transactions" className="rounded border border-slate-400 px-3 py-1.5 text-sm">
            {t('home.actions.transactions')}
          </Link>
        </nav>
      }
    >
      <PickedProperty working={working} property={property} />
      <MoneyBlockedNote property={property} />
      {!data ? (
        <p role="status">{t('home.loading')}</p>
      ) : (
        <>
          <div className="flex flex-wrap gap-3">
            <StatCard label={t('home.takingsToday')} value={moneyText(data.takingsToday)} testId="takings-today" />
            <StatCard label={t('home.takingsThisWeek')} value={moneyText(data.takingsThisWeek)} testId="takings-week" />
            <StatCard label={t('home.openLinks')} value={data.openLinks.count} testId="open-links-count" />
            <StatCard label={t('home.awaitingCapture')} value={data.awaitingCapture.count} testId="awaiting-capture-count" />
            <StatCard label={t('home.failedPayments')} value={data.failedPayments.count} testId="failed-payments-count" />
          </div>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <DashboardList title={t('home.openLinks')} count={data.openLinks.count} empty={t('home.none')} testId="open-links">
              {data.openLinks.items.map((link) => (
                <LinkRow key={link.orderId} link={link} merchantId={data.merchantId} when={t('home.expires', { date: formatDateTime(link.expiresAt) })} />
              ))}
            </DashboardList>
            <DashboardList title={t('home.awaitingCapture')} count={data.awaitingCapture.count} empty={t('home.none')} testId="awaiting-capture">
              {data.awaitingCapture.items.map((order) => (
                <OrderRow
                  key={order.orderId}
                  order={order}
                  merchantId={data.merchantId}
                  extra={t('home.open', { amount: formatMoney(order.openMinor, order.currency) })}
                  statusWords={t('home.amountHeld')}
                />
              ))}
            </DashboardList>
            <DashboardList title={t('home.failedPayments')} count={data.failedPayments.count} empty={t('home.none')} testId="failed-payments">
              {data.failedPayments.items.map((order, index) => (
                <OrderRow
                  key={`${order.orderId}-${index}`}
                  order={order}
                  merchantId={data.merchantId}
                  extra={
                    [order.reason, order.attempts > 1 ? t('home.refusedAttempts', { count: order.attempts }) : null].filter(Boolean).join(' · ') || undefined
                  }
                />
              ))}
            </DashboardList>
            <DashboardList title={t('home.expiredLinks')} count={data.expiredLinks.count} empty={t('home.none')} testId="expired-links">
              {data.expiredLinks.items.map((link) => (
                <LinkRow key={link.orderId} link={link} merchantId={data.merchantId} when={t('home.expired', { date: formatDateTime(link.expiresAt) })} />
              ))}
            </DashboardList>
            <DashboardList title={t('home.recentOrders')} empty={t('home.none')} testId="recent-orders">
              {data.recentOrders.map((order) => (
                <OrderRow key={order.orderId} order={order} merchantId={data.merchantId} />
              ))}
            </DashboardList>
          </div>
        </>
      )}
    </PageLayout>
  );
}

/** The link's own state beside its order (decision 0422): a locked link is not "sent, not processed". */
const LINK_STATE_TONES = { Open: 'info', Expired: 'neutral', Locked: 'danger' } as const;

function LinkRow({ link, merchantId, when }: { link: LinkSummary; merchantId: string; when: string }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <Link href={orderHref(link.orderId, merchantId)} className="text-brand underline">
        {link.guestName} · {link.referenceNo}
      </Link>
      <span>{formatMoney(link.amountMinor, link.currency)}</span>
      <StatusBadge tone={LINK_STATE_TONES[link.linkState]}>{t(`home.linkState.${link.linkState}`)}</StatusBadge>
      <span className="text-slate-700">{when}</span>
      <a href={link.url} target="_blank" rel="noreferrer" className="text-brand underline">
        {t('home.guestPage')}
      </a>
    </li>
  );
}

/** `statusWords`: what the row's list knows better than the order's status (a hold awaiting capture is not "Tokenized"). */
function OrderRow({ order, merchantId, extra, statusWords }: { order: DashboardOrder; merchantId: string; extra?: string; statusWords?: string }) {
  const { t } = useTranslation();
  return (
    // A grid, so the amounts of one list line up on the right whatever the length of the guest's name.
    <li className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-3 gap-y-1 py-2 text-sm" data-testid="dashboard-order">
      <Link href={orderHref(order.orderId, merchantId)} className="text-brand underline">
        {order.guestName} · {order.referenceNo}
      </Link>
      <StatusBadge tone={ORDER_STATUS_TONES[order.status]}>{statusWords ?? t(`transactions.status.${order.status}`)}</StatusBadge>
      <span className="min-w-24 text-right tabular-nums" data-testid="dashboard-order-amount">
        {formatMoney(order.amountMinor, order.currency)}
      </span>
      {/* The link's own state on the row's second line (decision 0535), so the guest's name keeps its room. */}
      {order.linkState || extra ? (
        <span className="col-span-3 flex flex-wrap items-center gap-2 text-slate-700">
          {order.linkState ? <LinkStateBadge state={order.linkState} /> : null}
          {extra ? <span>{extra}</span> : null}
        </span>
      ) : null}
    </li>
  );
}
