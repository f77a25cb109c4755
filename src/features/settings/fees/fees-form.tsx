import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SettingsFormProps } from '../settings-form-props';
import { groupMerchantsForFeesQuery } from './fee-api';
import { FeeSchedulePanel } from './fee-schedule-panel';
import { useMaySetFees } from './may-set-fees';
import { neverAnswered, ReadFailure } from '../../../components/form/read-failure';
import { LoadingStatus } from '../../../components/loading-status/loading-status';

/**
 * The fees page of a property (its schedule) or of a merchant group (each property's schedule):
 * the same schedules /fee-management shows. Fees belong to properties, so in the merchant wizard
 * the step has nothing to save of its own and lets the wizard move on.
 */
export function FeesForm({ scope, onboarding, onSaved }: SettingsFormProps) {
  const { t } = useTranslation();
  const canEdit = useMaySetFees();
  if (scope.kind === 'property') return <FeeSchedulePanel merchantId={scope.merchantId} canEdit={canEdit} />;
  return (
    <div className="flex flex-col gap-4">
      <GroupFees merchantGroupId={scope.merchantGroupId} canEdit={canEdit} />
      {onboarding && onSaved ? (
        <div>
          <button type="button" onClick={() => onSaved()} className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white">
            {t('fees.continue')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function GroupFees({ merchantGroupId, canEdit }: { merchantGroupId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const merchants = useQuery(groupMerchantsForFeesQuery(merchantGroupId));
  if (neverAnswered(merchants)) return <ReadFailure read={merchants} />;
  if (!merchants.data) return <LoadingStatus message={t('fees.loading')} />;
  if (merchants.data.length === 0) return <p className="text-sm text-slate-700">{t('fees.noProperties')}</p>;
  return (
    <>
      <ReadFailure read={merchants} />
      {merchants.data.map((merchant) => (
        <FeeSchedulePanel key={merchant.merchantId} merchantId={merchant.merchantId} canEdit={canEdit} heading={merchant.name} />
      ))}
    </>
  );
}
