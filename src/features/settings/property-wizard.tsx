import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { PropertyOverview } from '../../../contract/properties';
import { PROPERTY_WIZARD_STEPS, wizardStepNumberOf, type PropertyWizardStepId } from '../../../contract/property-wizard';
import { createPropertyWizardMachine, wizardStepIdsOf } from '../../../machines/property-wizard.machine';
import { PROPERTY_PAGE_FORMS } from './registry';
import { SettingsFormHost } from './settings-form-host';
import { useUnsavedStepGuard } from './use-unsaved-step-guard';
import { call } from '../../lib/api-client';

// The add-property wizard after its first step, driven by the property wizard machine
// (machines/property-wizard.machine.ts, decision 0301): each step is the page's settings form with
// isOnboarding; the address follows the machine's step, so a reload resumes there. A property sent
// back for resubmission walks only the steps the reviewer flagged.

const WIZARD_PATH = '/properties/create-property';
type WizardMove = { type: 'wizard.back' } | { type: 'wizard.next'; data: Record<string, never> } | { type: 'wizard.go-to'; stepId: string };
const pageOf = (id: string) => PROPERTY_WIZARD_STEPS.find((step) => step.id === id)!.page;

function usePropertyWizardActor(property: PropertyOverview, startAt: string | undefined) {
  // The machine and its input are fixed for this mount (the screen remounts the wizard when the property's mode changes).
  const [machine] = useState(() => createPropertyWizardMachine(call, property.merchantId));
  return useActorRef(machine, { input: { stepIds: wizardStepIdsOf(property), startAt } });
}

export function PropertyWizard({ property, urlStep }: { property: PropertyOverview; urlStep: string | undefined }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const actor = usePropertyWizardActor(property, urlStep);
  const snapshot = useSelector(actor, (current) => current);
  // What the step's form holds unsaved: Back, Next, Finish and the step list ask before leaving it behind.
  const unsaved = useUnsavedStepGuard();
  const move = (event: WizardMove) => unsaved.guard(() => actor.send(event));
  const { stepIds, currentIndex, mode, error } = snapshot.context;
  const stepId = stepIds[currentIndex] as PropertyWizardStepId;
  const loaded = !snapshot.matches('loading') && !snapshot.matches('loadFailed');

  // The address follows the machine's step (replacing the entry: a reload resumes at the same step).
  useEffect(() => {
    if (loaded && snapshot.status === 'active' && stepId && stepId !== urlStep)
      navigate(`${WIZARD_PATH}?merchantId=${property.merchantId}&step=${stepId}`, { replace: true });
  }, [loaded, snapshot.status, stepId, urlStep, property.merchantId, navigate]);
  useEffect(() => {
    if (snapshot.status === 'done') navigate(`/properties/property-submitted?merchantId=${property.merchantId}`);
  }, [snapshot.status, property.merchantId, navigate]);

  if (snapshot.matches('loading')) return <p role="status">{t('properties.wizard.loading')}</p>;
  if (snapshot.matches('loadFailed'))
    return (
      <div className="flex flex-col items-start gap-2">
        <p role="alert" className="text-sm text-red-800">
          {t('properties.wizard.loadFailed', { error })}
        </p>
        <button type="button" className="rounded border border-slate-400 px-3 py-1.5 text-sm" onClick={() => actor.send({ type: 'wizard.retry' })}>
          {t('properties.wizard.retry')}
        </button>
      </div>
    );
  if (snapshot.matches('locked'))
    return (
      <div className="flex flex-col items-start gap-2" data-testid="property-wizard-locked">
        <p role="status">{t('properties.wizard.locked')}</p>
        <Link href={`/properties/property-overview/${property.merchantId}`} className="text-brand underline underline-offset-2">
          {t('properties.wizard.toOverview')}
        </Link>
      </div>
    );
  if (snapshot.status === 'done') return <p role="status">{t('properties.wizard.submitting')}</p>;

  const busy = snapshot.matches('saving') || snapshot.matches('submitting');
  const last = currentIndex === stepIds.length - 1;
  // Finishing marks the details complete and sends the property for review: the property's merchant side does that
  // (decision 0260). Provider staff who added the property fill in its steps, and the last one leads back to it
  // instead of offering a send the server refuses (decision 0690).
  const mayFinish = property.allowedActions.includes('complete') || property.allowedActions.includes('submit');
  const finishing = last && mayFinish;
  const openFlags = property.flags.filter((flag) => flag.resolvedAt === null);
  const stepFlags = openFlags.filter(
    (flag) => flag.target === pageOf(stepId) || (stepId === 'property-information' && !PROPERTY_PAGE_TARGETS.has(flag.target)),
  );
  return (
    <div className="flex flex-col gap-4" data-testid="property-wizard" data-mode={mode}>
      {mode === 'resubmission' ? (
        <p role="note" className="rounded bg-amber-50 p-3 text-sm text-amber-900">
          {t('properties.wizard.resubmission', { count: stepIds.length })}
        </p>
      ) : null}
      <ol aria-label={t('properties.create.steps')} className="flex flex-wrap gap-2 text-xs">
        {stepIds.map((id, position) => (
          <li key={id}>
            <button
              type="button"
              disabled={busy}
              aria-current={position === currentIndex ? 'step' : undefined}
              onClick={() => (position === currentIndex ? undefined : move({ type: 'wizard.go-to', stepId: id }))}
              className={`rounded-full border px-2 py-1 ${position === currentIndex ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white'}`}
            >
              {t('properties.create.stepLabel', { number: wizardStepNumberOf(id as PropertyWizardStepId), name: t(`properties.create.stepNames.${id}`) })}
            </button>
          </li>
        ))}
      </ol>
      <h2 className="text-lg font-semibold" data-testid="wizard-step">
        {t(`properties.create.stepNames.${stepId}`)}
      </h2>
      {stepFlags.length ? (
        <ul aria-label={t('properties.overview.flags')} className="list-disc pl-5 text-sm text-amber-900">
          {stepFlags.map((flag) => (
            <li key={flag.target} data-testid="wizard-flag">
              <strong>{t(`properties.targets.${flag.target}`)}</strong>: {flag.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {snapshot.matches('saving') ? <p role="status">{t('properties.wizard.saving')}</p> : null}
      {snapshot.matches('submitting') ? <p role="status">{t('properties.wizard.submitting')}</p> : null}
      {snapshot.matches('saveFailed') || snapshot.matches('submitFailed') ? (
        <div className="flex flex-col items-start gap-2">
          <p role="alert" className="text-sm text-red-800">
            {t(snapshot.matches('saveFailed') ? 'properties.wizard.saveFailed' : 'properties.wizard.submitFailed', { error })}
          </p>
          <div className="flex gap-2">
            <button type="button" className="rounded border border-slate-400 px-3 py-1.5 text-sm" onClick={() => actor.send({ type: 'wizard.retry' })}>
              {t('properties.wizard.retry')}
            </button>
            <button type="button" className="rounded border border-slate-400 px-3 py-1.5 text-sm" onClick={() => actor.send({ type: 'wizard.dismiss' })}>
              {t('properties.wizard.keepEditing')}
            </button>
          </div>
        </div>
      ) : null}
      <SettingsFormHost
        key={stepId}
        loader={PROPERTY_PAGE_FORMS[pageOf(stepId)]}
        scope={{ kind: 'property', merchantGroupId: property.merchantGroupId, merchantId: property.merchantId }}
        onboarding
        // The last step's save also sends the property for review (the machine's finishLastStep): its button says so.
        finishLabel={last ? (finishing ? t('properties.create.saveAndFinish') : t('settings.form.save')) : undefined}
        onSaved={() => (last && !mayFinish ? undefined : actor.send({ type: 'wizard.next', data: {} }))}
        onDirtyChange={unsaved.onDirtyChange}
      />
      {unsaved.dialog}
      <div className="flex gap-2 border-t border-slate-200 pt-3">
        {currentIndex > 0 ? (
          <button type="button" disabled={busy} className="rounded border border-slate-300 px-3 py-1.5 text-sm" onClick={() => move({ type: 'wizard.back' })}>
            {t('properties.create.back')}
          </button>
        ) : null}
        {last && !mayFinish ? (
          <div className="flex flex-col items-start gap-1" data-testid="wizard-finished-by-merchant">
            <p className="text-sm text-slate-700">{t('properties.wizard.merchantFinishes')}</p>
            <Link href={`/properties/property-overview/${property.merchantId}`} className="text-sm text-brand underline underline-offset-2">
              {t('properties.wizard.toOverview')}
            </Link>
          </div>
        ) : (
          <button
            type="button"
            disabled={busy}
            className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white disabled:opacity-60"
            onClick={() => move({ type: 'wizard.next', data: {} })}
          >
            {last ? t('properties.create.finish') : t('properties.create.next')}
          </button>
        )}
      </div>
    </div>
  );
}

const PROPERTY_PAGE_TARGETS: ReadonlySet<string> = new Set([...PROPERTY_WIZARD_STEPS.map((step) => step.page), 'property-manager', 'fees', 'secret-keys']);
