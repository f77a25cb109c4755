import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup, type EventObject } from 'xstate';
import { exportRequestMachine, type ExportRequestEvent, type ExportRequestReport } from './export-request.machine';
import { EXPORT_POLL_INTERVAL_MS, statusRetryDelay, type ExportType } from './export-rules';

// The request actor alone, under a parent that only records what it is told (the tracker's side is
// tested in export-tracker.machine.test.ts).
function run(answers: unknown[], stream = { open: false }) {
  const calls: number[] = [];
  const child = exportRequestMachine.provide({
    guards: { streamOpen: () => stream.open },
    actors: {
      fetchExportStatus: fromPromise<unknown, { token: string; exportType: ExportType }>(async () => {
        calls.push(Date.now());
        const answer = answers.length > 1 ? answers.shift() : answers[0];
        if (answer instanceof Error) throw answer;
        return typeof answer === 'function' ? (answer as () => Promise<unknown>)() : answer;
      }),
    },
  });
  const parent = setup({ types: {} as { context: { reports: ExportRequestReport[] }; events: EventObject }, actors: { child } }).createMachine({
    context: { reports: [] },
    invoke: { id: 'request', src: 'child', input: { token: 't1', exportType: 'TRANSACTION', ticks: 0, status: 'Starting' } },
    on: { '*': { actions: assign({ reports: ({ context, event }) => [...context.reports, event as ExportRequestReport] }) } },
  });
  const actor = createActor(parent).start();
  const request = () => actor.getSnapshot().children.request!;
  return {
    calls,
    reports: () => actor.getSnapshot().context.reports.filter((e) => e.type.startsWith('request.')),
    /** What the host passes on from the live event stream. */
    said: (event: ExportRequestEvent) => request().send(event),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('export request actor', () => {
  it('polls at once, then every 3000 ms, reporting status and ticks until Ready with a url', async () => {
    const h = run([
      { statusType: 'Starting', ticks: 0 },
      { statusType: 'Processing', ticks: 40 },
      { statusType: 'Ready', url: '/f', ticks: 99 },
    ]);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 5);
    expect(h.calls.map((at) => at - (h.calls[0] ?? 0))).toEqual([0, 3000, 6000]);
    expect(h.reports()).toEqual([
      { type: 'request.progress', token: 't1', status: 'Starting', ticks: 0 },
      { type: 'request.progress', token: 't1', status: 'Processing', ticks: 40 },
      { type: 'request.ready', token: 't1', url: '/f' },
    ]);
  });

  it('reports Ready without a url as Processing and keeps polling', async () => {
    const h = run([
      { statusType: 'Ready', ticks: 7 },
      { statusType: 'Ready', url: '', ticks: 7 },
      { statusType: 'Ready', url: '/f', ticks: 7 },
    ]);
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 3);
    expect(h.reports().map((r) => (r.type === 'request.progress' ? r.status : r.type))).toEqual(['Processing', 'Processing', 'request.ready']);
  });

  it("reports 'export file not found' when the answer is not an export result, and stops polling", async () => {
    const h = run([null]);
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 3);
    expect(h.reports()).toEqual([{ type: 'request.failed', token: 't1', message: 'export file not found' }]);
    expect(h.calls).toHaveLength(1);
  });

  it("retries 'export file not ready' after 10000 ms, then 12000 ms, and carries on when the file is there", async () => {
    const notReady = new Error('export file not ready');
    const h = run([notReady, notReady, { statusType: 'Ready', url: '/f', ticks: 1 }]);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(statusRetryDelay(0));
    await vi.advanceTimersByTimeAsync(statusRetryDelay(1));
    expect(h.calls.map((at) => at - (h.calls[0] ?? 0))).toEqual([0, 10_000, 22_000]);
    expect(h.reports()).toEqual([{ type: 'request.ready', token: 't1', url: '/f' }]);
  });
});

// Issue 38, decision 0530: with the live event stream open the toast asks nothing until the stream says Ready.
describe('export request actor with the live event stream open', () => {
  it('does not poll; follows the progress the stream names and reads the status once when it says Ready', async () => {
    const stream = { open: true };
    const h = run([{ statusType: 'Ready', url: '/f', ticks: 99 }], stream);
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 10);
    expect(h.calls).toHaveLength(0);
    h.said({ type: 'export.changed', status: 'Processing' });
    h.said({ type: 'export.changed', status: 'ProcessingReady' });
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 10);
    expect(h.calls).toHaveLength(0);
    h.said({ type: 'export.changed', status: 'Ready' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.calls).toHaveLength(1);
    expect(h.reports()).toEqual([
      { type: 'request.progress', token: 't1', status: 'Processing', ticks: 0 },
      { type: 'request.progress', token: 't1', status: 'ProcessingReady', ticks: 0 },
      { type: 'request.ready', token: 't1', url: '/f' },
    ]);
  });

  it('polls again when the stream goes down, and stops polling when it is back', async () => {
    const stream = { open: true };
    const h = run([{ statusType: 'Processing', ticks: 5 }], stream);
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 2);
    expect(h.calls).toHaveLength(0);
    stream.open = false;
    h.said({ type: 'live.changed' });
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 2);
    expect(h.calls).toHaveLength(2);
    stream.open = true;
    h.said({ type: 'live.changed' });
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 5);
    expect(h.calls).toHaveLength(2);
  });

  it('a Ready named while a read is on its way asks again: that read may have left before the change', async () => {
    const slowProcessing = () => new Promise((resolve) => setTimeout(() => resolve({ statusType: 'Processing', ticks: 1 }), 1_000));
    const h = run([slowProcessing, { statusType: 'Ready', url: '/f', ticks: 2 }]);
    await vi.advanceTimersByTimeAsync(100);
    expect(h.calls).toHaveLength(1);
    h.said({ type: 'export.changed', status: 'Ready' });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.calls).toHaveLength(2);
    expect(h.reports()).toEqual([{ type: 'request.ready', token: 't1', url: '/f' }]);
  });
});
