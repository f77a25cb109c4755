import { assign, fromPromise, sendParent, setup } from 'xstate';
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
 */
export const exportRequestMachine = setup({
  types: {} as {
    input: TrackedExportRequest;
    context: ExportRequestContext;
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
  initial: 'checking',
  states: {
    checking: {
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
    waiting: { after: { pollInterval: 'checking' } },
    retryWaiting: { after: { notReadyRetryDelay: 'checking' } },
    ready: { type: 'final', entry: 'reportReady' },
    failed: { type: 'final', entry: 'reportFailure' },
  },
});
