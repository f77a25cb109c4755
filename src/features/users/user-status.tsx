import { useTranslation } from 'react-i18next';
import { type UserStatus } from '../../../contract/user-admin';
import { StatusBadge } from '../../components/status-badge/status-badge';
import type { Tone } from '../../lib/status-tones';

const USER_STATUS_TONES: Record<UserStatus, Tone> = { invited: 'info', active: 'success', deactivated: 'ended' };

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return <StatusBadge tone={USER_STATUS_TONES[status]}>{t(`users.status.${status}`)}</StatusBadge>;
}
