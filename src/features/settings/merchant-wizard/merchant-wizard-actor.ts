import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { merchantWizardEndpoints, type MerchantWizardAnswer } from '../../../../contract/settings/merchant-wizard';
import { merchantWizardActors, merchantWizardInput, merchantWizardMachine, progressOf } from '../../../../machines/merchant-wizard.machine';
import type { WizardProgress } from '../../../../machines/wizard.machine';
import { call } from '../../../lib/api-client';

// The React host's merchant wizard actor. It lives outside the screen: each step is its own merchant
// page route, and the workflow (where we are, a save in flight) must survive the page changing.

export type MerchantWizardActor = ActorRefFrom<typeof merchantWizardMachine>;

let current: { merchantGroupId: string; actor: MerchantWizardActor; kept: { answer: MerchantWizardAnswer | null } } | undefined;

/** The running wizard of this group, or a new one that loads its progress and opens `startAt` when it may. */
export function merchantWizardActor(merchantGroupId: string, startAt: string | undefined): MerchantWizardActor {
  if (current && current.merchantGroupId === merchantGroupId && current.actor.getSnapshot().status === 'active') return current.actor;
  current?.actor.stop();
  const kept: { answer: MerchantWizardAnswer | null } = { answer: null };
  const machine = merchantWizardMachine.provide({
    actors: {
      ...merchantWizardActors(call, merchantGroupId),
      // The answer is kept: a locked wizard says why (the group is not Active, or the wizard is finished).
      loadProgress: fromPromise<WizardProgress>(async () => {
        kept.answer = await call(merchantWizardEndpoints.getMerchantWizard, { params: { merchantGroupId } });
        return progressOf(kept.answer);
      }),
    },
  });
  const actor = createActor(machine, { input: { ...merchantWizardInput, startAt } });
  actor.start();
  current = { merchantGroupId, actor, kept };
  return actor;
}

/** The server's last answer for the running wizard of this group. */
export function lastWizardAnswer(merchantGroupId: string): MerchantWizardAnswer | null {
  return current?.merchantGroupId === merchantGroupId ? current.kept.answer : null;
}
