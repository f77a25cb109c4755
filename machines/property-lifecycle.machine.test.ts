import { describe, expect, it } from 'vitest';
import { PROPERTY_ACTIONS, type PropertyAction } from '../contract/property-lifecycle';
import { PROPERTY_STATUSES, type PropertyStatus } from '../contract/properties';
import { actionExistsIn, allowedPropertyActions, nextPropertyStatus, propertyLifecycleMachine } from './property-lifecycle.machine';

// docs/decisions/0260-property-lifecycle.md, written out independently of the machine (with fees set).
const EXPECTED: Record<PropertyStatus, Partial<Record<PropertyAction, PropertyStatus>>> = {
  Created: { complete: 'NotOnboarded' },
  NotOnboarded: { submit: 'PendingReview' },
  PendingReview: { approve: 'FeeSetup', requestResubmission: 'ResubmissionRequired' },
  ResubmissionRequired: { submit: 'PendingReview' },
  FeeSetup: { activate: 'Active' },
  Active: { deactivate: 'Inactive' },
  Inactive: { reactivate: 'Active' },
};
const WITH_FEES = { hasFees: true };

describe('property lifecycle', () => {
  const allowed = PROPERTY_STATUSES.flatMap((status) =>
    Object.entries(EXPECTED[status]).map(([action, target]) => [status, action as PropertyAction, target] as const),
  );
  it.each(allowed)('%s --%s--> %s', (status, action, target) => {
    expect(nextPropertyStatus(status, action, WITH_FEES)).toBe(target);
  });

  const forbidden = PROPERTY_STATUSES.flatMap((status) =>
    PROPERTY_ACTIONS.filter((action) => !(action in EXPECTED[status])).map((action) => [status, action] as const),
  );
  it.each(forbidden)('%s refuses %s', (status, action) => {
    expect(nextPropertyStatus(status, action, WITH_FEES)).toBeUndefined();
    expect(actionExistsIn(status, action)).toBe(false);
  });

  it('does not activate a property without fees, and says activate exists there', () => {
    expect(nextPropertyStatus('FeeSetup', 'activate', { hasFees: false })).toBeUndefined();
    expect(allowedPropertyActions('FeeSetup', { hasFees: false })).toEqual([]);
    expect(allowedPropertyActions('FeeSetup', WITH_FEES)).toEqual(['activate']);
    expect(actionExistsIn('FeeSetup', 'activate')).toBe(true);
  });

  it('lists the allowed actions in action order', () => {
    expect(allowedPropertyActions('PendingReview', WITH_FEES)).toEqual(['requestResubmission', 'approve']);
    expect(allowedPropertyActions('ResubmissionRequired', WITH_FEES)).toEqual(['submit']);
  });

  it('has a state for every property status and none more, starting at Created', () => {
    expect(Object.keys(propertyLifecycleMachine.config.states ?? {}).sort()).toEqual([...PROPERTY_STATUSES].sort());
    expect(propertyLifecycleMachine.config.initial).toBe('Created');
  });
});
