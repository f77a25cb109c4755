import { createMachine, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { byStateValue, machinePaths } from '../testing/model/machine-paths';
import {
  mayRetry,
  nextPayoutStage,
  PAYOUT_ENTRY_STAGES,
  PAYOUT_STAGES,
  payoutLifecycleMachine,
  payoutStage,
  storedStatus,
  type PayoutLifecycleEvent,
} from './payout-lifecycle.machine';

// Decisions 0434, 0580 and 0583, written out independently of the machine: the moves some part of the
// product makes, and no other (the payout run schedules and sends, the bank answers every attempt).
const EVENTS: PayoutLifecycleEvent[] = [{ type: 'payout.send' }, { type: 'bank.paid' }, { type: 'bank.failed' }, { type: 'payout.retry' }];
const ALLOWED: Record<string, string | undefined> = {
  'Scheduled payout.send': 'InTransit',
  'InTransit bank.paid': 'Paid',
  'InTransit bank.failed': 'Failed',
  'Failed payout.retry': 'Retried',
  'Retried bank.paid': 'Paid',
  'Retried bank.failed': 'Failed',
};

describe('payout lifecycle machine', () => {
  it('allows exactly the lifecycle’s moves and refuses every other', () => {
    for (const stage of PAYOUT_STAGES)
      for (const event of EVENTS) expect(nextPayoutStage(stage, event), `${stage} ${event.type}`).toBe(ALLOWED[`${stage} ${event.type}`]);
  });

  it('only a Failed payout may be retried; a paid one never moves again', () => {
    expect(mayRetry('Failed', 1)).toBe(true);
    expect(mayRetry('Failed', 3)).toBe(true);
    expect(mayRetry('Processing', 1)).toBe(false);
    expect(mayRetry('Processing', 2)).toBe(false);
    expect(mayRetry('Paid', 2)).toBe(false);
    expect(mayRetry('Scheduled', 0)).toBe(false);
  });

  it('a stored Scheduled payout is the first stage: only sending moves it (decision 0583)', () => {
    expect(payoutStage('Scheduled', 0)).toBe('Scheduled');
    expect(payoutLifecycleMachine.config.initial).toBe('Scheduled');
    expect(nextPayoutStage('Scheduled', { type: 'payout.send' })).toBe('InTransit');
    expect(Object.keys(payoutLifecycleMachine.root.states).sort()).toEqual([...PAYOUT_STAGES].sort());
  });

  it('a payout in progress is in transit on its first attempt and retried after', () => {
    expect(payoutStage('Processing', 1)).toBe('InTransit');
    expect(payoutStage('Processing', 2)).toBe('Retried');
    for (const stage of PAYOUT_STAGES) expect(payoutStage(storedStatus(stage), stage === 'Retried' ? 2 : stage === 'Scheduled' ? 0 : 1)).toBe(stage);
  });

  it('its model paths, from the stages a payout arrives in, reach every stage and take every transition', () => {
    const paths = PAYOUT_ENTRY_STAGES.flatMap((entry) =>
      machinePaths(createMachine({ ...payoutLifecycleMachine.config, initial: entry } as never) as AnyStateMachine, {
        events: () => EVENTS,
        serialize: byStateValue,
        cover: 'transitions',
        environment: false,
      }),
    );
    const reached = new Set([...PAYOUT_ENTRY_STAGES, ...paths.flatMap((path) => path.steps.map((step) => String(step.state.value)))]);
    expect([...reached].sort()).toEqual([...PAYOUT_STAGES].sort());
    const taken = new Set(
      paths.flatMap((path) =>
        path.steps.map((step, index) => `${String((index === 0 ? path.initialState : path.steps[index - 1]!.state).value)} ${step.event.type}`),
      ),
    );
    for (const move of Object.keys(ALLOWED)) expect(taken, move).toContain(move);
  });
});
