import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Field, inputClass } from '../../components/form/field';
import { PageLayout } from '../../components/page-layout/page-layout';
import { paymentSettingsQuery } from './api';
import { PaymentSettingsForm } from './payment-settings-form';
import { editHref } from './payment-settings-screen';

/** /payment-settings/add-payment-settings (spec 2): payment settings of its own for a property that follows its group's. */
export function AddPaymentSettingsScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const configs = useQuery(paymentSettingsQuery());
  const [merchantId, setMerchantId] = useState('');
  const candidates = (configs.data ?? []).filter((config) => !config.hasOwnSettings);
  const chosen = candidates.find((config) => config.merchantId === merchantId);
  return (
    <PageLayout title={t('shell.routes.addPaymentSettings')} back={{ href: '/payment-settings', label: t('shell.routes.paymentSettings') }}>
      {configs.isError ? <p role="alert">{configs.error.message}</p> : null}
      {configs.data && candidates.length === 0 ? <p>{t('paymentSettings.nothingToAdd')}</p> : null}
      {candidates.length > 0 ? (
        <div className="max-w-md">
          <Field label={t('paymentSettings.fields.property')}>
            {(control) => (
              <select {...control} className={inputClass} value={merchantId} onChange={(event) => setMerchantId(event.target.value)}>
                <option value="">{t('paymentSettings.chooseProperty')}</option>
                {candidates.map((config) => (
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
