import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout/page-layout';
import { KYC_DISPLAY_STATUS_LABEL_KEYS } from '../../../contract/merchant-groups';
import { myGroupQuery } from './api';

/** /kyc/application-success: shown once the application is submitted (spec 2). */
export function ApplicationSuccessScreen() {
  const { t } = useTranslation();
  const group = useQuery(myGroupQuery());
  return (
    <PageLayout title={t('kyc.success.title')}>
      <p className="text-slate-700">{t('kyc.success.body')}</p>
      {group.data ? (
        <p role="status" className="text-sm text-slate-600">
          {t('kyc.success.status', { status: t(KYC_DISPLAY_STATUS_LABEL_KEYS[group.data.displayStatus]) })}
        </p>
      ) : null}
    </PageLayout>
  );
}
