import { describe, expect, it } from 'vitest';
import { LIFECYCLE_ACTIONS, ONBOARDING_STATUSES, type LifecycleAction, type OnboardingStatus } from '../contract/merchant-groups';
import { allowedActions, LIFECYCLE_EVENT, nextStatus, onboardingLifecycleMachine } from './onboarding-lifecycle.machine';

// The refined lifecycle of docs/decisions/0140-onboarding-lifecycle.md, written out independently of the machine.
const EXPECTED: Record<OnboardingStatus, Partial<Record<LifecycleAction, OnboardingStatus>>> = {
  Created: { submit: 'Pending', delete: 'Deleted', expire: 'Expired' },
  Pending: { startReview: 'InReview', delete: 'Deleted' },
  InReview: { requestResubmission: 'SentForResubmission', approve: 'Approved', reject: 'Rejected', delete: 'Deleted' },
  SentForResubmission: { submit: 'Pending', delete: 'Deleted', expire: 'Expired' },
  Approved: { sendContract: 'ContractPending', delete: 'Deleted' },
  ContractPending: { signContract: 'ContractSigned', delete: 'Deleted' },
  ContractSigned: { activate: 'Active', delete: 'Deleted' },
  Active: {},
  Rejected: { delete: 'Deleted' },
  Expired: { delete: 'Deleted' },
  Deleted: {},
};

describe('onboarding lifecycle', () => {
  const allowed = ONBOARDING_STATUSES.flatMap((status) =>
    Object.entries(EXPECTED[status]).map(([action, target]) => [status, action as LifecycleAction, target] as const),
  );
  it.each(allowed)('%s --%s--> %s', (status, action, target) => {
    expect(nextStatus(status, action)).toBe(target);
  });

  const forbidden = ONBOARDING_STATUSES.flatMap((status) =>
    LIFECYCLE_ACTIONS.filter((action) => !(action in EXPECTED[status])).map((action) => [status, action] as const),
  );
  it.each(forbidden)('%s refuses %s', (status, action) => {
    expect(nextStatus(status, action)).toBeUndefined();
  });

  it('forbids the cases a careless table would allow', () => {
    expect(nextStatus('Active', 'delete')).toBeUndefined();
    expect(nextStatus('Pending', 'approve')).toBeUndefined();
    expect(nextStatus('Created', 'startReview')).toBeUndefined();
    expect(nextStatus('Approved', 'activate')).toBeUndefined();
    // The contract is sent before it is signed (decision 0536).
    expect(nextStatus('Approved', 'signContract')).toBeUndefined();
    expect(nextStatus('ContractSigned', 'sendContract')).toBeUndefined();
    expect(nextStatus('Rejected', 'submit')).toBeUndefined();
  });

  it('allowedActions lists exactly the events each state of the machine handles', () => {
    const eventToAction = Object.fromEntries(Object.entries(LIFECYCLE_EVENT).map(([action, event]) => [event, action]));
    for (const status of ONBOARDING_STATUSES) {
      const node = onboardingLifecycleMachine.states[status];
      expect(node, status).toBeDefined();
      const handled = Object.keys(node!.on).map((event) => eventToAction[event]);
      expect([...allowedActions(status)].sort(), status).toEqual([...handled].sort());
      expect(allowedActions(status).sort(), status).toEqual(Object.keys(EXPECTED[status]).sort());
    }
  });

  it('has a state for every onboarding status and nothing else', () => {
    expect(Object.keys(onboardingLifecycleMachine.states).sort()).toEqual([...ONBOARDING_STATUSES].sort());
  });
});
