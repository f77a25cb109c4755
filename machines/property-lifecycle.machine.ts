import { setup, transition, type SnapshotFrom } from 'xstate';
import { PROPERTY_ACTIONS, type PropertyAction } from '../contract/property-lifecycle';
import type { PropertyStatus } from '../contract/properties';

// The lifecycle of a property (spec 4 property statuses; architecture.md's proposal, refined in
// docs/decisions/0260-property-lifecycle.md). A pure status machine shared by the server (409 for
// what it forbids) and the SPA (offers only what `allowedPropertyActions` says). Who may act is
// PROPERTY_ACTION_ACTOR's concern; the facts a guard needs (are fees set?) come with the event.

export type PropertyEvent =
  | { type: 'details.complete' }
  | { type: 'review.submit' }
  | { type: 'review.request-resubmission' }
  | { type: 'review.approve' }
  | { type: 'property.activate'; hasFees: boolean }
  | { type: 'property.deactivate' }
  | { type: 'property.reactivate' };

/** API/SPA action name -> machine event type. */
export const PROPERTY_EVENT: Record<PropertyAction, PropertyEvent['type']> = {
  complete: 'details.complete',
  submit: 'review.submit',
  requestResubmission: 'review.request-resubmission',
  approve: 'review.approve',
  activate: 'property.activate',
  deactivate: 'property.deactivate',
  reactivate: 'property.reactivate',
};

/** Facts about the property that guards need; the server reads them, the SPA has them from the overview. */
export interface PropertyFacts {
  /** At least one fee row exists for the property (the fees table). */
  hasFees: boolean;
}

export const propertyLifecycleMachine = setup({
  types: { events: {} as PropertyEvent },
  guards: {
    // A property takes payments only with its fees agreed (issue 18).
    feesAreSet: ({ event }) => event.type === 'property.activate' && event.hasFees,
  },
}).createMachine({
  id: 'propertyLifecycle',
  description: 'Status of a property: the transitions the server allows and the actions the SPA offers',
  initial: 'Created',
  states: {
    // The add-property wizard's first step created it; the other steps are being filled in.
    Created: { on: { 'details.complete': 'NotOnboarded' } },
    // Every wizard step is saved; nobody has sent it for review yet.
    NotOnboarded: { on: { 'review.submit': 'PendingReview' } },
    // Shown as "In review" (spec 4).
    PendingReview: { on: { 'review.approve': 'FeeSetup', 'review.request-resubmission': 'ResubmissionRequired' } },
    ResubmissionRequired: { on: { 'review.submit': 'PendingReview' } },
    FeeSetup: { on: { 'property.activate': { target: 'Active', guard: 'feesAreSet' } } },
    Active: { on: { 'property.deactivate': 'Inactive' } },
    Inactive: { on: { 'property.reactivate': 'Active' } },
  },
});

function snapshotAt(status: PropertyStatus): SnapshotFrom<typeof propertyLifecycleMachine> {
  return propertyLifecycleMachine.resolveState({ value: status });
}

function eventOf(action: PropertyAction, facts: PropertyFacts): PropertyEvent {
  const type = PROPERTY_EVENT[action];
  return type === 'property.activate' ? { type, hasFees: facts.hasFees } : ({ type } as PropertyEvent);
}

/** The status `action` leads to from `status`, or undefined when the lifecycle forbids it. */
export function nextPropertyStatus(status: PropertyStatus, action: PropertyAction, facts: PropertyFacts): PropertyStatus | undefined {
  const snapshot = snapshotAt(status);
  const event = eventOf(action, facts);
  if (!snapshot.can(event)) return undefined;
  const [next] = transition(propertyLifecycleMachine, snapshot, event);
  return next.value as PropertyStatus;
}

/** Every action the lifecycle allows in `status` given the facts, in PROPERTY_ACTIONS order. */
export function allowedPropertyActions(status: PropertyStatus, facts: PropertyFacts): PropertyAction[] {
  const snapshot = snapshotAt(status);
  return PROPERTY_ACTIONS.filter((action) => snapshot.can(eventOf(action, facts)));
}

/** Whether `action` exists in `status` at all, whatever the facts (tells "needs fees" from "not now"). */
export function actionExistsIn(status: PropertyStatus, action: PropertyAction): boolean {
  return nextPropertyStatus(status, action, { hasFees: true }) !== undefined;
}
