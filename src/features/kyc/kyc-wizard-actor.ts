import type { QueryClient } from '@tanstack/react-query';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { KycApplication } from '../../../contract/kyc/application';
import type { KycDocument } from '../../../contract/kyc/documents';
import type { SaveStepAnswer } from '../../../contract/kyc/endpoints';
import type { KycStepId } from '../../../contract/kyc/steps';
import { kycWizardInput, progressFromTracking, wizardStepsOf } from '../../../machines/kyc-wizard';
import { wizardMachine } from '../../../machines/wizard.machine';
import { applicationQuery, kycKeys, saveKycStep, submitKycApplication } from './api';

// The React host of the generic wizard machine for the KYC application. The actor lives outside
// the screen component: each of the eight step routes mounts the step screen anew, and the
// workflow (where we are, what is saved, a save in flight) must survive that.

export type KycWizardActor = ActorRefFrom<typeof wizardMachine>;

type SaveListener = (answer: SaveStepAnswer) => void;

interface Entry {
  groupId: string;
  actor: KycWizardActor;
  listeners: Set<SaveListener>;
}
let current: Entry | undefined;

function start(groupId: string, queryClient: QueryClient, startAt: string | undefined): Entry {
  const listeners = new Set<SaveListener>();
  const machine = wizardMachine.provide({
    actors: {
      loadProgress: fromPromise(async () => {
        // Always from the server, so another device's progress is picked up (resume).
        await queryClient.invalidateQueries({ queryKey: kycKeys.application(groupId) });
        return progressFromTracking(await queryClient.fetchQuery(applicationQuery(groupId)));
      }),
      saveStep: fromPromise(async ({ input }) => {
        const step = input.stepId as KycStepId;
        const data = (input.data ?? {}) as Record<string, unknown>;
        const answer = await saveKycStep(groupId, step, data);
        queryClient.setQueryData(kycKeys.application(groupId), (old: KycApplication | undefined) =>
          old
            ? {
                ...old,
                canSubmit: answer.canSubmit,
                // A flagged field changed is no longer outstanding (decision 0703).
                flags: answer.flags,
                steps: old.steps.map((entry) => {
                  const state = answer.steps.find((s) => s.step === entry.step) ?? entry;
                  return entry.step === step ? { ...entry, ...state, data, errors: answer.errors, warnings: answer.warnings } : { ...entry, ...state };
                }),
              }
            : old,
        );
        listeners.forEach((listener) => listener(answer));
        return { steps: wizardStepsOf(answer.steps) };
      }),
      submit: fromPromise<unknown>(async () => {
        const application = await submitKycApplication(groupId);
        queryClient.setQueryData(kycKeys.application(groupId), application);
        await queryClient.invalidateQueries({ queryKey: kycKeys.group });
        return application.status;
      }),
    },
  });
  const actor = createActor(machine, { input: { ...kycWizardInput, startAt } });
  actor.start();
  return { groupId, actor, listeners };
}

/**
 * The wizard actor of a merchant group, created on first use. A finished or locked wizard starts
 * over, since the application may have come back for resubmission in the meantime.
 */
export function kycWizardActor(groupId: string, queryClient: QueryClient, startAt?: string): Entry {
  if (current && current.groupId === groupId) {
    const snapshot = current.actor.getSnapshot();
    if (snapshot.status === 'active' && !snapshot.matches('locked')) return current;
  }
  current?.actor.stop();
  current = start(groupId, queryClient, startAt);
  return current;
}

/** Puts a freshly uploaded document into the cached application (a replacement marks the old one). */
export function rememberUploadedDocument(queryClient: QueryClient, groupId: string, document: KycDocument, replaces?: string): void {
  queryClient.setQueryData(kycKeys.application(groupId), (old: KycApplication | undefined) =>
    old
      ? {
          ...old,
          documents: [...old.documents.map((entry) => (entry.documentId === replaces ? { ...entry, replacedBy: document.documentId } : entry)), document],
        }
      : old,
  );
}
