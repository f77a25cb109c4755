import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { exportRequestMachine, type ExportRequestReport } from './export-request.machine';
import type { OrderExportBody, PayoutExportBody } from '../contract/exports';
import type { RefundExportBody } from '../contract/refunds';
import type { SettlementExportBody } from '../contract/settlement';
import {
  EMPTY_EXPORT_STORAGE,
  EXPORT_ERROR_DISPLAY_MS,
  EXPORT_MESSAGES,
  EXPORT_READY_DISPLAY_MS,
  EXPORT_START_RETRIES,
  EXPORT_START_RETRY_DELAY_MS,
  errorText,
  pollingDisplay,
  type ExportStorage,
  type TrackedExportRequest,
} from './export-rules';

/** What the host needs to start an export: its type and the body of the start call (filter, columns, file type). */
export type ExportStart =
  | { exportType: 'TRANSACTION'; body: OrderExportBody }
  | { exportType: 'PAYOUT'; body: PayoutExportBody }
  | { exportType: 'REFUND'; body: RefundExportBody }
  | { exportType: 'SETTLEMENT'; body: SettlementExportBody };

export type ExportTrackerEvent = ({ type: 'export.start' } & ExportStart) | { type: 'export.cancel' } | { type: 'export.dismiss' } | ExportRequestReport;

export interface ExportTrackerContext extends ExportStorage {
  /** The export being started (not persisted: a reload during the start call loses it, the token was never known). */
  pending: ExportStart | null;
  /** Start calls that failed so far for `pending`. */
  startFailures: number;
}

const hidden = { show: false, message: null, status: null, exportStatus: null, exportToken: null } as const;

function current(context: ExportTrackerContext): TrackedExportRequest | undefined {
  return context.requests.find((request) => request.token === context.exportToken);
}

/**
 * The export lifecycle (spec 4 "Export status" and rules, spec 5, spec 8, spec 9). Owns the
 * `export-storage` store: its context is that store, which the host persists on every change and
 * passes back as `input` after a reload, so polling resumes and each file still downloads once.
 * One `exportRequest` child per tracked request polls the status; effects are the host's:
 * actors `startExport`, `stopExports`, `exportRequest` (with its `fetchExportStatus`), actions
 * `download` (the one-time url) and `notifyError` (a red notification).
 */
export const exportTrackerMachine = setup({
  types: {} as {
    input: Partial<ExportStorage> | undefined;
    context: ExportTrackerContext;
    events: ExportTrackerEvent;
  },
  actors: {
    exportRequest: exportRequestMachine,
    /** Resolves with the start call's answer; a token is read from `{ token }` or a plain string. */
    startExport: fromPromise<unknown, ExportStart>(async () => {
      throw new Error('startExport is provided by the host');
    }),
    /** Calls the stop call for every token; resolves with the messages of the calls that failed. */
    stopExports: fromPromise<{ errors: string[] }, { tokens: string[] }>(async () => {
      throw new Error('stopExports is provided by the host');
    }),
  },
  delays: {
    startRetryDelay: EXPORT_START_RETRY_DELAY_MS,
    readyDisplay: EXPORT_READY_DISPLAY_MS,
    errorDisplay: EXPORT_ERROR_DISPLAY_MS,
  },
  guards: {
    hasRequests: ({ context }) => context.requests.length > 0,
    hasToken: ({ event }) => tokenOf((event as { output?: unknown }).output) !== undefined,
    startRetryLeft: ({ context }) => context.startFailures < EXPORT_START_RETRIES,
    isTracked: ({ context, event }) => context.requests.some((request) => request.token === (event as { token?: string }).token),
    isCurrent: ({ context, event }) => context.exportToken === (event as { token?: string }).token,
    // Spec 4/9: cancel is offered for payout exports only, while preparing.
    canCancel: ({ context }) => current(context)?.exportType === 'PAYOUT' && context.status === 'preparing',
  },
  actions: {
    download: (_, _params: { token: string; url: string }) => undefined,
    notifyError: (_, _params: { message: string }) => undefined,
    /** Spec 4: starting a new export while a previous token exists discards the old one first. */
    discardCurrent: enqueueActions(({ context, enqueue }) => {
      if (!context.exportToken) return;
      enqueue.stopChild(context.exportToken);
      const token = context.exportToken;
      enqueue.assign({ requests: context.requests.filter((request) => request.token !== token), exportToken: null });
    }),
    spawnRestored: enqueueActions(({ context, enqueue }) => {
      for (const request of context.requests) enqueue.spawnChild('exportRequest', { id: request.token, input: request });
    }),
    stopAll: enqueueActions(({ context, enqueue }) => {
      for (const request of context.requests) enqueue.stopChild(request.token);
    }),
  },
}).createMachine({
  id: 'exportTracker',
  description: 'The export toast: starts an export, follows its tracked requests, downloads each file once, cancels payout exports',
  context: ({ input }) => {
    const requests = input?.requests ?? [];
    const last = requests.at(-1);
    const display = last ? { show: true, exportToken: last.token, exportStatus: last.status, ...pollingDisplay(last.status) } : hidden;
    return { ...EMPTY_EXPORT_STORAGE, requests, ...display, pending: null, startFailures: 0 };
  },
  initial: 'restoring',
  states: {
    // A reload resumes the requests kept in export-storage.
    restoring: {
      always: [{ guard: 'hasRequests', target: 'tracking', actions: 'spawnRestored' }, { target: 'idle' }],
    },
    idle: {
      entry: assign({ ...hidden }),
      on: { 'export.start': 'starting' },
    },
    starting: {
      entry: [
        'discardCurrent',
        assign({
          pending: ({ context, event }) =>
            event.type === 'export.start' ? ({ exportType: event.exportType, body: event.body } as ExportStart) : context.pending,
          startFailures: 0,
          show: true,
          message: EXPORT_MESSAGES.generating,
          status: 'preparing',
          exportStatus: 'Starting',
        }),
      ],
      initial: 'calling',
      on: { 'export.start': { target: 'starting', reenter: true } },
      states: {
        calling: {
          invoke: {
            id: 'start',
            src: 'startExport',
            input: ({ context }) => context.pending as ExportStart,
            onDone: [
              {
                guard: 'hasToken',
                target: '#exportTracker.tracking',
                actions: enqueueActions(({ context, event, enqueue }) => {
                  const request: TrackedExportRequest = {
                    token: tokenOf(event.output) as string,
                    exportType: (context.pending as ExportStart).exportType,
                    ticks: 0,
                    status: 'Starting',
                  };
                  enqueue.assign({ requests: [...context.requests, request], exportToken: request.token, pending: null });
                  enqueue.spawnChild('exportRequest', { id: request.token, input: request });
                }),
              },
              {
                guard: 'startRetryLeft',
                target: 'retryWaiting',
                actions: assign({ startFailures: ({ context }) => context.startFailures + 1 }),
              },
              { target: '#exportTracker.failed', actions: assign({ message: EXPORT_MESSAGES.noToken, pending: null }) },
            ],
            onError: [
              {
                guard: 'startRetryLeft',
                target: 'retryWaiting',
                actions: assign({ startFailures: ({ context }) => context.startFailures + 1 }),
              },
              // Spec 8: on final failure the error is shown, the token cleared and the status set to Failed.
              { target: '#exportTracker.failed', actions: assign({ message: ({ event }) => errorText(event.error), pending: null }) },
            ],
          },
        },
        retryWaiting: { after: { startRetryDelay: 'calling' } },
      },
    },
    tracking: {
      always: { guard: ({ context }) => context.requests.length === 0, target: 'idle' },
      on: {
        'export.start': 'starting',
        'export.cancel': { guard: 'canCancel', target: 'cancelling' },
        'request.progress': {
          guard: 'isTracked',
          actions: assign(({ context, event }) => {
            const requests = context.requests.map((request) =>
              request.token === event.token ? { ...request, status: event.status, ticks: event.ticks } : request,
            );
            if (event.token !== context.exportToken) return { requests };
            return { requests, exportStatus: event.status, ...pollingDisplay(event.status) };
          }),
        },
        // Spec 4: each token is downloaded once; after download the request is removed.
        'request.ready': {
          guard: 'isTracked',
          target: 'delivered',
          actions: [
            { type: 'download', params: ({ event }) => ({ token: event.token, url: event.url }) },
            assign({ requests: ({ context, event }) => context.requests.filter((request) => request.token !== event.token) }),
          ],
        },
        'request.failed': [
          {
            guard: 'isCurrent',
            target: 'failed',
            actions: assign({
              requests: ({ context, event }) => context.requests.filter((request) => request.token !== event.token),
              message: ({ event }) => event.message,
            }),
          },
          {
            guard: 'isTracked',
            actions: [
              { type: 'notifyError', params: ({ event }) => ({ message: event.message }) },
              assign({ requests: ({ context, event }) => context.requests.filter((request) => request.token !== event.token) }),
            ],
          },
        ],
      },
    },
    // 'export ready' stays on the toast for a moment while the browser saves the file.
    delivered: {
      entry: assign({ show: true, message: EXPORT_MESSAGES.ready, status: 'downloading', exportStatus: 'Ready', exportToken: null }),
      after: { readyDisplay: [{ guard: 'hasRequests', target: 'tracking' }, { target: 'idle' }] },
      on: { 'export.start': 'starting' },
    },
    // Spec 4: Failed shows an error notification, removes the request and clears the token.
    failed: {
      entry: [
        assign({ show: true, status: 'error', exportStatus: 'Failed', exportToken: null }),
        { type: 'notifyError', params: ({ context }) => ({ message: context.message ?? EXPORT_MESSAGES.failed }) },
      ],
      after: { errorDisplay: [{ guard: 'hasRequests', target: 'tracking' }, { target: 'idle' }] },
      on: { 'export.start': 'starting', 'export.dismiss': [{ guard: 'hasRequests', target: 'tracking' }, { target: 'idle' }] },
    },
    // Spec 4: cancel calls stop for each pending token, reports errors, then removes all requests and hides the loader.
    cancelling: {
      entry: 'stopAll',
      invoke: {
        id: 'stop',
        src: 'stopExports',
        input: ({ context }) => ({ tokens: context.requests.map((request) => request.token) }),
        onDone: {
          target: 'idle',
          actions: [
            enqueueActions(({ event, enqueue }) => {
              for (const message of event.output.errors) enqueue({ type: 'notifyError', params: { message } });
            }),
            assign({ requests: [] }),
          ],
        },
        onError: {
          target: 'idle',
          actions: [{ type: 'notifyError', params: ({ event }) => ({ message: errorText(event.error) }) }, assign({ requests: [] })],
        },
      },
    },
  },
});

/** The token of a start answer: `{ token }` or the token itself. */
export function tokenOf(output: unknown): string | undefined {
  if (typeof output === 'string') return output.trim() || undefined;
  if (output && typeof output === 'object') {
    const token = (output as { token?: unknown }).token;
    if (typeof token === 'string' && token.trim()) return token;
  }
  return undefined;
}

/** The part of the context that goes to localStorage `export-storage`. */
export function toExportStorage(context: ExportTrackerContext): ExportStorage {
  const { requests, show, message, status, exportStatus, exportToken } = context;
  return { requests, show, message, status, exportStatus, exportToken };
}
