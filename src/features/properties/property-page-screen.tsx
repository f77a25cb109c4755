import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { SettingsScope } from '../../../contract/settings/scope';
import type { PropertyPage } from '../../../contract/settings/pages';
import { PageLayout, type Crumb } from '../../components/page-layout/page-layout';
import { usePropertyPageReadable } from '../../lib/property-page-reads';
import { useActiveProperty } from '../../lib/active-property';
import { useCapabilities } from '../../lib/capabilities';
import { mayOpenArea } from '../../lib/permissions';
import { useSession } from '../../lib/session/session-provider';
import { propertyOverviewQuery } from './api';
import { useWarnBeforeUnload } from '../../lib/use-warn-before-unload';
import { LoadingStatus } from '../../components/loading-status/loading-status';

/**
 * /properties/<page>?merchantId=..&merchantGroupId=..&isOnboarding=.. (spec 2): one property's settings page.
 * Without merchantId the active property (top bar) is meant; its group comes from the caller's scoped properties.
 */
export interface PropertyPageParts {
  /** The page's settings form; it belongs to features/settings and the route table hands it in (decision 0600). */
  SettingsForm: ComponentType<{ page: PropertyPage; scope: SettingsScope; onboarding: boolean; onDirtyChange?: (dirty: boolean) => void }>;
}

export function PropertyPageScreen({ SettingsForm }: PropertyPageParts) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const search = new URLSearchParams(useSearch());
  const { user, merchantUserInfo } = useSession();
  const { properties, activeProperty, resolving } = useActiveProperty();
  const page = (location.split('/').pop() ?? '') as PropertyPage;
  const merchantId = search.get('merchantId') ?? activeProperty?.merchantId;
  const known =
    search.get('merchantGroupId') ?? properties.find((property) => property.merchantId === merchantId)?.merchantGroupId ?? user?.merchantGroupId ?? undefined;
  const listed = properties.find((property) => property.merchantId === merchantId);
  // Provider staff have no property list of their own: the property's group and name are read from the property.
  const overviewOpen = mayOpenArea('properties', user?.userPermissions ?? [], merchantUserInfo?.merchantGroupStatus ?? null);
  const overview = useQuery({ ...propertyOverviewQuery(merchantId ?? ''), enabled: Boolean(merchantId) && (!known || (!listed && overviewOpen)) });
  const merchantGroupId = known ?? overview.data?.merchantGroupId;
  const readable = usePropertyPageReadable();
  // Until the server has said what the user may read, the page says nothing about it: it said "not readable" first.
  const capabilities = useCapabilities();
  // A reload or a closed tab asks first while the form holds typing it has not saved (decision 0353).
  const [dirty, setDirty] = useState(false);
  useWarnBeforeUnload(dirty);
  const title = t(`shell.routes.propertyPages.${page}`);
  // The trail names the property this page edits and leads back to it (issue 34): its overview for those who
  // may open the properties pages, its day (property management) for the property's own staff.
  const name = listed?.name ?? overview.data?.name;
  const breadcrumbs: Crumb[] = !merchantId
    ? [{ label: title }]
    : [
        ...(overviewOpen ? [{ label: t('shell.routes.properties'), href: '/properties' }] : []),
        {
          label: name ? t('subjects.property', { name }) : t('subjects.propertyLoading'),
          href: overviewOpen ? `/properties/property-overview/${merchantId}` : `/property-management?merchantId=${merchantId}`,
        },
        { label: title },
      ];
  return (
    <PageLayout title={title} breadcrumbs={breadcrumbs}>
      {capabilities.loading ? (
        <LoadingStatus testId="settings-page-loading" />
      ) : !readable(page) ? (
        <p role="status" data-testid="settings-page-not-readable" className="text-sm text-slate-600">
          {t('settings.page.notReadable')}
        </p>
      ) : merchantId && !merchantGroupId && overview.isPending && overview.fetchStatus !== 'idle' ? (
        <LoadingStatus message={t('settings.page.loading')} />
      ) : merchantId && merchantGroupId ? (
        <SettingsForm
          key={merchantId}
          page={page}
          scope={{ kind: 'property', merchantGroupId, merchantId }}
          onboarding={search.get('isOnboarding') === 'true'}
          onDirtyChange={setDirty}
        />
      ) : (
        <p role="status" className="text-sm text-slate-600">
          {resolving ? t('common.loading') : t('settings.page.noProperty')}
        </p>
      )}
    </PageLayout>
  );
}
