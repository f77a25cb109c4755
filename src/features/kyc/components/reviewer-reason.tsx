import { useTranslation } from 'react-i18next';

/** The reviewer's reason beside a flagged field or document (resubmission mode). */
export function ReviewerReason({ reason, id }: { reason: string | undefined; id?: string }) {
  const { t } = useTranslation();
  if (!reason) return null;
  return (
    <p id={id} className="mt-1 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-900" data-testid="reviewer-reason">
      <span className="font-semibold">{t('kyc.resubmission.reasonLabel')}</span> {reason}
    </p>
  );
}
