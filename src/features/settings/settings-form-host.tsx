import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { MerchantPage, PropertyPage } from '../../../contract/settings/pages';
import { lazySettingsForm, MERCHANT_PAGE_FORMS, PROPERTY_PAGE_FORMS, type SettingsFormLoader } from './registry';
import type { SettingsFormProps } from './settings-form-props';
import { LoadingStatus } from '../../components/loading-status/loading-status';

/** Renders a registered settings form, or says plainly that the page has no form yet. */
export function SettingsFormHost({ loader, ...props }: SettingsFormProps & { loader: SettingsFormLoader | undefined }) {
  const { t } = useTranslation();
  if (!loader) {
    return (
      <p role="status" data-testid="settings-form-unavailable" className="text-sm text-slate-600">
        {t('settings.page.notAvailable')}
      </p>
    );
  }
  const Form = lazySettingsForm(loader);
  return (
    <Suspense fallback={<LoadingStatus message={t('settings.page.loading')} />}>
      <Form {...props} />
    </Suspense>
  );
}

// The two parts other features' screens show (the property and merchant pages): handed to them by the
// route table (src/app/route-table.ts), since a feature never imports another (decision 0600).

/** The settings form of one property page (/properties/<page>). */
export function PropertySettingsForm({ page, ...props }: SettingsFormProps & { page: PropertyPage }) {
  return <SettingsFormHost loader={PROPERTY_PAGE_FORMS[page]} {...props} />;
}

/** The settings form of one merchant page (/merchants/<page>). */
export function MerchantSettingsForm({ page, ...props }: SettingsFormProps & { page: MerchantPage }) {
  return <SettingsFormHost loader={MERCHANT_PAGE_FORMS[page]} {...props} />;
}
