import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { MerchantPage } from '../../../contract/settings/pages';
import { PageLayout } from '../../components/page-layout/page-layout';
import { MERCHANT_PAGE_FORMS } from '../../components/settings-forms/registry';
import { SettingsFormHost } from '../../components/settings-forms/settings-form-host';
import { useSession } from '../../lib/session/session-provider';
import { MERCHANT_WIZARD_STEPS, type MerchantWizardStep } from '../../../contract/settings/merchant-wizard';
import { MerchantWizard } from './merchant-wizard/merchant-wizard';
import { useWarnBeforeUnload } from '../../lib/use-warn-before-unload';

const isWizardStep = (page: string): page is MerchantWizardStep => (MERCHANT_WIZARD_STEPS as readonly string[]).includes(page);

/**
 * /merchants/<page>?merchantGroupId=..&isOnboarding=.. (spec 2): one merchant group's settings page.
 * Without merchantGroupId the caller's own group is meant; provider staff have none and come from the merchants list.
 * With isOnboarding=true a wizard step's page is that step of the merchant wizard.
 */
export function MerchantPageScreen() {
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
  return (
    <PageLayout title={t(`shell.routes.merchantPages.${page}`)}>
      {merchantGroupId && onboarding && isWizardStep(page) ? (
        <MerchantWizard merchantGroupId={merchantGroupId} urlStep={page} />
      ) : merchantGroupId ? (
        <SettingsFormHost
          key={merchantGroupId}
          loader={MERCHANT_PAGE_FORMS[page]}
          scope={{ kind: 'merchantGroup', merchantGroupId }}
          onboarding={onboarding}
          onDirtyChange={setDirty}
        />
      ) : (
        <p role="status" className="text-sm text-slate-600">
          {t('settings.page.noGroup')}
        </p>
      )}
    </PageLayout>
  );
}
