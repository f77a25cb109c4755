import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { KycApplication } from '../../../contract/kyc/application';
import { KYC_WIZARD } from '../../../machines/kyc-wizard';
import type { wizardMachine } from '../../../machines/wizard.machine';
import type { KycWizardActor } from './kyc-wizard-actor';

type Snapshot = SnapshotFrom<typeof wizardMachine>;

const buttonClass = 'rounded px-4 py-2 text-sm font-medium disabled:opacity-50';

interface StepActionsProps {
  actor: KycWizardActor;
  snapshot: Snapshot;
  isLast: boolean;
  resubmission: boolean;
  onNext: () => void;
  onSaveDraft: () => void;
}

/**
 * Back, Save draft, Next (Submit application on the last step); once every step is valid the
 * application can also be submitted from any step. All wait while a save or the submit runs.
 */
export function StepActions({ actor, snapshot, isLast, resubmission, onNext, onSaveDraft }: StepActionsProps) {
  const { t } = useTranslation();
  const busy = snapshot.matches('saving') || snapshot.matches('submitting');
  const blocked = busy || snapshot.matches('saveFailed') || snapshot.matches('submitFailed');
  const nextLabel = isLast ? (resubmission ? t('kyc.wizard.resubmit') : t('kyc.wizard.submit')) : t('kyc.wizard.next');
  return (
    <div className="mt-6 flex items-center justify-between border-t border-slate-200 pt-4">
      <button
        type="button"
        className={`${buttonClass} border border-slate-300 text-slate-700`}
        disabled={blocked || snapshot.context.currentIndex === 0}
        onClick={() => actor.send({ type: 'wizard.back' })}
      >
        {t('kyc.wizard.back')}
      </button>
      <span className="flex gap-3">
        {blocked || snapshot.can({ type: 'wizard.save', data: {} }) ? (
          <button type="button" className={`${buttonClass} border border-brand text-brand`} disabled={blocked} onClick={onSaveDraft}>
            {t('kyc.wizard.saveDraft')}
          </button>
        ) : null}
        {!isLast && snapshot.can({ type: 'wizard.submit' }) ? (
          <button
            type="button"
            className={`${buttonClass} border border-brand text-brand`}
            disabled={blocked}
            onClick={() => actor.send({ type: 'wizard.submit' })}
          >
            {resubmission ? t('kyc.wizard.resubmitNow') : t('kyc.wizard.submitNow')}
          </button>
        ) : null}
        <button
          type="submit"
          className={`${buttonClass} bg-brand text-white`}
          disabled={blocked}
          onClick={(event) => {
            event.preventDefault();
            onNext();
          }}
        >
          {snapshot.matches('saving') ? t('kyc.wizard.saving') : nextLabel}
        </button>
      </span>
    </div>
  );
}

/** What the workflow is doing beyond the form: loading failure, save/submit failure with retry, submitting. */
export function WizardStatus({ actor, snapshot, application }: { actor: KycWizardActor; snapshot: Snapshot; application: KycApplication | undefined }) {
  const { t } = useTranslation();
  const message = snapshot.context.error ?? '';
  const retry = (
    <button type="button" className="ml-3 rounded bg-red-700 px-3 py-1 text-sm text-white" onClick={() => actor.send({ type: 'wizard.retry' })}>
      {t('kyc.wizard.retry')}
    </button>
  );
  const dismiss = (
    <button type="button" className="ml-2 rounded border border-red-700 px-3 py-1 text-sm text-red-700" onClick={() => actor.send({ type: 'wizard.dismiss' })}>
      {t('kyc.wizard.dismiss')}
    </button>
  );
  if (snapshot.matches('loadFailed'))
    return (
      <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-800">
        {t('kyc.wizard.loadFailed', { message })}
        {retry}
      </div>
    );
  if (snapshot.matches('saveFailed'))
    return (
      <div role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
        {t('kyc.wizard.saveFailed', { message })}
        {retry}
        {dismiss}
      </div>
    );
  if (snapshot.matches('submitFailed'))
    return (
      <div role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
        {t('kyc.wizard.submitFailed', { message })}
        {retry}
        {dismiss}
      </div>
    );
  // Submitting blocks the whole page behind the loading overlay (useSubmitOverlay in kyc-wizard.tsx).
  if (snapshot.matches('submitting')) return null;
  const incomplete = snapshot.context.steps.filter((step) => !step.valid);
  const isLast = snapshot.context.currentIndex === snapshot.context.stepIds.length - 1;
  if (isLast && application && snapshot.context.steps[snapshot.context.currentIndex]?.valid && incomplete.length > 0)
    return (
      <p role="status" className="mt-4 text-amber-800">
        {t('kyc.wizard.incomplete', {
          steps: incomplete.map((step) => t(KYC_WIZARD.steps.find((entry) => entry.id === step.id)?.titleKey ?? step.id)).join(', '),
        })}
      </p>
    );
  return null;
}
