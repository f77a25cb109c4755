import { useTranslation } from 'react-i18next';
import {
  KYC_DISPLAY_STATUS_LABEL_KEYS,
  KYC_DISPLAY_STATUS_LABELS_EN,
  type KycDisplayStatus,
} from '../../../contract/merchant-groups';

const TONE: Record<KycDisplayStatus, string> = {
  Created: 'bg-slate-100 text-slate-700',
  Pending: 'bg-sky-100 text-sky-800',
  InReview: 'bg-indigo-100 text-indigo-800',
  SentForResubmission: 'bg-amber-100 text-amber-900',
  Approved: 'bg-emerald-100 text-emerald-800',
  Rejected: 'bg-red-100 text-red-800',
  Deleted: 'bg-slate-200 text-slate-600',
  Expired: 'bg-slate-200 text-slate-600',
};

/** Spec 4 display status: Active, Approved, ContractPending and ContractSigned all read "Contract Pending". */
export function StatusBadge({ status }: { status: KycDisplayStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${TONE[status]}`}
      data-testid="status-badge"
    >
      {t(KYC_DISPLAY_STATUS_LABEL_KEYS[status], { defaultValue: KYC_DISPLAY_STATUS_LABELS_EN[status] })}
    </span>
  );
}
