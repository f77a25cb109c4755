import { useTranslation } from 'react-i18next';
import { useLoadingOverlay } from '../../lib/loading-overlay-store';

export function LoadingOverlay() {
  const { t } = useTranslation();
  const { loading, message } = useLoadingOverlay();
  if (!loading) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-black/40 text-white"
    >
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-white/30 border-t-white" aria-hidden />
      <span>{message ?? t('common.loading')}</span>
    </div>
  );
}
