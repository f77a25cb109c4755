import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { homeScreenEndpoints, type MerchantHome } from '../../../contract/home';
import { paymentLinkEndpoints } from '../../../contract/payment-links';
import type { PropertyStatus } from '../../../contract/properties';
import { moneyText } from './dashboard-parts';
import { PageLayout } from '../../components/page-layout/page-layout';
import { StatusBadge } from '../../components/status-badge/status-badge';
import { call } from '../../lib/api-client';
import { useSession } from '../../lib/session/session-provider';
import { groupOpensApi } from '../../../contract/permission-rules';
import { KYC_STEP_IDS } from '../../../contract/kyc/steps';
import { ResponseError } from '../../lib/failure-message';
import { mayOpenArea } from '../../lib/permissions';
import { useCapabilities } from '../../lib/capabilities';
import { PROPERTY_STATUS_TONES } from '../../lib/status-tones';
import { SidewaysScroll } from '../../components/sideways-scroll/sideways-scroll';

// Spec 2 "Home by role": the merchant admins' and view-only users' home (issue 15, decision 0221):
// the group's properties with their status and today's takings, and what needs action.

export function HomeScreen() {
  const { t } = useTranslation();
  const { merchantUserInfo } = useSession();
  // A group still in onboarding has no figures yet, and the server opens them only to Active groups:
  // the home leads on to KYC instead of asking for what would be refused.
  const onboarding = merchantUserInfo ? !groupOpensApi('Properties', merchantUserInfo.merchantGroupStatus) : false;
  // Provider staff belong to no group: their address of this page has nothing to ask for.
  const noGroup = merchantUserInfo !== null && merchantUserInfo.merchantGroupId === null;
  // A role that does not read the group's properties (a user manager, the property roles) is told so without asking.
  const capabilities = useCapabilities();
  const mayRead = merchantUserInfo !== null && capabilities.may(homeScreenEndpoints.getMerchantHome);
  const home = useQuery({
    queryKey: ['home', 'merchant'],
    queryFn: ({ signal }) => call(homeScreenEndpoints.getMerchantHome, { signal }),
    enabled: merchantUserInfo !== null && !onboarding && !noGroup && mayRead,
    retry: false,
    meta: { errorToast: false },
  });
  const title = t('shell.routes.home');
  if (onboarding) {
    // What the applicant has to do now: an application sent back says so (the wizard then names what to
    // change), one with the reviewers needs nothing; otherwise the application is still to be finished.
    const status = merchantUserInfo?.merchantGroupStatus;
    const sentBack = status === 'SentForResubmission';
    const withReviewers = status === 'Pending' || status === 'InReview';
    return (
      <PageLayout title={title}>
        <p>{t(sentBack ? 'home.merchant.sentBack' : withReviewers ? 'home.merchant.withReviewers' : 'home.merchant.onboardingFirst')}</p>
        <Link href={`/kyc/${KYC_STEP_IDS[0]}`} className="mt-3 inline-block font-medium text-brand underline">
          {t(sentBack ? 'home.merchant.seeWhatToChange' : 'home.merchant.openKyc')}
        </Link>
      </PageLayout>
    );
  }
  if (noGroup)
    return (
      <PageLayout title={title}>
        <p role="status">{t('home.merchant.noGroup')}</p>
      </PageLayout>
    );
  if (merchantUserInfo !== null && !mayRead && !capabilities.loading)
    return (
      <PageLayout title={title}>
        <p role="status">{t('home.merchant.forbidden')}</p>
      </PageLayout>
    );
  if (home.isError)
    return (
      <PageLayout title={title}>
        <p role="status">{home.error instanceof ResponseError && home.error.status === 403 ? t('home.merchant.forbidden') : home.error.message}</p>
      </PageLayout>
    );
  if (!home.data)
    return (
      <PageLayout title={title}>
        <p role="status">{t('home.loading')}</p>
      </PageLayout>
    );
  const data = home.data;
  return (
    <PageLayout title={title} subtitle={`${data.groupName} · ${t('home.merchant.groupStatus', { status: data.groupStatus })}`}>
      <NeedsAction data={data} />
      <section aria-label={t('home.merchant.properties')} className="flex flex-col gap-2 rounded border border-slate-300 bg-white p-4">
        <h2 className="font-semibold">{t('home.merchant.properties')}</h2>
        {/* On a phone the five columns are wider than the card: the table scrolls inside it. */}
        <SidewaysScroll>
          <table className="w-full text-left text-sm" data-testid="group-properties">
            <thead>
              <tr className="border-b border-slate-300">
                {(['name', 'status', 'takingsToday', 'openLinks', 'awaitingCapture'] as const).map((column) => (
                  <th key={column} scope="col" className="py-2 pr-4 font-medium">
                    {t(`home.merchant.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.properties.map((property) => (
                <tr key={property.merchantId} className="border-b border-slate-200" data-testid="group-property">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    <Link href={`/properties/property-overview/${property.merchantId}`} className="text-brand underline">
                      {property.name}
                    </Link>
                  </th>
                  <td className="py-2 pr-4">
                    <StatusBadge tone={PROPERTY_STATUS_TONES[property.status as PropertyStatus] ?? 'neutral'}>
                      {t(`home.propertyStatus.${property.status}`, { defaultValue: property.status })}
                    </StatusBadge>
                  </td>
                  <td className="py-2 pr-4" data-testid="property-takings-today">
                    {moneyText(property.takingsToday)}
                  </td>
                  <td className="py-2 pr-4">{property.openLinks}</td>
                  <td className="py-2 pr-4">{property.awaitingCapture}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </SidewaysScroll>
      </section>
      <nav aria-label={t('home.merchant.links')} className="flex flex-wrap gap-2">
        {capabilities.may(paymentLinkEndpoints.createPaymentLink) ? (
          <Link href="/generate-payment-link" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
            {t('home.actions.newLink')}
          </Link>
        ) : null}
        <Link href="/transactions" className="rounded border border-slate-400 px-3 py-1.5 text-sm">
          {t('home.actions.transactions')}
        </Link>
      </nav>
    </PageLayout>
  );
}

function NeedsAction({ data }: { data: MerchantHome }) {
  const { t } = useTranslation();
  const { user, merchantUserInfo } = useSession();
  const { failedPayouts, refundsAwaitingApproval, failedPaymentsThisWeek, propertiesOnboarding } = data.needsAction;
  // The group's finance roles read their payouts (issue 37): the count opens the failed ones; for a role without the page it is said, not linked.
  const payoutsOpen = mayOpenArea('payouts', user?.userPermissions ?? [], merchantUserInfo?.merchantGroupStatus ?? null);
  const items = [
    failedPayouts > 0
      ? { key: 'payouts', href: payoutsOpen ? '/payouts?status=Failed' : undefined, text: t('home.merchant.failedPayouts', { count: failedPayouts }) }
      : null,
    refundsAwaitingApproval > 0
      ? { key: 'refunds', href: '/refund-management?status=AwaitingApproval', text: t('home.merchant.refunds', { count: refundsAwaitingApproval }) }
      : null,
    failedPaymentsThisWeek > 0 ? { key: 'failed', href: '/transactions', text: t('home.merchant.failedPayments', { count: failedPaymentsThisWeek }) } : null,
    ...propertiesOnboarding.map((property) => ({
      key: property.merchantId,
      href: `/properties/property-overview/${property.merchantId}`,
      text: t('home.merchant.onboarding', {
        name: property.name,
        status: t(`home.propertyStatus.${property.status}`, { defaultValue: property.status }),
      }),
    })),
  ].filter((item) => item !== null);
  return (
    <section
      aria-label={t('home.merchant.needsAction')}
      data-testid="needs-action"
      className="flex flex-col gap-2 rounded border border-amber-300 bg-amber-50 p-4"
    >
      <h2 className="font-semibold">{t('home.merchant.needsAction')}</h2>
      {items.length === 0 ? (
        <p className="text-sm">{t('home.merchant.nothingNeeded')}</p>
      ) : (
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
          {items.map((item) => (
            <li key={item.key}>
              {item.href ? (
                <Link href={item.href} className="text-brand underline">
                  {item.text}
                </Link>
              ) : (
                item.text
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
