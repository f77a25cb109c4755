import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { MERCHANT_WIZARD_STATUS, type MerchantWizardStep } from '../../../../contract/settings/merchant-wizard';
import { MERCHANT_PAGE_FORMS } from '../registry';
import { SettingsFormHost } from '../settings-form-host';
import { useUnsavedStepGuard } from '../use-unsaved-step-guard';
import { lastWizardAnswer, merchantWizardActor, type MerchantWizardActor } from './merchant-wizard-actor';

// The merchant wizard (spec 2): each step is the merchant page's own form with isOnboarding. The
// form saves the group's settings; then the machine keeps the step as a draft and moves on.

const stepHref = (step: string, merchantGroupId: string) => `/merchants/${step}?merchantGroupId=${merchantGroupId}&isOnboarding=true`;

/** The URL follows the machine's current step (replacing the entry: reload resumes at the same step). */
function useStepAddress(actor: MerchantWizardActor, merchantGroupId: string, urlStep: string) {
  const [, navigate] = useLocation();
  const step = useSelector(actor, (snapshot) => (snapshot.matches('loading') ? undefined : snapshot.context.stepIds[snapshot.context.currentIndex]));
  useEffect(() => {
    if (step && step !== urlStep) navigate(stepHref(step, merchantGroupId), { replace: true });
  }, [step, urlStep, merchantGroupId, navigate]);
}

export function MerchantWizard({ merchantGroupId, urlStep }: { merchantGroupId: string; urlStep: MerchantWizardStep }) {
  const { t } = useTranslation();
  const [actor] = useState(() => merchantWizardActor(merchantGroupId, urlStep));
  const snapshot = useSelector(actor, (current) => current);
  useStepAddress(actor, merchantGroupId, urlStep);
  const { stepIds, steps, currentIndex, error } = snapshot.context;
  const step = stepIds[currentIndex] as MerchantWizardStep;
  // A move off the step asks first while its form holds typing it has not saved (decision 0353).
  const unsaved = useUnsavedStepGuard();

  if (snapshot.matches('loading')) return <p role="status">{t('settings.wizard.loading')}</p>;
  if (snapshot.matches('loadFailed'))
    return (
      <div className="flex flex-col items-start gap-2">
        <p role="alert" className="text-sm text-red-800">
          {t('settings.wizard.loadFailed', { error })}
        </p>
        <button type="button" className="rounded border border-slate-400 px-3 py-1.5 text-sm" onClick={() => actor.send({ type: 'wizard.retry' })}>
          {t('settings.wizard.retry')}
        </button>
      </div>
    );
  if (snapshot.matches('locked')) {
    const answer = lastWizardAnswer(merchantGroupId);
    const reason = !answer
      ? ''
      : answer.completedAt
        ? t('settings.wizard.finishedAlready')
        : // The statuses in words, as the merchants list shows them, not their codes ("ContractSigned").
          t('settings.wizard.notActive', { status: t(`merchants.status.${answer.groupStatus}`), active: t(`merchants.status.${MERCHANT_WIZARD_STATUS}`) });
    return (
      <p role="status" data-testid="merchant-wizard-locked">
        {reason}
      </p>
    );
  }
  if (snapshot.status === 'done')
    return (
      <div className="flex flex-col items-start gap-2">
        <p role="status">{t('settings.wizard.finished')}</p>
        <Link href="/merchants" className="text-brand underline underline-offset-2">
          {t('settings.wizard.toMerchants')}
        </Link>
      </div>
    );

  const busy = snapshot.matches('saving') || snapshot.matches('submitting');
  const allValid = steps.every((entry) => entry.valid);
  return (
    <div className="flex flex-col gap-4" data-testid="merchant-wizard">
      <nav aria-label={t('settings.wizard.progress')}>
        <ol className="flex flex-wrap gap-2">
          {stepIds.map((id, index) => (
            <li key={id}>
              <button
                type="button"
                aria-current={index === currentIndex ? 'step' : undefined}
                disabled={busy}
                onClick={() => (index === currentIndex ? undefined : unsaved.guard(() => actor.send({ type: 'wizard.go-to', stepId: id })))}
                className={`rounded px-2 py-1 text-sm ${index === currentIndex ? 'bg-brand text-white' : 'border border-slate-300 text-slate-800'}`}
              >
                {index + 1}. {t(`shell.routes.merchantPages.${id}`)}
                {steps[index]?.valid ? ` ${t('settings.wizard.done')}` : ''}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <h2 className="text-lg font-semibold">
        {t('settings.wizard.stepHeading', { number: currentIndex + 1, count: stepIds.length, title: t(`shell.routes.merchantPages.${step}`) })}
      </h2>
      {snapshot.matches('saving') ? <p role="status">{t('settings.wizard.saving')}</p> : null}
      {snapshot.matches('submitting') ? <p role="status">{t('settings.wizard.submitting')}</p> : null}
      {snapshot.matches('saveFailed') || snapshot.matches('submitFailed') ? (
        <div className="flex flex-col items-start gap-2">
          <p role="alert" className="text-sm text-red-800">
            {t(snapshot.matches('saveFailed') ? 'settings.wizard.saveFailed' : 'settings.wizard.submitFailed', { error })}
          </p>
          <div className="flex gap-2">
            <button type="button" className="rounded border border-slate-400 px-3 py-1.5 text-sm" onClick={() => actor.send({ type: 'wizard.retry' })}>
              {t('settings.wizard.retry')}
            </button>
            <button type="button" className="rounded border border-slate-400 px-3 py-1.5 text-sm" onClick={() => actor.send({ type: 'wizard.dismiss' })}>
              {t('settings.wizard.keepEditing')}
            </button>
          </div>
        </div>
      ) : null}
      <StepBody
        key={step}
        actor={actor}
        step={step}
        merchantGroupId={merchantGroupId}
        onDirtyChange={unsaved.onDirtyChange}
        // The last step's save also finishes the wizard: its button says so.
        finishLabel={currentIndex === stepIds.length - 1 ? t('settings.wizard.saveAndFinish') : undefined}
      />
      {unsaved.dialog}
      <div className="flex gap-3">
        {currentIndex > 0 ? (
          <button
            type="button"
            disabled={busy}
            className="rounded border border-slate-400 px-3 py-1.5 text-sm"
            onClick={() => unsaved.guard(() => actor.send({ type: 'wizard.back' }))}
          >
            {t('settings.wizard.back')}
          </button>
        ) : null}
        {allValid ? (
          <button
            type="button"
            disabled={busy}
            className="rounded border border-brand px-3 py-1.5 text-sm text-brand"
            onClick={() => unsaved.guard(() => actor.send({ type: 'wizard.submit' }))}
          >
            {t('settings.wizard.finish')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** The step's registered form; a step whose form is not built yet can be skipped, and says so. */
function StepBody(props: {
  actor: MerchantWizardActor;
  step: MerchantWizardStep;
  merchantGroupId: string;
  onDirtyChange: (dirty: boolean) => void;
  finishLabel: string | undefined;
}) {
  const { actor, step, merchantGroupId, onDirtyChange, finishLabel } = props;
  const { t } = useTranslation();
  const loader = MERCHANT_PAGE_FORMS[step];
  const next = (data: Record<string, unknown>) => actor.send({ type: 'wizard.next', data });
  return (
    <>
      <SettingsFormHost
        loader={loader}
        scope={{ kind: 'merchantGroup', merchantGroupId }}
        onboarding
        finishLabel={finishLabel}
        onSaved={() => next({})}
        onDirtyChange={onDirtyChange}
      />
      {loader ? null : (
        <button type="button" className="self-start rounded border border-slate-400 px-3 py-1.5 text-sm" onClick={() => next({ skipped: true })}>
          {t('settings.wizard.skip')}
        </button>
      )}
    </>
  );
}
