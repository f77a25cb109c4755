import { setup, transition, type SnapshotFrom } from 'xstate';
import { LIFECYCLE_ACTIONS, ONBOARDING_STATUSES, type LifecycleAction, type OnboardingStatus } from '../contract/merchant-groups';

// The onboarding lifecycle of a merchant group (spec 4 statuses; architecture.md's proposal,
// refined in docs/decisions/0140-onboarding-lifecycle.md). A pure status machine: the server asks
// it whether an action is allowed (409 otherwise), the SPA offers only what `allowedActions` says.
// Who may take an action (applicant, provider staff, system) is LIFECYCLE_ACTION_ACTOR's concern.

export type OnboardingEvent =
  | { type: 'application.submit' }
  | { type: 'review.start' }
  | { type: 'review.request-resubmission' }
  | { type: 'review.approve' }
  | { type: 'review.reject' }
  | { type: 'contract.send' }
  | { type: 'contract.sign' }
  | { type: 'group.activate' }
  | { type: 'group.delete' }
  | { type: 'application.expire' };

/** API/SPA action name -> machine event. */
export const LIFECYCLE_EVENT: Record<LifecycleAction, OnboardingEvent['type']> = {
  submit: 'application.submit',
  startReview: 'review.start',
  requestResubmission: 'review.request-resubmission',
  approve: 'review.approve',
  reject: 'review.reject',
  sendContract: 'contract.send',
  signContract: 'contract.sign',
  activate: 'group.activate',
  delete: 'group.delete',
  expire: 'application.expire',
};

const toDeleted = { 'group.delete': 'Deleted' } as const;

export const onboardingLifecycleMachine = setup({
  types: { events: {} as OnboardingEvent },
}).createMachine({
  id: 'onboardingLifecycle',
  description: 'Onboarding status of a merchant group: the transitions the server allows and the review actions the SPA offers',
  initial: 'Created',
  states: {
    Created: { on: { 'application.submit': 'Pending', 'application.expire': 'Expired', ...toDeleted } },
    Pending: { on: { 'review.start': 'InReview', ...toDeleted } },
    InReview: {
      on: { 'review.request-resubmission': 'SentForResubmission', 'review.approve': 'Approved', 'review.reject': 'Rejected', ...toDeleted },
    },
    SentForResubmission: { on: { 'application.submit': 'Pending', 'application.expire': 'Expired', ...toDeleted } },
    // KYC approved, no contract sent yet (the KYC list shows it as "Contract Pending", spec 4). Provider staff send
    // the contract; the group then waits in ContractPending until they record it signed (decision 0536).
    Approved: { on: { 'contract.send': 'ContractPending', ...toDeleted } },
    ContractPending: { on: { 'contract.sign': 'ContractSigned', ...toDeleted } },
    ContractSigned: { on: { 'group.activate': 'Active', ...toDeleted } },
    Active: {},
    Rejected: { on: toDeleted },
    Expired: { on: toDeleted },
    Deleted: { type: 'final' },
  },
});

function snapshotAt(status: OnboardingStatus): SnapshotFrom<typeof onboardingLifecycleMachine> {
  return onboardingLifecycleMachine.resolveState({ value: status });
}

/** The status an action leads to from `status`, or undefined when the lifecycle forbids it. */
export function nextStatus(status: OnboardingStatus, action: LifecycleAction): OnboardingStatus | undefined {
  const snapshot = snapshotAt(status);
  const event = { type: LIFECYCLE_EVENT[action] } as OnboardingEvent;
  if (!snapshot.can(event)) return undefined;
  const [next] = transition(onboardingLifecycleMachine, snapshot, event);
  return next.value as OnboardingStatus;
}

/** Every action the lifecycle allows in `status`, in LIFECYCLE_ACTIONS order (derived from the machine). */
export function allowedActions(status: OnboardingStatus): LifecycleAction[] {
  const snapshot = snapshotAt(status);
  return LIFECYCLE_ACTIONS.filter((action) => snapshot.can({ type: LIFECYCLE_EVENT[action] } as OnboardingEvent));
}

export function isOnboardingStatus(value: string): value is OnboardingStatus {
  return (ONBOARDING_STATUSES as readonly string[]).includes(value);
}
