import { setup, transition, type SnapshotFrom } from 'xstate';
import type { PayoutStatus } from '../contract/payouts';

// A payout's lifecycle (issue 37, decisions 0434, 0580), shared by the server (the retry call and
// the bank's answers ask it what is allowed and what follows) and the SPA (the detail offers Retry
// only where the machine allows it, and names the stage). A pure status machine like the refund one.
//
// It holds the moves some part of the product makes, and no other (decision 0580): a payout enters
// the product already sent to the bank, InTransit (the seed writes it so; the processor integration
// that would schedule and send payouts is not built); provider staff retry a Failed payout, a new
// attempt of the same payout with its settlement lines kept (decisions 0123, 0430), Retried; the
// bank answers a retry, Paid | Failed. Nothing answers a first attempt (the demo bank answers
// retries only, decision 0137; processor reports are not built), so InTransit has no move out yet.
// Spec 2's stored status Scheduled is written by nothing, so it is no stage of this machine.
// The stored status is coarser: InTransit and Retried are both `Processing`, told apart by the
// number of attempts.

export type PayoutLifecycleEvent = { type: 'bank.paid' } | { type: 'bank.failed' } | { type: 'payout.retry' };
export type PayoutLifecycleEventType = PayoutLifecycleEvent['type'];
export const PAYOUT_STAGES = ['InTransit', 'Paid', 'Failed', 'Retried'] as const;
export type PayoutStage = (typeof PAYOUT_STAGES)[number];
/**
 * The stages a payout arrives in: the processor's word, not a move of the product (the seed writes
 * payouts in transit, paid or failed). Model paths start from each of them.
 */
export const PAYOUT_ENTRY_STAGES = ['InTransit', 'Paid', 'Failed'] as const satisfies readonly PayoutStage[];
/** What the detail shows: a stage of the lifecycle, or a stored Scheduled, which is outside it (decision 0580). */
export type ShownPayoutStage = PayoutStage | 'Scheduled';

export const payoutLifecycleMachine = setup({
  types: { events: {} as PayoutLifecycleEvent },
}).createMachine({
  id: 'payoutLifecycle',
  description:
    'A payout as the product moves it: it arrives sent to the bank; a failed payout is retried as a new attempt of itself, and the bank answers the retry',
  initial: 'InTransit',
  states: {
    // The first attempt: nothing in the product answers it yet (decision 0580).
    InTransit: {},
    Paid: { type: 'final' },
    // Only provider staff retry (Payouts:Update, the server's rule on top of the machine).
    Failed: { on: { 'payout.retry': 'Retried' } },
    // The demo bank answers (decision 0137); a processor's report would.
    Retried: { on: { 'bank.paid': 'Paid', 'bank.failed': 'Failed' } },
  },
});

export type PayoutLifecycleSnapshot = SnapshotFrom<typeof payoutLifecycleMachine>;

/** The stage of a stored payout: its status, and for one in progress whether it is a retry. */
export function payoutStage(status: PayoutStatus, attempts: number): ShownPayoutStage {
  if (status === 'Processing') return attempts > 1 ? 'Retried' : 'InTransit';
  return status;
}

/** The status a stage is stored as. */
export function storedStatus(stage: PayoutStage): PayoutStatus {
  return stage === 'InTransit' || stage === 'Retried' ? 'Processing' : stage;
}

/** The stage an event leads to, or undefined when the machine forbids it. */
export function nextPayoutStage(stage: ShownPayoutStage, event: PayoutLifecycleEvent): PayoutStage | undefined {
  // Scheduled is outside the lifecycle: no move leads out of it.
  if (stage === 'Scheduled') return undefined;
  const snapshot = payoutLifecycleMachine.resolveState({ value: stage });
  if (!snapshot.can(event)) return undefined;
  const [next] = transition(payoutLifecycleMachine, snapshot, event);
  return next.value as PayoutStage;
}

/** Whether a payout in this status may be retried now (the machine's word; who may is the server's). */
export function mayRetry(status: PayoutStatus, attempts: number): boolean {
  return nextPayoutStage(payoutStage(status, attempts), { type: 'payout.retry' }) !== undefined;
}
