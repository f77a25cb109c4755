import { describe, expect, it } from 'vitest';
import { byStateValue, machinePaths } from '../testing/model/machine-paths';
import {
  mayRetry,
  nextPayoutStage,
  PAYOUT_STAGES,
  payoutLifecycleMachine,
  payoutStage,
  storedStatus,
  type PayoutLifecycleEvent,
} from './payout-lifecycle.machine';

// Decision 0434, written out independently of the machine.
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

  it('a payout in progress is in transit on its first attempt and retried after', () => {
    expect(payoutStage('Processing', 1)).toBe('InTransit');
    expect(payoutStage('Processing', 2)).toBe('Retried');
    for (const stage of PAYOUT_STAGES) expect(payoutStage(storedStatus(stage), stage === 'Retried' ? 2 : 1)).toBe(stage);
  });

  it('its model paths reach every stage and take every transition', () => {
    const paths = machinePaths(payoutLifecycleMachine, { events: () => EVENTS, serialize: byStateValue, cover: 'transitions', environment: false });
    const reached = new Set(['Scheduled', ...paths.flatMap((path) => path.steps.map((step) => String(step.state.value)))]);
    expect([...reached].sort()).toEqual([...PAYOUT_STAGES].sort());
    const taken = new Set(
      paths.flatMap((path) => path.steps.map((step, index) => `${index === 0 ? 'Scheduled' : String(path.steps[index - 1]!.state.value)} ${step.event.type}`)),
    );
    for (const move of Object.keys(ALLOWED)) expect(taken, move).toContain(move);
  });
});
