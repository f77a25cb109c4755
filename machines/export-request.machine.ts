import { assign, fromPromise, not, sendParent, setup } from 'xstate';
import {
  EXPORT_MESSAGES,
  EXPORT_POLL_INTERVAL_MS,
  EXPORT_STATUS_RETRIES,
  errorText,
  failedMessage,
  isExportResult,
  statusRetryDelay,
  type ExportResult,
  type ExportStatus,
  type ExportType,
  type TrackedExportRequest,
} from './export-rules';

/** What a request actor tells its parent (the export tracker). */
export type ExportRequestReport =
  | { type: 'request.progress'; token: string; status: ExportStatus; ticks: number }
  | { type: 'request.ready'; token: string; url: string }
  | { type: 'request.failed'; token: string; message: string };

/**
 * What the host tells a request actor (issue 38, decision 0530): the live event stream named a new
 * status for its export (`status` absent: the stream lost track, ask once), or the stream opened or
 * went down (`live.changed`; the `streamOpen` guard says which).
 */
export type ExportRequestEvent = { type: 'export.changed'; status?: ExportStatus } | { type: 'live.changed' };

/** A status the stream names that only a read of the status call can follow: the file's link, or why it failed. */
function needsRead(event: ExportRequestEvent): boolean {
  return event.type === 'export.changed' && (event.status === undefined || event.status === 'Ready' || event.status === 'Failed');
}

export interface ExportRequestContext {
  request: TrackedExportRequest;
  /** 'export file not ready' answers retried so far (spec 9: up to 20). */
  notReadyRetries: number;
  url: string | null;
  failure: string | null;
}

function resultOf(output: unknown): ExportResult | undefined {
  return isExportResult(output) ? output : undefined;
}

/**
 * One tracked export request (spec 3, spec 4 "Export status"): polls its token's status every
 * 3000 ms while Starting, Processing or ProcessingReady, and reports progress, Ready-with-url or
 * a failure to the parent. The status call is the host's `fetchExportStatus` actor.
 *
 * While the live event stream is open (the host's `streamOpen` guard, decision 0530) it does not poll:
 * it listens, follows the progress the stream names, and reads the status once when the stream says
 * Ready or Failed (the link and the failure's messages are the status call's). When the stream goes
 * down it polls again.
 */
export const exportRequestMachine = setup({
  types: {} as {
    input: TrackedExportRequest;
    context: ExportRequestContext;
    events: ExportRequestEvent;
  },
  actors: {
    /** Resolves with the export result (anything not shaped like one counts as no result). */
    fetchExportStatus: fromPromise<unknown, { token: string; exportType: ExportType }>(async () => {
      throw new Error('fetchExportStatus is provided by the host');
    }),
  },
  delays: {
    pollInterval: EXPORT_POLL_INTERVAL_MS,
    notReadyRetryDelay: ({ context }) => statusRetryDelay(context.notReadyRetries - 1),
  },
  guards: {
    /** Host: whether the live event stream is open now (no stream by default: the spec's polling). */
    streamOpen: () => false,
    needsRead: ({ event }) => needsRead(event),
    noResult: ({ event }) => resultOf((event as { output?: unknown }).output) === undefined,
    readyWithUrl: ({ event }) => {
      const result = resultOf((event as { output?: unknown }).output);
      return result?.statusType === 'Ready' && typeof result.url === 'string' && result.url !== '';
    },
    isFailed: ({ event }) => resultOf((event as { output?: unknown }).output)?.statusType === 'Failed',
    notReadyRetryLeft: ({ context, event }) =>
      errorText((event as { error?: unknown }).error) === EXPORT_MESSAGES.notReady && context.notReadyRetries < EXPORT_STATUS_RETRIES,
  },
  actions: {
    reportProgress: sendParent(({ context }): ExportRequestReport => ({
      type: 'request.progress',
      token: context.request.token,
      status: context.request.status,
      ticks: context.request.ticks,
    })),
    reportReady: sendParent(({ context }): ExportRequestReport => ({
      type: 'request.ready',
      token: context.request.token,
      url: context.url ?? '',
    })),
    reportFailure: sendParent(({ context }): ExportRequestReport => ({
      type: 'request.failed',
      token: context.request.token,
      message: context.failure ?? EXPORT_MESSAGES.failed,
    })),
  },
}).createMachine({
  id: 'exportRequest',
  description: 'One tracked export request: polls its status until Ready with a url, or Failed',
  context: ({ input }) => ({ request: input, notReadyRetries: 0, url: null, failure: null }),
  initial: 'beginning',
  states: {
    beginning: {
      description: 'A new export is Starting: with the stream open there is nothing to ask yet',
      always: [{ guard: 'streamOpen', target: 'listening' }, { target: 'checking' }],
    },
    checking: {
      // Ready or Failed named while a read is on its way: that read may have left before the change; ask again.
      on: { 'export.changed': { guard: 'needsRead', target: 'checking', reenter: true } },
      invoke: {
        id: 'status',
        src: 'fetchExportStatus',
        input: ({ context }) => ({ token: context.request.token, exportType: context.request.exportType }),
        onDone: [
          { guard: 'noResult', target: 'failed', actions: assign({ failure: EXPORT_MESSAGES.notFound }) },
          {
            guard: 'readyWithUrl',
            target: 'ready',
            actions: assign({
              url: ({ event }) => resultOf(event.output)?.url ?? null,
              request: ({ context, event }) => ({ ...context.request, status: 'Ready', ticks: resultOf(event.output)?.ticks ?? context.request.ticks }),
            }),
          },
          {
            guard: 'isFailed',
            target: 'failed',
            actions: assign({ failure: ({ event }) => failedMessage(resultOf(event.output) as ExportResult) }),
          },
          {
            // Starting, Processing, ProcessingReady, and Ready without url (spec 4: treated as processing).
            target: 'waiting',
            actions: [
              assign({
                notReadyRetries: 0,
                request: ({ context, event }) => {
                  const result = resultOf(event.output) as ExportResult;
                  const status = result.statusType === 'Ready' ? 'Processing' : result.statusType;
                  return { ...context.request, status, ticks: result.ticks ?? context.request.ticks };
                },
              }),
              'reportProgress',
            ],
          },
        ],
        onError: [
          {
            guard: 'notReadyRetryLeft',
            target: 'retryWaiting',
            actions: assign({ notReadyRetries: ({ context }) => context.notReadyRetries + 1 }),
          },
          { target: 'failed', actions: assign({ failure: ({ event }) => errorText(event.error) }) },
        ],
      },
    },
    waiting: {
      always: { guard: 'streamOpen', target: 'listening' },
      after: { pollInterval: 'checking' },
      on: { 'export.changed': { guard: 'needsRead', target: 'checking' } },
    },
    listening: {
      description: 'The live event stream is open: no polling; its events say when to read the status',
      on: {
        'export.changed': [
          { guard: 'needsRead', target: 'checking' },
          {
            actions: [
              assign({ request: ({ context, event }) => ({ ...context.request, status: (event as { status: ExportStatus }).status }) }),
              'reportProgress',
            ],
          },
        ],
        'live.changed': { guard: not('streamOpen'), target: 'waiting' },
      },
    },
    retryWaiting: { after: { notReadyRetryDelay: 'checking' } },
    ready: { type: 'final', entry: 'reportReady' },
    failed: { type: 'final', entry: 'reportFailure' },
  },
});
