import { useTranslation } from 'react-i18next';
import type { StaffLinkState } from '../../../contract/link-state';
import { LINK_STATE_TONES } from '../../lib/status-tones';
import { StatusBadge } from '../status-badge/status-badge';

/**
 * The own state of the payment link that made an order, as the server answers it (decision 0535), beside the
 * order's status: an order whose link stopped taking cards reads "Link locked", not only "sent, not processed".
 */
export function LinkStateBadge({ state }: { state: StaffLinkState }) {
  const { t } = useTranslation();
  return (
    <span data-testid="link-state" data-state={state}>
      <StatusBadge tone={LINK_STATE_TONES[state]}>{t(`linkStates.state.${state}`)}</StatusBadge>
    </span>
  );
}
