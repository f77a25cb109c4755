import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { PageLayout } from '../../../components/page-layout/page-layout';
import { FeeSchedulePanel } from './fee-schedule-panel';
import { useMaySetFees } from './may-set-fees';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /fee-management?merchantId= (spec 2): one merchant's fee schedule in force, its history and the next schedule. */
export function FeeManagementScreen() {
  const { t } = useTranslation();
  const merchantId = new URLSearchParams(useSearch()).get('merchantId') ?? '';
  const canEdit = useMaySetFees();
  return (
    <PageLayout title={t('shell.routes.feeManagement')}>
      {UUID.test(merchantId) ? (
        <FeeSchedulePanel merchantId={merchantId} canEdit={canEdit} />
      ) : (
        <p role="alert" className="text-sm text-slate-800">
          {t('fees.chooseMerchant')}
        </p>
      )}
    </PageLayout>
  );
}
