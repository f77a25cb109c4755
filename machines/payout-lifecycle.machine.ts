import { setup, transition } from 'xstate';
import type { PayoutStatus } from '../contract/payouts';

// A payout's lifecycle (issue 37, decisions 0434, 0580, 0583), shared by the server (the payout run,
// the retry call and the bank's answers ask it what is allowed and what follows) and the SPA (the
// detail offers Retry only where the machine allows it, and names the stage). A pure status machine
// like the refund one.
//
// It holds the moves some part of the product makes, and no other (decision 0580): the payout run
// (server/payouts/payout-run.ts, decision 0582) schedules a payout for a merchant's closed days,
// Scheduled, and sends it to the bank, InTransit; the bank answers the attempt, Paid | Failed (the
// demo bank answers the run's attempts, decision 0137; a processor's report would); provider staff
// retry a Failed payout, a new attempt of the same payout with its settlement lines kept (decisions
// 0123, 0430), Retried; the bank answers the retry, Paid | Failed. The demo seed writes payouts that
// arrive already sent, paid or failed (PAYOUT_ENTRY_STAGES).
// The stored status is coarser: InTransit and Retried are both `Processing`, told apart by the
// number of attempts.

export type PayoutLifecycleEvent = { type: 'payout.send' } | { type: 'bank.paid' } | { type: 'bank.failed' } | { type: 'payout.retry' };
export const PAYOUT_STAGES = ['Scheduled', 'InTransit', 'Paid', 'Failed', 'Retried'] as const;
export type PayoutStage = (typeof PAYOUT_STAGES)[number];
/**
 * The stages a payout arrives in: Scheduled when the payout run makes it, and the stages the demo
 * seed writes (in transit, paid or failed). Model paths start from each of them.
 */
export const PAYOUT_ENTRY_STAGES = ['Scheduled', 'InTransit', 'Paid', 'Failed'] as const satisfies readonly PayoutStage[];
/** What the detail shows: a stage of the lifecycle (every stored status is one since decision 0583). */
export type ShownPayoutStage = PayoutStage;

export const payoutLifecycleMachine = setup({
  types: { events: {} as PayoutLifecycleEvent },
}).createMachine({
  id: 'payoutLifecycle',
  description:
    "A payout as the product moves it: scheduled for a merchant's closed days and sent to the bank; the bank answers each attempt; a failed payout is retried as a new attempt of itself",
  initial: 'Scheduled',
  states: {
    // The payout run made it from the captures of closed days; its next round sends it (decision 0582).
    Scheduled: { on: { 'payout.send': 'InTransit' } },
    // The first attempt: the demo bank answers the run's (decision 0137), a processor's report would.
    InTransit: { on: { 'bank.paid': 'Paid', 'bank.failed': 'Failed' } },
    Paid: { type: 'final' },
    // Only provider staff retry (Payouts:Update, the server's rule on top of the machine).
    Failed: { on: { 'payout.retry': 'Retried' } },
    // The demo bank answers (decision 0137); a processor's report would.
    Retried: { on: { 'bank.paid': 'Paid', 'bank.failed': 'Failed' } },
  },
});

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
  const snapshot = payoutLifecycleMachine.resolveState({ value: stage });
  if (!snapshot.can(event)) return undefined;
  const [next] = transition(payoutLifecycleMachine, snapshot, event);
  return next.value as PayoutStage;
}

/** Whether a payout in this status may be retried now (the machine's word; who may is the server's). */
export function mayRetry(status: PayoutStatus, attempts: number): boolean {
  return nextPayoutStage(payoutStage(status, attempts), { type: 'payout.retry' }) !== undefined;
}
