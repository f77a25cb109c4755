import { setup, transition, type SnapshotFrom } from 'xstate';
import type { PayoutStatus } from '../contract/payouts';

// A payout's lifecycle (issue 37, decision 0434), shared by the server (the retry call and the
// bank's answers ask it what is allowed and what follows) and the SPA (the detail offers Retry only
// where the machine allows it, and names the stage). A pure status machine like the refund one.
//
// Scheduled -> InTransit (sent to the bank) -> Paid | Failed; Failed -> Retried (a new attempt of
// the same payout, its settlement lines kept: decisions 0123, 0430) -> Paid | Failed.
// The stored status is coarser: InTransit and Retried are both `Processing`, told apart by the
// number of attempts.

export type PayoutLifecycleEvent = { type: 'payout.send' } | { type: 'bank.paid' } | { type: 'bank.failed' } | { type: 'payout.retry' };
export type PayoutLifecycleEventType = PayoutLifecycleEvent['type'];
export const PAYOUT_STAGES = ['Scheduled', 'InTransit', 'Paid', 'Failed', 'Retried'] as const;
export type PayoutStage = (typeof PAYOUT_STAGES)[number];

export const payoutLifecycleMachine = setup({
  types: { events: {} as PayoutLifecycleEvent },
}).createMachine({
  id: 'payoutLifecycle',
  description: 'A payout: scheduled, sent to the bank, paid or failed; a failed payout is retried as a new attempt of itself',
  initial: 'Scheduled',
  states: {
    Scheduled: { on: { 'payout.send': 'InTransit' } },
    InTransit: { on: { 'bank.paid': 'Paid', 'bank.failed': 'Failed' } },
    Paid: { type: 'final' },
    // Only provider staff retry (Payouts:Update, the server's rule on top of the machine).
    Failed: { on: { 'payout.retry': 'Retried' } },
    Retried: { on: { 'bank.paid': 'Paid', 'bank.failed': 'Failed' } },
  },
});

export type PayoutLifecycleSnapshot = SnapshotFrom<typeof payoutLifecycleMachine>;

/** The stage of a stored payout: its status, and for one in progress whether it is a retry. */
export function payoutStage(status: PayoutStatus, attempts: number): PayoutStage {
  if (status === 'Processing') return attempts > 1 ? 'Retried' : 'InTransit';
  return status;
}

/** The status a stage is stored as. */
export function storedStatus(stage: PayoutStage): PayoutStatus {
  return stage === 'InTransit' || stage === 'Retried' ? 'Processing' : stage;
}

/** The stage an event leads to, or undefined when the machine forbids it. */
export function nextPayoutStage(stage: PayoutStage, event: PayoutLifecycleEvent): PayoutStage | undefined {
  const snapshot = payoutLifecycleMachine.resolveState({ value: stage });
  if (!snapshot.can(event)) return undefined;
  const [next] = transition(payoutLifecycleMachine, snapshot, event);
  return next.value as PayoutStage;
}

/** Whether a payout in this status may be retried now (the machine's word; who may is the server's). */
export function mayRetry(status: PayoutStatus, attempts: number): boolean {
  return nextPayoutStage(payoutStage(status, attempts), { type: 'payout.retry' }) !== undefined;
}
