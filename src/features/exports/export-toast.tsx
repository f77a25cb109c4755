import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { exportMessageKey } from '../../../machines/export-rules';
import { sentenceCase } from '../../lib/sentence-case';
import { registerSignOutCleanup } from '../../lib/session/sign-out-cleanup';
import { exportTracker, resetExportTracker, useExportToastView } from '../../lib/export-tracker';

const tone = {
  preparing: 'border-slate-300 bg-white text-slate-900',
  downloading: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  error: 'border-red-300 bg-red-50 text-red-900',
} as const;

/**
 * The bottom-right export progress toast (spec 2 "Application shell", spec 4 "Export status"): the
 * loader message and toast state of the export being followed, cancel for payout exports while
 * preparing (the machine decides), dismiss on error.
 */
export function ExportToast() {
  const { t } = useTranslation();
  const view = useExportToastView();
  // Signing out forgets the tracked exports: their tokens belong to the user who leaves.
  useEffect(() => registerSignOutCleanup(resetExportTracker), []);
  if (!view.show || !view.status || !view.message) return null;
  const key = exportMessageKey(view.message);
  const text = key ? t(`exports.messages.${key}`) : sentenceCase(view.message);
  // Working until the file is there: once Ready (or failed) the spinner stops.
  const working = view.status !== 'error' && view.exportStatus !== 'Ready';
  const ticks = view.requests.find((request) => request.token === view.exportToken)?.ticks ?? 0;
  return (
    <section
      role="status"
      aria-live="polite"
      aria-label={t('exports.toastLabel')}
      data-testid="export-toast"
      data-state={view.status}
      data-export-status={view.exportStatus ?? ''}
      className={`fixed bottom-4 right-4 z-50 flex w-80 items-start gap-3 rounded border p-3 shadow-lg ${tone[view.status]}`}
    >
      {working && (
        <span
          aria-hidden="true"
          data-testid="export-toast-spinner"
          className="mt-0.5 h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      )}
      <div className="min-w-0 flex-1">
        <p data-testid="export-toast-message" className="whitespace-pre-line break-words text-sm font-medium">
          {text}
        </p>
        {view.status !== 'error' && ticks > 0 && <p className="text-xs opacity-70">{t('exports.progress', { ticks: ticks.toLocaleString('en') })}</p>}
      </div>
      {view.canCancel && (
        <button type="button" className="rounded border border-current px-2 py-0.5 text-xs" onClick={() => exportTracker().send({ type: 'export.cancel' })}>
          {t('exports.cancel')}
        </button>
      )}
      {view.status === 'error' && (
        <button type="button" className="text-xs underline" onClick={() => exportTracker().send({ type: 'export.dismiss' })}>
          {t('exports.dismiss')}
        </button>
      )}
    </section>
  );
}
