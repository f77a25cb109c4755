import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useHeldAnswer } from '../../components/form/use-held-answer';
import { PageLayout } from '../../components/page-layout/page-layout';
import { paymentSettingsQuery } from './api';
import { PaymentSettingsForm } from './payment-settings-form';
import { VccSection } from './vcc-section';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /payment-settings/edit-payment-settings?merchantGroupId&merchantId (spec 2): one property's payment settings. */
export function EditPaymentSettingsScreen() {
  const { t } = useTranslation();
  const merchantId = new URLSearchParams(useSearch()).get('merchantId') ?? '';
  const valid = UUID.test(merchantId);
  const configs = useQuery({ ...paymentSettingsQuery(merchantId), enabled: valid });
  const [saved, setSaved] = useState(false);
  const config = configs.data?.[0];
  // The form starts from the settings it was built from, kept while it holds typing (decision 0680).
  const held = useHeldAnswer(merchantId, config, (answer) => answer.updatedAt ?? 'new');
  return (
    <PageLayout
      title={config ? t('paymentSettings.editTitle', { name: config.merchantName }) : t('shell.routes.editPaymentSettings')}
      back={{ href: '/payment-settings', label: t('shell.routes.paymentSettings') }}
    >
      {!valid || (configs.data && !config) ? <p role="alert">{t('paymentSettings.noProperty')}</p> : null}
      {configs.isError ? <p role="alert">{configs.error.message}</p> : null}
      {saved ? (
        <p role="status" className="text-sm text-green-800">
          {t('paymentSettings.saved')}
        </p>
      ) : null}
      {held.answer ? (
        <PaymentSettingsForm
          key={held.key}
          config={held.answer}
          adding={!held.answer.hasOwnSettings}
          held={held}
          onSaved={() => {
            setSaved(true);
            held.startOver();
          }}
          onEditing={() => setSaved(false)}
        />
      ) : null}
      {config ? <VccSection merchantId={config.merchantId} /> : null}
    </PageLayout>
  );
}
