import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { isLive, liveConnectionMachine, liveRetryDelayMs, LIVE_RETRY_MAX_MS, type LiveConnectionEvent } from './live-connection.machine';

// A scripted stream stands in for the EventSource here (a unit test of the machine); the real one is
// exercised through the browser by e2e/live-updates.spec.ts.

function start() {
  const opened: Array<{ lastEventId: string | null }> = [];
  let report: (event: LiveConnectionEvent) => void = () => undefined;
  let closed = 0;
  const actor = createActor(
    liveConnectionMachine.provide({
      actors: {
        stream: fromCallback<LiveConnectionEvent, { lastEventId: string | null }>(({ sendBack, input }) => {
          opened.push(input);
          report = sendBack;
          return () => {
            closed += 1;
          };
        }),
      },
    }),
  ).start();
  return { actor, opened, report: (event: LiveConnectionEvent) => report(event), closedCount: () => closed };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('live connection', () => {
  it('connects, opens, and keeps the position of the last event', () => {
    const { actor, opened, report } = start();
    expect(actor.getSnapshot().matches({ connected: 'connecting' })).toBe(true);
    expect(isLive(actor.getSnapshot())).toBe(false);
    report({ type: 'live.opened', lastEventId: '10' });
    expect(isLive(actor.getSnapshot())).toBe(true);
    report({ type: 'live.received', lastEventId: '12' });
    expect(actor.getSnapshot().context.lastEventId).toBe('12');
    expect(opened).toEqual([{ lastEventId: null }]);
  });

  it('after a drop it waits 1 s, 2 s, 4 s … (at most 30 s) and reconnects from the last event', () => {
    const { actor, opened, report, closedCount } = start();
    report({ type: 'live.opened', lastEventId: '10' });
    report({ type: 'live.received', lastEventId: '14' });
    report({ type: 'live.failed' });
    expect(actor.getSnapshot().value).toBe('retrying');
    expect(closedCount()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(actor.getSnapshot().value).toBe('retrying');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ connected: 'connecting' })).toBe(true);
    expect(opened.at(-1)).toEqual({ lastEventId: '14' });
    // Fails again before opening: the wait doubles.
    report({ type: 'live.failed' });
    vi.advanceTimersByTime(1_999);
    expect(actor.getSnapshot().value).toBe('retrying');
    vi.advanceTimersByTime(1);
    expect(opened).toHaveLength(3);
    // Open again: the count starts over.
    report({ type: 'live.opened', lastEventId: null });
    expect(actor.getSnapshot().context).toEqual({ lastEventId: '14', failures: 0 });
    expect([1, 2, 3, 4, 5, 6, 7].map(liveRetryDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, LIVE_RETRY_MAX_MS, LIVE_RETRY_MAX_MS]);
  });

  it('tries nothing while the browser is offline, and connects as soon as it is back', () => {
    const { actor, opened, report } = start();
    report({ type: 'live.opened', lastEventId: '3' });
    // The host sends these from the browser's online/offline events.
    actor.send({ type: 'live.offline' });
    expect(actor.getSnapshot().value).toBe('offline');
    vi.advanceTimersByTime(120_000);
    expect(opened).toHaveLength(1);
    actor.send({ type: 'live.online' });
    expect(actor.getSnapshot().matches({ connected: 'connecting' })).toBe(true);
    expect(opened.at(-1)).toEqual({ lastEventId: '3' });
  });

  it('closes for good at sign-out', () => {
    const { actor, report, closedCount } = start();
    report({ type: 'live.opened', lastEventId: '3' });
    actor.send({ type: 'live.close' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(closedCount()).toBe(1);
  });
});
