import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { exportRequestMachine } from './export-request.machine';
import {
  EXPORT_ERROR_DISPLAY_MS,
  EXPORT_POLL_INTERVAL_MS,
  EXPORT_READY_DISPLAY_MS,
  EXPORT_START_RETRY_DELAY_MS,
  EXPORT_STATUS_RETRIES,
  statusRetryDelay,
  type ExportStorage,
  type ExportType,
} from './export-rules';
import { exportTrackerMachine, toExportStorage, type ExportStart, type ExportTrackerEvent } from './export-tracker.machine';

// The host's effects, scripted: each status call takes the next answer for its token (the last one repeats).
type Answer = unknown | Error;

function harness(options: { start?: Answer[]; status?: Record<string, Answer[]>; stopErrors?: string[]; input?: Partial<ExportStorage> } = {}) {
  const startAnswers = [...(options.start ?? [{ token: 't1' }])];
  const statusCalls: Array<{ token: string; at: number }> = [];
  const startCalls: Array<{ input: ExportStart; at: number }> = [];
  const stopCalls: string[][] = [];
  const downloads: Array<{ token: string; url: string }> = [];
  const errors: string[] = [];
  const next = (list: Answer[]) => (list.length > 1 ? list.shift() : list[0]);
  const settle = (answer: Answer) => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer));
  const machine = exportTrackerMachine.provide({
    actors: {
      startExport: fromPromise<unknown, ExportStart>(({ input }) => {
        startCalls.push({ input, at: Date.now() });
        return settle(next(startAnswers));
      }),
      stopExports: fromPromise<{ errors: string[] }, { tokens: string[] }>(async ({ input }) => {
        stopCalls.push(input.tokens);
        return { errors: options.stopErrors ?? [] };
      }),
      exportRequest: exportRequestMachine.provide({
        actors: {
          fetchExportStatus: fromPromise<unknown, { token: string; exportType: ExportType }>(({ input }) => {
            statusCalls.push({ token: input.token, at: Date.now() });
            return settle(next(options.status?.[input.token] ?? [{ statusType: 'Processing', ticks: 1 }]));
          }),
        },
      }),
    },
    actions: {
      download: (_, params) => void downloads.push(params),
      notifyError: (_, params) => void errors.push(params.message),
    },
  });
  const actor = createActor(machine, { input: options.input });
  actor.start();
  const storage = () => toExportStorage(actor.getSnapshot().context);
  return { actor, storage, statusCalls, startCalls, stopCalls, downloads, errors };
}

const start = (exportType: ExportType = 'TRANSACTION') =>
  ({ type: 'export.start' as const, exportType, body: { fileType: 'csv', orderColumns: ['amount'] } }) as ExportTrackerEvent;
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('export tracker: the happy path (spec 4 table)', () => {
  it('shows each status with its loader message and toast state, downloads once, then hides', async () => {
    const h = harness({
      status: {
        t1: [
          { statusType: 'Starting', ticks: 0 },
          { statusType: 'Processing', ticks: 5 },
          { statusType: 'ProcessingReady', ticks: 9 },
          { statusType: 'Ready', url: '/files/t1', ticks: 10 },
        ],
      },
    });
    expect(h.storage()).toMatchObject({ show: false, requests: [] });
    h.actor.send(start());
    expect(h.storage()).toMatchObject({ show: true, message: 'generating export file', status: 'preparing', exportStatus: 'Starting' });
    await flush();
    expect(h.storage()).toMatchObject({
      exportToken: 't1',
      requests: [{ token: 't1', exportType: 'TRANSACTION', ticks: 0, status: 'Starting' }],
      message: 'generating export file',
    });
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS);
    expect(h.storage()).toMatchObject({
      message: 'export processing',
      status: 'preparing',
      exportStatus: 'Processing',
      requests: [{ ticks: 5, status: 'Processing' }],
    });
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS);
    expect(h.storage()).toMatchObject({ message: 'preparing download', status: 'downloading', exportStatus: 'ProcessingReady' });
    expect(h.downloads).toEqual([]);
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS);
    expect(h.downloads).toEqual([{ token: 't1', url: '/files/t1' }]);
    expect(h.storage()).toMatchObject({ show: true, message: 'export ready', status: 'downloading', exportToken: null, requests: [] });
    await vi.advanceTimersByTimeAsync(EXPORT_READY_DISPLAY_MS);
    expect(h.storage()).toMatchObject({ show: false, message: null, status: null, exportToken: null, requests: [] });
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 5);
    expect(h.downloads).toHaveLength(1);
    expect(h.statusCalls).toHaveLength(4);
  });

  it('polls every 3000 ms while Starting, Processing or ProcessingReady', async () => {
    const h = harness({
      status: {
        t1: [
          { statusType: 'Starting', ticks: 0 },
          { statusType: 'Processing', ticks: 1 },
          { statusType: 'ProcessingReady', ticks: 2 },
        ],
      },
    });
    h.actor.send(start());
    await flush();
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 4);
    const gaps = h.statusCalls.slice(1).map((call, i) => call.at - (h.statusCalls[i]?.at ?? 0));
    expect(h.statusCalls).toHaveLength(5);
    expect(new Set(gaps)).toEqual(new Set([EXPORT_POLL_INTERVAL_MS]));
  });

  it('treats Ready without a url as processing and keeps polling', async () => {
    const h = harness({
      status: {
        t1: [
          { statusType: 'Ready', url: null, ticks: 3 },
          { statusType: 'Ready', url: '/files/t1', ticks: 4 },
        ],
      },
    });
    h.actor.send(start());
    await flush();
    expect(h.storage()).toMatchObject({ message: 'export processing', status: 'preparing', exportStatus: 'Processing' });
    expect(h.downloads).toEqual([]);
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS);
    expect(h.downloads).toEqual([{ token: 't1', url: '/files/t1' }]);
  });
});

describe('export tracker: failures', () => {
  it('shows the joined error messages of a Failed export, notifies, removes the request and clears the token', async () => {
    const h = harness({ status: { t1: [{ statusType: 'Failed', errorMessages: ['disk full', 'try later'], ticks: 0 }] } });
    h.actor.send(start());
    await flush();
    expect(h.storage()).toMatchObject({
      show: true,
      status: 'error',
      exportStatus: 'Failed',
      message: 'disk full\ntry later',
      exportToken: null,
      requests: [],
    });
    expect(h.errors).toEqual(['disk full\ntry later']);
    await vi.advanceTimersByTimeAsync(EXPORT_ERROR_DISPLAY_MS);
    expect(h.storage()).toMatchObject({ show: false });
    expect(h.statusCalls).toHaveLength(1);
  });

  it("shows 'export failed' for a Failed export without messages, and 'Request cancelled' for a cancelled one", async () => {
    const h = harness({
      start: [{ token: 't1' }, { token: 't2' }],
      status: { t1: [{ statusType: 'Failed', errorMessages: [] }], t2: [{ statusType: 'Failed', errorMessages: ['Request cancelled'] }] },
    });
    h.actor.send(start());
    await flush();
    expect(h.storage().message).toBe('export failed');
    h.actor.send(start('PAYOUT'));
    await flush();
    expect(h.storage()).toMatchObject({ message: 'Request cancelled', status: 'error' });
  });

  it.each([[undefined], ['a string'], [{ unexpected: true }]])("shows 'export file not found' when the status call gives no result (%j)", async (answer) => {
    const h = harness({ status: { t1: [answer] } });
    h.actor.send(start());
    await flush();
    expect(h.storage()).toMatchObject({ message: 'export file not found', status: 'error', requests: [] });
    expect(h.errors).toEqual(['export file not found']);
  });

  it('fails with the error of any other status failure', async () => {
    const h = harness({ status: { t1: [new Error('Request failed with status: 500')] } });
    h.actor.send(start());
    await flush();
    expect(h.storage()).toMatchObject({ message: 'Request failed with status: 500', status: 'error' });
  });

  it("retries 'export file not ready' up to 20 times, 10000 ms plus 2000 ms per retry apart, then fails", async () => {
    const h = harness({ status: { t1: [new Error('export file not ready')] } });
    h.actor.send(start());
    await flush();
    for (let retry = 0; retry < EXPORT_STATUS_RETRIES; retry++) {
      await vi.advanceTimersByTimeAsync(statusRetryDelay(retry) - 1);
      expect(h.statusCalls).toHaveLength(retry + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.statusCalls).toHaveLength(retry + 2);
    }
    expect(h.statusCalls).toHaveLength(21);
    expect(h.storage()).toMatchObject({ message: 'export file not ready', status: 'error', requests: [] });
    expect(statusRetryDelay(0)).toBe(10_000);
    expect(statusRetryDelay(1)).toBe(12_000);
  });

  it("counts 'export file not ready' retries afresh after a good answer", async () => {
    const notReady = new Error('export file not ready');
    const h = harness({ status: { t1: [notReady, { statusType: 'Processing', ticks: 1 }, notReady, { statusType: 'Ready', url: '/f', ticks: 2 }] } });
    h.actor.send(start());
    await flush();
    await vi.advanceTimersByTimeAsync(statusRetryDelay(0));
    expect(h.storage().exportStatus).toBe('Processing');
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS);
    await vi.advanceTimersByTimeAsync(statusRetryDelay(0));
    expect(h.downloads).toEqual([{ token: 't1', url: '/f' }]);
  });
});

describe('export tracker: starting', () => {
  it('retries the start call 3 times, 1000 ms apart, then shows the error as Failed with no token', async () => {
    const h = harness({ start: [new Error('server unavailable')] });
    h.actor.send(start());
    await flush();
    for (let retry = 1; retry <= 3; retry++) {
      expect(h.storage()).toMatchObject({ status: 'preparing', message: 'generating export file' });
      await vi.advanceTimersByTimeAsync(EXPORT_START_RETRY_DELAY_MS);
    }
    expect(h.startCalls.map((c) => c.at - (h.startCalls[0]?.at ?? 0))).toEqual([0, 1000, 2000, 3000]);
    expect(h.storage()).toMatchObject({ show: true, status: 'error', exportStatus: 'Failed', message: 'server unavailable', exportToken: null, requests: [] });
    expect(h.errors).toEqual(['server unavailable']);
    await vi.advanceTimersByTimeAsync(EXPORT_START_RETRY_DELAY_MS * 5);
    expect(h.startCalls).toHaveLength(4);
  });

  it('succeeds when a retry gets a token', async () => {
    const h = harness({ start: [new Error('busy'), new Error('busy'), 'tok-3'] });
    h.actor.send(start());
    await vi.advanceTimersByTimeAsync(EXPORT_START_RETRY_DELAY_MS * 2);
    expect(h.startCalls).toHaveLength(3);
    expect(h.storage()).toMatchObject({ exportToken: 'tok-3', requests: [{ token: 'tok-3' }] });
    expect(h.errors).toEqual([]);
  });

  it("fails with 'failed to generate export token' when the answer has no token", async () => {
    const h = harness({ start: [{ token: '' }] });
    h.actor.send(start());
    await vi.advanceTimersByTimeAsync(EXPORT_START_RETRY_DELAY_MS * 3);
    expect(h.startCalls).toHaveLength(4);
    expect(h.storage()).toMatchObject({ message: 'failed to generate export token', status: 'error', exportToken: null });
  });

  it('passes the export type and body to the start call', async () => {
    const h = harness();
    h.actor.send({ type: 'export.start', exportType: 'PAYOUT', body: { fileType: 'xlsx', orderColumns: ['amount'] } });
    await flush();
    expect(h.startCalls[0]?.input).toEqual({ exportType: 'PAYOUT', body: { fileType: 'xlsx', orderColumns: ['amount'] } });
  });

  it('discards the previous token when a new export starts: the old request is removed and no longer polled', async () => {
    const h = harness({ start: [{ token: 'old' }, { token: 'new' }] });
    h.actor.send(start());
    await flush();
    h.actor.send(start());
    await flush();
    expect(h.storage()).toMatchObject({ exportToken: 'new', requests: [{ token: 'new' }] });
    const before = h.statusCalls.filter((c) => c.token === 'old').length;
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 3);
    expect(h.statusCalls.filter((c) => c.token === 'old')).toHaveLength(before);
    expect(h.statusCalls.filter((c) => c.token === 'new').length).toBeGreaterThan(1);
  });
});

describe('export tracker: cancel (payout exports only, while preparing)', () => {
  it('stops each pending token, then removes all requests and hides the loader', async () => {
    const h = harness({ start: [{ token: 'p1' }] });
    h.actor.send(start('PAYOUT'));
    await flush();
    expect(h.actor.getSnapshot().can({ type: 'export.cancel' })).toBe(true);
    h.actor.send({ type: 'export.cancel' });
    await flush();
    expect(h.stopCalls).toEqual([['p1']]);
    expect(h.storage()).toMatchObject({ show: false, requests: [], exportToken: null });
    const calls = h.statusCalls.length;
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 3);
    expect(h.statusCalls).toHaveLength(calls);
    expect(h.errors).toEqual([]);
  });

  it('reports the errors of the stop calls', async () => {
    const h = harness({ start: [{ token: 'p1' }], stopErrors: ['export not found'] });
    h.actor.send(start('PAYOUT'));
    await flush();
    h.actor.send({ type: 'export.cancel' });
    await flush();
    expect(h.errors).toEqual(['export not found']);
    expect(h.storage()).toMatchObject({ show: false, requests: [] });
  });

  it('is not offered for transaction exports, nor once the download is being prepared', async () => {
    const t = harness();
    t.actor.send(start('TRANSACTION'));
    await flush();
    expect(t.actor.getSnapshot().can({ type: 'export.cancel' })).toBe(false);
    t.actor.send({ type: 'export.cancel' });
    await flush();
    expect(t.stopCalls).toEqual([]);
    expect(t.storage().requests).toHaveLength(1);

    const p = harness({ status: { t1: [{ statusType: 'ProcessingReady', ticks: 1 }] } });
    p.actor.send(start('PAYOUT'));
    await flush();
    expect(p.storage().status).toBe('downloading');
    expect(p.actor.getSnapshot().can({ type: 'export.cancel' })).toBe(false);
  });
});

describe('export tracker: export-storage survives a reload', () => {
  it('resumes polling a restored request and downloads it exactly once', async () => {
    const first = harness({ status: { t1: [{ statusType: 'Processing', ticks: 4 }] } });
    first.actor.send(start());
    await flush();
    const saved: ExportStorage = JSON.parse(JSON.stringify(first.storage()));
    first.actor.stop();
    expect(saved).toMatchObject({ show: true, exportToken: 't1', requests: [{ token: 't1', status: 'Processing', ticks: 4 }] });

    const second = harness({ input: saved, status: { t1: [{ statusType: 'Ready', url: '/files/t1', ticks: 9 }] } });
    expect(second.storage()).toMatchObject({ show: true, message: 'export processing', status: 'preparing', exportToken: 't1' });
    await flush();
    expect(second.downloads).toEqual([{ token: 't1', url: '/files/t1' }]);
    const afterDownload: ExportStorage = JSON.parse(JSON.stringify(second.storage()));
    expect(afterDownload.requests).toEqual([]);
    second.actor.stop();

    const third = harness({ input: afterDownload, status: { t1: [{ statusType: 'Ready', url: '/files/t1', ticks: 9 }] } });
    await vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS * 3);
    expect(third.downloads).toEqual([]);
    expect(third.statusCalls).toEqual([]);
    expect(third.storage().show).toBe(false);
  });

  it('hides a stored toast that has no request left to follow', () => {
    const h = harness({
      input: { requests: [], show: true, message: 'generating export file', status: 'preparing', exportStatus: 'Starting', exportToken: null },
    });
    expect(h.storage()).toMatchObject({ show: false, message: null });
  });

  it('lets the user dismiss an error', async () => {
    const h = harness({ status: { t1: [{ statusType: 'Failed', errorMessages: ['boom'] }] } });
    h.actor.send(start());
    await flush();
    h.actor.send({ type: 'export.dismiss' });
    expect(h.storage().show).toBe(false);
  });
});
