import { useTranslation } from 'react-i18next';
import type { PropertyStatus } from '../../../contract/properties';
import { StatusBadge } from '../../components/status-badge/status-badge';
import { PROPERTY_STATUS_TONES } from '../../lib/status-tones';

/** A property's status in words (spec 4: PendingReview reads "In review"). */
export function PropertyStatusBadge({ status }: { status: PropertyStatus }) {
  const { t } = useTranslation();
  return <StatusBadge tone={PROPERTY_STATUS_TONES[status]}>{t(`properties.status.${status}`)}</StatusBadge>;
}
