import { createActor, type ActorRefFrom } from 'xstate';
import { createMerchantWizardMachine, merchantWizardInput } from '../../../../machines/merchant-wizard.machine';
import { call } from '../../../lib/api-client';

// The React host's merchant wizard actor. It lives outside the screen: each step is its own merchant
// page route, and the workflow (where we are, a save in flight) must survive the page changing.

export type MerchantWizardActor = ActorRefFrom<ReturnType<typeof createMerchantWizardMachine>>;

let current: { merchantGroupId: string; actor: MerchantWizardActor } | undefined;

/** The running wizard of this group, or a new one that loads its progress and opens `startAt` when it may. */
export function merchantWizardActor(merchantGroupId: string, startAt: string | undefined): MerchantWizardActor {
  if (current && current.merchantGroupId === merchantGroupId && current.actor.getSnapshot().status === 'active') return current.actor;
  current?.actor.stop();
  const actor = createActor(createMerchantWizardMachine(call, merchantGroupId), { input: { ...merchantWizardInput, startAt } });
  actor.start();
  current = { merchantGroupId, actor };
  return actor;
}
