import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazySettingsForm, type SettingsFormLoader } from './registry';
import type { SettingsFormProps } from './settings-form-props';

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
    <Suspense fallback={<p className="text-sm text-slate-600">{t('settings.page.loading')}</p>}>
      <Form {...props} />
    </Suspense>
  );
}
