import { useTranslation } from 'react-i18next';

export interface StepIndicatorItem {
  id: string;
  complete: boolean;
  /** The reviewer asked for changes on this step (resubmission). */
  flagged?: boolean;
}

/**
 * The eight steps in order; the current one is marked for assistive technology with aria-current.
 * Earlier steps, and later ones whose predecessors are all complete, can be opened directly.
 */
export function StepIndicator({ steps, current, onGoTo }: { steps: readonly StepIndicatorItem[]; current: string; onGoTo: (id: string) => void }) {
  const currentIndex = steps.findIndex((step) => step.id === current);
  const { t } = useTranslation();
  return (
    <nav aria-label={t('kyc.wizard.progress')} className="mb-6">
      <ol className="flex flex-wrap gap-2 text-xs">
        {steps.map((step, index) => {
          const isCurrent = step.id === current;
          const tone = isCurrent
            ? 'border-brand bg-brand text-white'
            : step.flagged
              ? 'border-amber-500 bg-amber-50 text-amber-900'
              : step.complete
                ? 'border-emerald-600 bg-emerald-50 text-emerald-800'
                : 'border-slate-300 bg-white text-slate-600';
          const reachable = !isCurrent && (index < currentIndex || steps.slice(0, index).every((before) => before.complete));
          const text = (
            <>
              <span className="sr-only">
                {step.flagged ? t('kyc.wizard.stepFlagged') : step.complete ? t('kyc.wizard.stepDone') : t('kyc.wizard.stepOpen')}{' '}
              </span>
              {index + 1}. {t(`kyc.stepShort.${step.id}`)}
            </>
          );
          return (
            <li key={step.id} aria-current={isCurrent ? 'step' : undefined} className={`rounded-full border px-3 py-1 ${tone}`}>
              {reachable ? (
                <button type="button" className="underline-offset-2 hover:underline" onClick={() => onGoTo(step.id)}>
                  {text}
                </button>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
