import { useTranslation } from 'react-i18next';
import { KYC_DISPLAY_STATUS_LABEL_KEYS, KYC_DISPLAY_STATUS_LABELS_EN, type KycDisplayStatus } from '../../../contract/merchant-groups';
import { StatusBadge as Badge } from '../../components/status-badge/status-badge';
import { KYC_DISPLAY_STATUS_TONES } from '../../lib/status-tones';

/** Spec 4 display status: Active, Approved, ContractPending and ContractSigned all read "Contract Pending". */
export function StatusBadge({ status }: { status: KycDisplayStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={KYC_DISPLAY_STATUS_TONES[status]}>{t(KYC_DISPLAY_STATUS_LABEL_KEYS[status], { defaultValue: KYC_DISPLAY_STATUS_LABELS_EN[status] })}</Badge>
  );
}
