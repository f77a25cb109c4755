import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { liveStatus, onLiveStatus } from '../../lib/live/live-feed';

/**
 * A discreet note while the live event stream is down (issue 38): the screens fall back to polling
 * meanwhile. Nothing is shown while changes arrive as they happen.
 */
export function LiveStatus() {
  const { t } = useTranslation();
  const status = useSyncExternalStore(onLiveStatus, liveStatus);
  if (status !== 'paused') return null;
  return (
    <span role="status" className="hidden text-xs text-white/70 sm:inline" title={t('live.pausedHint')} data-testid="live-paused">
      {t('live.paused')}
    </span>
  );
}
