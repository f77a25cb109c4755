import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { merchantGroupEndpoints } from '../../../contract/merchant-groups';
import type { MerchantPage } from '../../../contract/settings/pages';
import type { SettingsScope } from '../../../contract/settings/scope';
import { PageLayout, type Crumb } from '../../components/page-layout/page-layout';
import { call } from '../../lib/api-client';
import { useSession } from '../../lib/session/session-provider';
import { MERCHANT_WIZARD_STEPS, type MerchantWizardStep } from '../../../contract/settings/merchant-wizard';
import { useWarnBeforeUnload } from '../../lib/use-warn-before-unload';

const isWizardStep = (page: string): page is MerchantWizardStep => (MERCHANT_WIZARD_STEPS as readonly string[]).includes(page);

/**
 * /merchants/<page>?merchantGroupId=..&isOnboarding=.. (spec 2): one merchant group's settings page.
 * Without merchantGroupId the caller's own group is meant; provider staff have none and come from the merchants list.
 * With isOnboarding=true a wizard step's page is that step of the merchant wizard.
 */
export interface MerchantPageParts {
  /** The page's settings form and the merchant wizard; both belong to features/settings and the route table hands them in (decision 0600). */
  SettingsForm: ComponentType<{ page: MerchantPage; scope: SettingsScope; onboarding: boolean; onDirtyChange?: (dirty: boolean) => void }>;
  MerchantWizard: ComponentType<{ merchantGroupId: string; urlStep: MerchantWizardStep }>;
}

export function MerchantPageScreen({ SettingsForm, MerchantWizard }: MerchantPageParts) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const search = new URLSearchParams(useSearch());
  const { user } = useSession();
  const page = (location.split('/').pop() ?? '') as MerchantPage;
  const merchantGroupId = search.get('merchantGroupId') ?? user?.merchantGroupId ?? undefined;
  const onboarding = search.get('isOnboarding') === 'true';
  // A reload or a closed tab asks first while the form holds typing it has not saved (decision 0353).
  const [dirty, setDirty] = useState(false);
  useWarnBeforeUnload(dirty);
  const title = t(`shell.routes.merchantPages.${page}`);
  return (
    <PageLayout title={title} breadcrumbs={useGroupCrumbs(merchantGroupId, title, Boolean(user?.merchantGroupId))}>
      {merchantGroupId && onboarding && isWizardStep(page) ? (
        <MerchantWizard merchantGroupId={merchantGroupId} urlStep={page} />
      ) : merchantGroupId ? (
        <SettingsForm key={merchantGroupId} page={page} scope={{ kind: 'merchantGroup', merchantGroupId }} onboarding={onboarding} onDirtyChange={setDirty} />
      ) : (
        <p role="status" className="text-sm text-slate-600">
          {t('settings.page.noGroup')}
        </p>
      )}
    </PageLayout>
  );
}

/**
 * The trail of a group's settings page (issue 34): it names the group it edits and leads back to it. Provider
 * staff come from the merchants list, where the group opens by its id; a merchant-side user's group is their home.
 */
function useGroupCrumbs(merchantGroupId: string | undefined, title: string, ownGroup: boolean): Crumb[] {
  const { t } = useTranslation();
  const group = useQuery({
    queryKey: ['merchants', 'group', merchantGroupId],
    queryFn: ({ signal }) => call(merchantGroupEndpoints.getMerchantGroup, { params: { id: merchantGroupId! }, signal }),
    enabled: Boolean(merchantGroupId),
    meta: { errorToast: false },
  });
  if (!merchantGroupId) return [{ label: title }];
  const name = group.data?.name ?? t('subjects.groupLoading');
  const groupHref = ownGroup ? '/home' : `/merchants?merchantGroupId=${merchantGroupId}`;
  const trail: Crumb[] = ownGroup ? [] : [{ label: t('shell.routes.merchants'), href: '/merchants' }];
  return [...trail, { label: t('subjects.group', { name }), href: groupHref }, { label: title }];
}
