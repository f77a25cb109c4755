import { useTranslation } from 'react-i18next';
import { kycDisplayStatus, type OnboardingStatus } from '../../../contract/merchant-groups';
import { StatusBadge } from '../../components/status-badge/status-badge';
import { KYC_DISPLAY_STATUS_TONES } from '../../lib/status-tones';

/** A group's onboarding status in its own words (spec 4), coloured as the KYC status it shows as. */
export function OnboardingStatusBadge({ status }: { status: OnboardingStatus }) {
  const { t } = useTranslation();
  return <StatusBadge tone={KYC_DISPLAY_STATUS_TONES[kycDisplayStatus(status)]}>{t(`merchants.status.${status}`)}</StatusBadge>;
}
