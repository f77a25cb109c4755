import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Field, inputClass } from '../../components/form/field';
import { PageLayout } from '../../components/page-layout/page-layout';
import { paymentSettingsPageQuery } from './api';
import { PaymentSettingsForm } from './payment-settings-form';
import { editHref } from './payment-settings-screen';

/** How many properties the choice is made among at a time; a search finds the others (decision 0715). */
const CHOICE_SIZE = 50;

/** /payment-settings/add-payment-settings (spec 2): payment settings of its own for a property that follows its group's. */
export function AddPaymentSettingsScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const configs = useQuery(paymentSettingsPageQuery(search, 0, CHOICE_SIZE + 1));
  const more = (configs.data?.length ?? 0) > CHOICE_SIZE;
  const [merchantId, setMerchantId] = useState('');
  const candidates = (configs.data ?? []).slice(0, CHOICE_SIZE).filter((config) => !config.hasOwnSettings);
  // The property chosen stays chosen while the search changes.
  const [chosenConfig, setChosenConfig] = useState<(typeof candidates)[number] | undefined>(undefined);
  const chosen = candidates.find((config) => config.merchantId === merchantId) ?? (chosenConfig?.merchantId === merchantId ? chosenConfig : undefined);
  const options = chosen && !candidates.includes(chosen) ? [chosen, ...candidates] : candidates;
  return (
    <PageLayout title={t('shell.routes.addPaymentSettings')} back={{ href: '/payment-settings', label: t('shell.routes.paymentSettings') }}>
      {configs.isError ? <p role="alert">{configs.error.message}</p> : null}
      {configs.data && !search.trim() && !more && candidates.length === 0 ? <p>{t('paymentSettings.nothingToAdd')}</p> : null}
      {more || search ? (
        <label className="mb-3 flex max-w-md flex-col gap-1 text-sm">
          {t('paymentSettings.find')}
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} className={inputClass} autoComplete="off" />
        </label>
      ) : null}
      {configs.data && search.trim() && options.length === 0 ? <p role="status">{t('paymentSettings.noMatch')}</p> : null}
      {more ? <p className="mb-2 text-sm text-slate-600">{t('paymentSettings.moreToFind')}</p> : null}
      {options.length > 0 ? (
        <div className="max-w-md">
          <Field label={t('paymentSettings.fields.property')}>
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={merchantId}
                onChange={(event) => {
                  setMerchantId(event.target.value);
                  setChosenConfig(candidates.find((config) => config.merchantId === event.target.value));
                }}
              >
                <option value="">{t('paymentSettings.chooseProperty')}</option>
                {options.map((config) => (
                  <option key={config.merchantId} value={config.merchantId}>
                    {`${config.merchantName} (${config.groupName})`}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      ) : null}
      {chosen ? <PaymentSettingsForm key={chosen.merchantId} config={chosen} adding onSaved={(saved) => navigate(editHref(saved))} /> : null}
    </PageLayout>
  );
}
