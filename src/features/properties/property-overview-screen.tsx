import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { PropertyOverview } from '../../../contract/properties';
import { DetailSection } from '../../components/detail-section/detail-section';
import { PageLayout } from '../../components/page-layout/page-layout';
import { usePropertyPageReadable } from '../../lib/property-page-reads';
import { formatDateTime } from '../../lib/format';
import { ResponseError } from '../../lib/failure-message';
import { propertyOverviewQuery } from './api';
import { LifecycleActions } from './lifecycle-actions';
import { PropertyStatusBadge } from './property-status-badge';

/** The route is /properties/property-overview/[id]. */
function usePropertyId(): string | undefined {
  const [location] = useLocation();
  const segment = location.split('/').filter(Boolean)[2];
  return segment && segment !== '[id]' ? decodeURIComponent(segment) : undefined;
}

/** The wizard's way in for whoever may still fill it in or answer the reviewer (the merchant side). */
function wizardLink(property: PropertyOverview): string | undefined {
  if (property.status === 'ResubmissionRequired' && property.allowedActions.includes('submit')) return 'properties.wizard.fixFlagged';
  if (property.status === 'Created' && property.allowedActions.includes('complete')) return 'properties.wizard.continue';
  return undefined;
}

function Overview({ property }: { property: PropertyOverview }) {
  const { t } = useTranslation();
  const dash = (value: string | number | null) => (value === null || value === '' ? '—' : String(value));
  const openFlags = property.flags.filter((flag) => flag.resolvedAt === null);
  const readable = usePropertyPageReadable();
  return (
    <div className="flex flex-col gap-4">
      <DetailSection title={t('properties.overview.status')} actions={<LifecycleActions property={property} />}>
        <p data-testid="next-step" className="text-sm text-slate-800">
          {t(`properties.nextStep.${property.nextStep}`)}
        </p>
        {openFlags.length > 0 ? (
          <ul aria-label={t('properties.overview.flags')} className="mt-3 list-disc pl-5 text-sm">
            {openFlags.map((flag) => (
              <li key={flag.target} data-testid="property-flag">
                <strong>{t(`properties.targets.${flag.target}`)}</strong>: {flag.reason}
              </li>
            ))}
          </ul>
        ) : null}
        {wizardLink(property) ? (
          <Link
            href={`/properties/create-property?merchantId=${property.merchantId}`}
            className="mt-3 inline-block text-sm text-brand underline underline-offset-2"
          >
            {t(wizardLink(property)!)}
          </Link>
        ) : null}
      </DetailSection>
      <DetailSection
        title={t('properties.overview.details')}
        items={[
          { label: t('properties.columns.merchantGroupName'), value: property.merchantGroupName },
          { label: t('properties.columns.city'), value: dash(property.city), testId: 'property-city' },
          { label: t('properties.columns.postCode'), value: dash(property.postCode), testId: 'property-post-code' },
          { label: t('properties.columns.propertyType'), value: dash(property.propertyType) },
          { label: t('properties.overview.currency'), value: property.currency },
          { label: t('properties.overview.timezone'), value: property.timezone },
          { label: t('properties.columns.checkinTime'), value: dash(property.checkinTime) },
          { label: t('properties.columns.checkoutTime'), value: dash(property.checkoutTime) },
          { label: t('properties.columns.createdAt'), value: formatDateTime(property.createdAt) },
          { label: t('properties.overview.statusChangedAt'), value: formatDateTime(property.statusChangedAt) },
        ]}
      />
      <DetailSection title={t('properties.overview.settings')}>
        <ul className="grid grid-cols-1 gap-x-10 gap-y-1 text-sm sm:grid-cols-2">
          {property.settings.map((entry) => (
            <li key={entry.page} className="flex justify-between gap-2" data-testid="settings-page-entry">
              {/* A page the user cannot read is named, not linked: its link would only open a refusal. */}
              {readable(entry.page) ? (
                <Link href={`/properties/${entry.page}?merchantId=${property.merchantId}`} className="text-brand underline">
                  {t(`shell.routes.propertyPages.${entry.page}`)}
                </Link>
              ) : (
                <span>{t(`shell.routes.propertyPages.${entry.page}`)}</span>
              )}
              <span className="text-slate-600">{t(`properties.settingsSource.${entry.source}`)}</span>
            </li>
          ))}
        </ul>
      </DetailSection>
      <DetailSection title={t('properties.overview.users')}>
        {property.users.length === 0 ? (
          <p className="text-sm text-slate-600">{t('properties.overview.noUsers')}</p>
        ) : (
          <ul className="text-sm">
            {property.users.map((user) => (
              <li key={user.userId}>
                {user.name} · {user.email} · {user.roles.join(', ')}
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
      <DetailSection title={t('properties.overview.activity')}>
        {property.activity.length === 0 ? (
          <p className="text-sm text-slate-600">{t('properties.overview.noActivity')}</p>
        ) : (
          <ol className="text-sm" aria-label={t('properties.overview.activity')}>
            {property.activity.map((entry, index) => (
              <li key={index} data-testid="property-activity">
                {formatDateTime(entry.at)} · {t(`properties.activity.${entry.action.replace('property.', '')}`, { defaultValue: entry.action })}
                {entry.actor ? ` · ${entry.actor}` : ''}
                {typeof entry.detail.reason === 'string' ? ` · ${entry.detail.reason}` : ''}
              </li>
            ))}
          </ol>
        )}
      </DetailSection>
    </div>
  );
}

/** /properties/property-overview/[id] (spec 2): status and what it needs next, settings at a glance, users, activity. */
export function PropertyOverviewScreen() {
  const { t } = useTranslation();
  const id = usePropertyId();
  const overview = useQuery({ ...propertyOverviewQuery(id ?? ''), enabled: Boolean(id) });
  const data = overview.data;
  const notFound = overview.error instanceof ResponseError && (overview.error.status === 404 || overview.error.status === 400);
  return (
    <PageLayout
      back={{ href: '/properties', label: t('properties.overview.back') }}
      title={data ? data.name : notFound ? t('properties.overview.notFound') : t('shell.routes.propertyOverview')}
      subtitle={data ? <PropertyStatusBadge status={data.status} /> : undefined}
    >
      {overview.isPending && id ? <p role="status">{t('properties.overview.loading')}</p> : null}
      {overview.isError && !notFound ? (
        <p role="alert" className="text-red-700">
          {overview.error.message}
        </p>
      ) : null}
      {data ? <Overview property={data} /> : null}
    </PageLayout>
  );
}
