import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/page-layout/page-layout';
import { useLocation } from 'wouter';
import { KYC_STEP_IDS, type KycStepId } from '../../../contract/kyc/steps';
import { myGroupQuery } from './api';
import { KycWizard } from './kyc-wizard';

function stepOfPath(path: string): KycStepId | undefined {
  const last = path.split('?')[0]?.split('/').filter(Boolean).pop();
  return (KYC_STEP_IDS as readonly string[]).includes(last ?? '') ? (last as KycStepId) : undefined;
}

/** Every `/kyc/<step>` route (spec 2 "KYC wizard"): the applicant's own application. */
export function KycStepScreen() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const group = useQuery(myGroupQuery());
  return (
    <PageLayout title={t('kyc.title')}>
      {group.isPending ? (
        <p role="status">{t('kyc.wizard.loading')}</p>
      ) : group.isError ? (
        <p role="alert" className="text-red-700">
          {t('kyc.wizard.loadFailed', { message: group.error.message })}
        </p>
      ) : (
        <KycWizard groupId={group.data.merchantGroupId} urlStep={stepOfPath(location)} />
      )}
    </PageLayout>
  );
}
