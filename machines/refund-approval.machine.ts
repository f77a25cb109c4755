import { not, or, setup, stateIn, transition, type SnapshotFrom } from 'xstate';
import type { RefundApprovalStatus, RefundDecision, RefundState } from '../contract/refunds';

// A refund request's two statuses (spec 4 "Refund approval status" and "Refund state"), as two
// regions of one machine (decision 0230). A pure status machine like the onboarding lifecycle:
// the server asks it whether an event is allowed (409 otherwise) and what follows; the SPA offers
// only the decisions it allows. Who may decide (not the requester, not twice the same person,
// roles the rule names, provider admins for an override) is the server's people rule, on top.
//
// approval: Pending -> PartiallyApproved -> Approved (the approval count travels in the event);
//           Pending | PartiallyApproved -> Rejected; Rejected -> ApprovedOverridden.
// refund:   Created (waiting for approval) -> Accepted (sent to the acquirer, only once approved)
//           -> Completed | Failed | Pending (acquirer settles later) | PartiallyAccepted (less refunded
//           than asked); Pending -> Completed | Failed | PartiallyAccepted; Completed | PartiallyAccepted
//           -> Changed (the acquirer later corrected the amount); Created -> Rejected with the
//           approval, and back to Created when a provider admin overrides the rejection.

export type RefundApprovalEvent =
  /** One more approval; `approvalsGiven` counts it, `approvalsRequired` comes from the rule (0: auto-approval). */
  | { type: 'refund.approve'; approvalsGiven: number; approvalsRequired: number }
  | { type: 'refund.reject' }
  | { type: 'refund.override' }
  /** The approved refund is handed to the acquirer. */
  | { type: 'refund.submit' }
  | { type: 'acquirer.succeeded' }
  | { type: 'acquirer.declined' }
  | { type: 'acquirer.pending' }
  | { type: 'acquirer.partial' }
  | { type: 'acquirer.changed' };

export interface RefundStatus {
  approvalStatus: RefundApprovalStatus;
  state: RefundState;
}

export const refundApprovalMachine = setup({
  types: { events: {} as RefundApprovalEvent },
  guards: {
    lastApproval: ({ event }) => event.type === 'refund.approve' && event.approvalsGiven >= event.approvalsRequired,
    moreApprovalsNeeded: ({ event }) => event.type === 'refund.approve' && event.approvalsGiven < event.approvalsRequired,
    approvalComplete: or([stateIn({ approval: 'Approved' }), stateIn({ approval: 'ApprovedOverridden' })]),
    approvalOpen: not(or([stateIn({ approval: 'Approved' }), stateIn({ approval: 'ApprovedOverridden' })])),
    approvalRejected: stateIn({ approval: 'Rejected' }),
  },
}).createMachine({
  id: 'refundApproval',
  description: 'A refund request: its approval status (maker-checker) and its refund state as the acquirer executes it',
  type: 'parallel',
  states: {
    approval: {
      initial: 'Pending',
      states: {
        Pending: {
          on: {
            'refund.approve': [
              { target: 'Approved', guard: 'lastApproval' },
              { target: 'PartiallyApproved', guard: 'moreApprovalsNeeded' },
            ],
            'refund.reject': 'Rejected',
          },
        },
        PartiallyApproved: {
          on: {
            'refund.approve': [
              { target: 'Approved', guard: 'lastApproval' },
              { target: 'PartiallyApproved', guard: 'moreApprovalsNeeded' },
            ],
            'refund.reject': 'Rejected',
          },
        },
        Approved: {},
        // Only a provider admin overrides (the server's people rule); the refund then runs as approved.
        Rejected: { on: { 'refund.override': 'ApprovedOverridden' } },
        ApprovedOverridden: {},
      },
    },
    refund: {
      initial: 'Created',
      states: {
        Created: {
          on: {
            'refund.submit': { target: 'Accepted', guard: 'approvalComplete' },
            // A rejection ends the refund too, unless the approval was already complete.
            'refund.reject': { target: 'Rejected', guard: 'approvalOpen' },
          },
        },
        Rejected: { on: { 'refund.override': { target: 'Created', guard: 'approvalRejected' } } },
        Accepted: {
          on: { 'acquirer.succeeded': 'Completed', 'acquirer.declined': 'Failed', 'acquirer.pending': 'Pending', 'acquirer.partial': 'PartiallyAccepted' },
        },
        Pending: { on: { 'acquirer.succeeded': 'Completed', 'acquirer.declined': 'Failed', 'acquirer.partial': 'PartiallyAccepted' } },
        Completed: { on: { 'acquirer.changed': 'Changed' } },
        PartiallyAccepted: { on: { 'acquirer.changed': 'Changed' } },
        Failed: {},
        Changed: {},
      },
    },
  },
});

export type RefundApprovalSnapshot = SnapshotFrom<typeof refundApprovalMachine>;

export function refundSnapshotAt(status: RefundStatus): RefundApprovalSnapshot {
  return refundApprovalMachine.resolveState({ value: { approval: status.approvalStatus, refund: status.state } });
}

export function statusOf(snapshot: RefundApprovalSnapshot): RefundStatus {
  const value = snapshot.value as { approval: RefundApprovalStatus; refund: RefundState };
  return { approvalStatus: value.approval, state: value.refund };
}

/** The statuses an event leads to, or undefined when the machine forbids it. */
export function nextRefundStatus(status: RefundStatus, event: RefundApprovalEvent): RefundStatus | undefined {
  const snapshot = refundSnapshotAt(status);
  if (!snapshot.can(event)) return undefined;
  const [next] = transition(refundApprovalMachine, snapshot, event);
  return statusOf(next);
}

/**
 * The decisions the machine allows now (`approve` stands for "one more approval", whether or not
 * it is the last); the people rule narrows them further per caller.
 */
export function machineDecisions(status: RefundStatus): RefundDecision[] {
  const snapshot = refundSnapshotAt(status);
  const decisions: RefundDecision[] = [];
  if (snapshot.can({ type: 'refund.approve', approvalsGiven: 1, approvalsRequired: 1 })) decisions.push('approve');
  if (snapshot.can({ type: 'refund.reject' })) decisions.push('reject');
  if (snapshot.can({ type: 'refund.override' })) decisions.push('override');
  return decisions;
}

/** Refund states whose money has not moved yet but may: their amount is reserved against what the order may still refund. */
export const RESERVING_REFUND_STATES: readonly RefundState[] = ['Created', 'Accepted', 'Pending'];
