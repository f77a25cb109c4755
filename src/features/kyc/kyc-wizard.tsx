import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { KycApplication } from '../../../contract/kyc/application';
import type { KycDocument, KycDocumentUploadFields } from '../../../contract/kyc/documents';
import type { KycFlag } from '../../../contract/kyc/review';
import type { SaveStepAnswer } from '../../../contract/kyc/endpoints';
import { KYC_STEP_IDS, type KycStepId } from '../../../contract/kyc/steps';
import { KYC_DISPLAY_STATUS_LABEL_KEYS } from '../../../contract/merchant-groups';
import { KYC_WIZARD } from '../../../machines/kyc-wizard';
import { useFlagTargetLabel } from '../../lib/kyc-field-labels';
import { hideLoadingOverlay, showLoadingOverlay } from '../../lib/loading-overlay-store';
import { KycDocumentsContext, type KycDocuments } from './components/documents-context';
import { StepIndicator } from './components/step-indicator';
import { applicationQuery, kycKeys, uploadKycDocument } from './api';
import { kycWizardActor, rememberUploadedDocument, type KycWizardActor } from './kyc-wizard-actor';
import { stepLock } from './resubmission-lock';
import { StepActions, WizardStatus } from './wizard-status';
import { StepContent } from './step-content';
import { StepForm } from './step-form';

const pathOf = (step: string) => KYC_WIZARD.steps.find((entry) => entry.id === step)?.path ?? `/kyc/${step}`;

/**
 * Keeps the URL and the machine's current step together. The address opened first asks the machine
 * for its step (a completed step can be viewed, issue 11); the machine decides, resuming where the
 * server says when that step is not open yet. After that the machine leads; a URL the user changes
 * (browser back/forward, a typed address) asks the machine to go there, and a refused jump puts the
 * URL back.
 */
function useStepRoute(actor: KycWizardActor, urlStep: KycStepId | undefined, machineStep: string | undefined, ready: boolean) {
  const [, navigate] = useLocation();
  const aligned = useRef(false);
  const lastUrl = useRef(urlStep);
  useEffect(() => {
    if (!ready || !machineStep || machineStep === urlStep) return;
    if (!aligned.current && urlStep) {
      // A wizard already running (another step's page was open): ask it for the opened step first.
      aligned.current = true;
      actor.send({ type: 'wizard.go-to', stepId: urlStep });
      const snapshot = actor.getSnapshot();
      const now = snapshot.context.stepIds[snapshot.context.currentIndex];
      if (now && now !== urlStep) navigate(pathOf(now), { replace: true });
      return;
    }
    // The first alignment after loading replaces the entry (resume); later moves are history steps.
    navigate(pathOf(machineStep), { replace: !aligned.current || urlStep === undefined });
    aligned.current = true;
    // urlStep is read, not watched: only the machine moving should trigger this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [machineStep, ready]);
  useEffect(() => {
    const changedByUser = lastUrl.current !== urlStep;
    lastUrl.current = urlStep;
    if (ready && machineStep === urlStep) aligned.current = true;
    if (!ready || !changedByUser || !urlStep || urlStep === machineStep) return;
    actor.send({ type: 'wizard.go-to', stepId: urlStep });
    const snapshot = actor.getSnapshot();
    const now = snapshot.context.stepIds[snapshot.context.currentIndex];
    if (now && now !== urlStep) navigate(pathOf(now), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlStep, ready]);
}

export function KycWizard({ groupId, urlStep }: { groupId: string; urlStep: KycStepId | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [entry] = useState(() => kycWizardActor(groupId, queryClient, urlStep));
  const actor = entry.actor;
  const snapshot = useSelector(actor, (s) => s);
  const application = useQuery({ ...applicationQuery(groupId), enabled: !snapshot.matches('loading') });
  const stepIds = snapshot.context.stepIds;
  const step = stepIds[snapshot.context.currentIndex] as KycStepId;
  const formStates = ['editing', 'saving', 'saveFailed', 'submitting', 'submitFailed'] as const;
  const showingForm = formStates.some((state) => snapshot.matches(state));
  useStepRoute(actor, urlStep, step, showingForm);

  useEffect(() => {
    if (snapshot.status === 'done') navigate(KYC_WIZARD.successPath);
  }, [snapshot.status, navigate]);

  // Submitting is the one long, blocking step of the wizard: nothing on the page may change while the
  // application goes for review, so spec 2's full-screen loading overlay covers it, with its message.
  const submitting = snapshot.matches('submitting');
  const submittingMessage = t('kyc.wizard.submitting');
  useEffect(() => {
    if (!submitting) return;
    showLoadingOverlay(submittingMessage);
    return () => hideLoadingOverlay();
  }, [submitting, submittingMessage]);

  const subscribe = useCallback(
    (listener: (answer: SaveStepAnswer) => void) => {
      entry.listeners.add(listener);
      return () => void entry.listeners.delete(listener);
    },
    [entry],
  );
  const data = application.data;
  const documents = useMemo<KycDocuments>(
    () => ({
      documents: data?.documents ?? [],
      upload: async (fields: KycDocumentUploadFields, file: File) => {
        const document = await uploadKycDocument(groupId, fields, file);
        rememberUploadedDocument(queryClient, groupId, document, fields.replacesDocumentId);
        // A replacement may answer a reviewer's request: the server says which steps still need changes and whether
        // the application can go back (decision 0703), so the application is read again rather than guessed here.
        if (fields.replacesDocumentId) void queryClient.invalidateQueries({ queryKey: kycKeys.application(groupId) });
        return document;
      },
    }),
    [data?.documents, groupId, queryClient],
  );

  if (snapshot.matches('loading') || (showingForm && !data)) return <p role="status">{t('kyc.wizard.loading')}</p>;
  if (snapshot.matches('loadFailed')) return <WizardStatus actor={actor} snapshot={snapshot} application={data} />;
  if (snapshot.matches('locked') || !data) return <LockedNotice application={data} onCheckAgain={() => actor.send({ type: 'wizard.reload' })} />;

  const lock = stepLock(data.mode, step, data.flags, data.documents);
  const isLast = snapshot.context.currentIndex === stepIds.length - 1;
  const stepDetail = data.steps.find((entry) => entry.step === step);
  return (
    <KycDocumentsContext.Provider value={documents}>
      <StepIndicator
        steps={snapshot.context.steps.map((entry) => ({
          id: entry.id,
          complete: entry.valid,
          // "Needs changes" only while the reviewer's request is not done: the flagged field still holds its
          // flagged value, the flagged document is not replaced (decision 0703). The step stays open to change.
          flagged: data.mode === 'resubmission' && Boolean(data.steps.find((state) => state.step === entry.id)?.needsChanges),
        }))}
        current={step}
        onGoTo={(id) => actor.send({ type: 'wizard.go-to', stepId: id })}
      />
      <h2 className="mb-1 text-xl font-semibold">{t(KYC_WIZARD.steps[snapshot.context.currentIndex]?.titleKey ?? '')}</h2>
      <p className="mb-1 text-xs text-slate-500">{t('kyc.wizard.stepOf', { current: snapshot.context.currentIndex + 1, total: KYC_STEP_IDS.length })}</p>
      <p className="mb-4 text-sm text-slate-600">{t(`kyc.stepIntro.${step}`)}</p>
      {data.mode === 'resubmission' ? (
        stepDetail?.needsChanges ? (
          <p role="note" className="mb-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('kyc.resubmission.banner')}
          </p>
        ) : (
          <OpenRequests
            flags={data.flags}
            documents={data.documents}
            changedHere={Boolean(stepDetail?.flagged)}
            onGoTo={(id) => actor.send({ type: 'wizard.go-to', stepId: id })}
          />
        )
      ) : null}
      <StepForm
        key={`${step}-${data.mode}`}
        step={step}
        application={data}
        lock={lock}
        subscribe={subscribe}
        onNext={(values, changed) => {
          // An unchanged last step has nothing to save: with every step valid it is submitted as is.
          if (isLast && !changed && actor.getSnapshot().can({ type: 'wizard.submit' })) actor.send({ type: 'wizard.submit' });
          else actor.send({ type: 'wizard.next', data: values });
        }}
        onSaveDraft={(values) => actor.send({ type: 'wizard.save', data: values })}
        actions={(submit, saveDraft) => (
          <StepActions actor={actor} snapshot={snapshot} isLast={isLast} resubmission={data.mode === 'resubmission'} onNext={submit} onSaveDraft={saveDraft} />
        )}
      >
        <StepContent step={step} />
      </StepForm>
      <WizardStatus actor={actor} snapshot={snapshot} application={data} />
    </KycDocumentsContext.Provider>
  );
}

/**
 * On a step with nothing (left) to change, what the reviewer asked for and where, of what is not done yet: an
 * applicant who opens the application sent back (from the home page or the menu, both at its first step) sees why
 * at once and goes to the step to change, instead of looking for the one marked step. A step whose requested
 * changes are made says so (`changedHere`); once every one is made, the list says the application can go back.
 */
function OpenRequests({
  flags,
  documents,
  changedHere,
  onGoTo,
}: {
  flags: readonly KycFlag[];
  documents: readonly KycDocument[];
  changedHere: boolean;
  onGoTo: (step: KycStepId) => void;
}) {
  const { t } = useTranslation();
  const flagTargetLabel = useFlagTargetLabel();
  // What a request names: the field, or the document (by the file that replaced it once replaced).
  const targetOf = (flag: KycFlag) =>
    flag.targetKind === 'field'
      ? flagTargetLabel(flag.target, { withStep: false })
      : (documents.find((entry) => entry.documentId === flag.target) ?? documents.find((entry) => entry.replaces === flag.target))?.name;
  const open = flags.filter((flag) => flag.outstanding && flag.step !== null);
  const steps = KYC_WIZARD.steps.filter((step) => open.some((flag) => flag.step === step.id));
  return (
    <section
      role="note"
      aria-label={t('kyc.resubmission.requestsTitle')}
      className="mb-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p>{changedHere ? t('kyc.resubmission.changedHere') : t('kyc.resubmission.nothingHere')}</p>
      {steps.length === 0 ? <p className="mt-2">{t('kyc.resubmission.allChanged')}</p> : null}
      {steps.length ? (
        <>
          <p className="mt-2 font-medium">{t('kyc.resubmission.requestsTitle')}</p>
          <ul className="mt-1 flex flex-col gap-2">
            {steps.map((step) => (
              <li key={step.id}>
                <button type="button" className="font-medium text-brand underline underline-offset-2" onClick={() => onGoTo(step.id as KycStepId)}>
                  {t('kyc.resubmission.goToStep', { number: KYC_STEP_IDS.indexOf(step.id as KycStepId) + 1, title: t(step.titleKey) })}
                </button>
                <ul className="mt-0.5 list-disc pl-5">
                  {open
                    .filter((flag) => flag.step === step.id)
                    .map((flag) => (
                      <li key={flag.id} className="break-words">
                        {targetOf(flag) ? <strong>{targetOf(flag)}: </strong> : null}
                        {flag.reason}
                      </li>
                    ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function LockedNotice({ application, onCheckAgain }: { application: KycApplication | undefined; onCheckAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="rounded border border-slate-200 bg-slate-50 p-4">
      <p>{t('kyc.wizard.readOnly')}</p>
      {application ? <p className="mt-2 text-sm">{t('kyc.overview.status', { status: t(KYC_DISPLAY_STATUS_LABEL_KEYS[application.displayStatus]) })}</p> : null}
      <button type="button" onClick={onCheckAgain} className="mt-3 rounded border border-brand px-3 py-1.5 text-sm text-brand">
        {t('kyc.wizard.checkAgain')}
      </button>
    </div>
  );
}
