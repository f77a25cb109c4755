import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { exportEndpoints } from '../../contract/exports';
import { refundEndpoints } from '../../contract/refunds';
import { settlementEndpoints } from '../../contract/settlement';
import { exportRequestMachine, type ExportRequestEvent } from '../../machines/export-request.machine';
import { EMPTY_EXPORT_STORAGE, EXPORT_MESSAGES, EXPORT_STORAGE_KEY, exportMessageKey, type ExportStorage, type ExportType } from '../../machines/export-rules';
import { exportTrackerMachine, toExportStorage, type ExportStart } from '../../machines/export-tracker.machine';
import { call } from './api-client';
import { sentenceCase } from './sentence-case';
import { i18next } from '../i18n/i18n';
import { notifyError } from './notifications/notify';
import { liveStatus, onLiveFeed, onLiveStatus } from './live/live-feed';

// The React host of the export machines (spec 4): provides their effects (the api calls, the
// one-time download, notifications) and persists the tracker's store in localStorage
// `export-storage`, so a reload restores it and resumes polling. It lives in src/lib because both
// the tables (which start exports) and the export toast (which follows them) use it, and features
// never import each other (decision 0134).

const { startOrderExport, getOrderExport, startPayoutExport, getPayoutExport, stopPayoutExport } = exportEndpoints;
const { startRefundExport, getRefundExport } = refundEndpoints;
const { startSettlementExport, getSettlementExport } = settlementEndpoints;

function endpointsOf(exportType: ExportType) {
  if (exportType === 'TRANSACTION') return { start: startOrderExport, status: getOrderExport };
  if (exportType === 'PAYOUT') return { start: startPayoutExport, status: getPayoutExport };
  if (exportType === 'SETTLEMENT') return { start: startSettlementExport, status: getSettlementExport };
  return { start: startRefundExport, status: getRefundExport };
}

function readStorage(): Partial<ExportStorage> | undefined {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(EXPORT_STORAGE_KEY) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return undefined;
    const requests = (parsed as ExportStorage).requests;
    return { ...EMPTY_EXPORT_STORAGE, requests: Array.isArray(requests) ? requests.filter((r) => r && typeof r.token === 'string') : [] };
  } catch {
    return undefined;
  }
}

// While the page unloads the browser aborts the pending status call; the request actor would take that
// for a failure and drop the request. What is stored before the unload is what the next page resumes.
let unloading = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => (unloading = true));
  window.addEventListener('pagehide', () => (unloading = true));
  window.addEventListener('pageshow', () => (unloading = false));
}

function writeStorage(storage: ExportStorage): void {
  if (unloading) return;
  try {
    window.localStorage.setItem(EXPORT_STORAGE_KEY, JSON.stringify(storage));
  } catch {
    // Storage full or blocked: the export still runs in this page, it just will not survive a reload.
  }
}

/** Spec 8: notifications use the error's message, or the common 'error' text; catalogue messages in their English words. */
function notifyExportError(message: string): void {
  const key = message ? exportMessageKey(message) : undefined;
  // Through the queue like every notification: at most 5 on screen (spec 9).
  notifyError(key ? i18next.t(`exports.messages.${key}`) : sentenceCase(message || i18next.t('common.error')));
}

/** The browser saves the file from the one-time url (same origin, served as an attachment). */
function download(url: string): void {
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.rel = 'noopener';
    anchor.download = '';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } catch (error) {
    notifyExportError(error instanceof Error && error.message ? error.message : EXPORT_MESSAGES.failed);
  }
}

const hostedMachine = exportTrackerMachine.provide({
  actors: {
    startExport: fromPromise<unknown, ExportStart>(({ input, signal }) => {
      // xlsx date cells show the clock where the user is, as the table does (decision 0202).
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (input.exportType === 'TRANSACTION') return call(startOrderExport, { body: { ...input.body, timeZone }, signal });
      if (input.exportType === 'PAYOUT') return call(startPayoutExport, { body: { ...input.body, timeZone }, signal });
      if (input.exportType === 'SETTLEMENT') return call(startSettlementExport, { body: { ...input.body, timeZone }, signal });
      return call(startRefundExport, { body: { ...input.body, timeZone }, signal });
    }),
    stopExports: fromPromise<{ errors: string[] }, { tokens: string[] }>(async ({ input }) => {
      const results = await Promise.allSettled(input.tokens.map((token) => call(stopPayoutExport, { params: { token } })));
      return {
        errors: results.flatMap((result) =>
          result.status === 'rejected' ? [result.reason instanceof Error && result.reason.message ? result.reason.message : i18next.t('common.error')] : [],
        ),
      };
    }),
    exportRequest: exportRequestMachine.provide({
      // While the live event stream is open the request listens instead of polling (decision 0530).
      guards: { streamOpen: () => liveStatus() === 'live' },
      actors: {
        fetchExportStatus: fromPromise<unknown, { token: string; exportType: ExportType }>(({ input, signal }) =>
          call(endpointsOf(input.exportType).status, { params: { token: input.token }, signal }),
        ),
      },
    }),
  },
  actions: {
    download: (_, params) => download(params.url),
    notifyError: (_, params) => notifyExportError(params.message),
  },
});

let tracker: ActorRefFrom<typeof exportTrackerMachine> | undefined;

/**
 * The statuses the stream named lately, by token. The stream may name a quick export's Ready before
 * the start call's answer gave the page its token; the request, once it exists, is told then.
 */
const heard = new Map<string, ExportRequestEvent & { type: 'export.changed' }>();
const HEARD_KEPT = 50;

function tellRequest(token: string, event: ExportRequestEvent): void {
  tracker?.getSnapshot().children[token]?.send(event);
}

// Live updates (issue 38): the export toast follows its export from the stream, not by polling.
onLiveFeed((item) => {
  if (item.kind === 'resync') {
    // Events may have been missed: each request reads its status once.
    for (const token of Object.keys(tracker?.getSnapshot().children ?? {})) tellRequest(token, { type: 'export.changed' });
    return;
  }
  if (item.event.type !== 'export') return;
  const event = { type: 'export.changed', status: item.event.status } as const;
  heard.delete(item.event.token);
  heard.set(item.event.token, event);
  if (heard.size > HEARD_KEPT) heard.delete(heard.keys().next().value as string);
  tellRequest(item.event.token, event);
});
onLiveStatus(() => {
  for (const token of Object.keys(tracker?.getSnapshot().children ?? {})) tellRequest(token, { type: 'live.changed' });
});

/** The one export tracker of this page, restored from export-storage on first use. */
export function exportTracker(): ActorRefFrom<typeof exportTrackerMachine> {
  if (tracker) return tracker;
  const actor = createActor(hostedMachine, { input: readStorage() });
  let last = '';
  const known = new Set<string>();
  actor.subscribe((snapshot) => {
    // A request that has just begun hears what the stream already said of its export.
    for (const token of Object.keys(snapshot.children)) {
      if (known.has(token)) continue;
      known.add(token);
      const said = heard.get(token);
      if (said) snapshot.children[token]?.send(said);
    }
    const text = JSON.stringify(toExportStorage(snapshot.context));
    if (text !== last) writeStorage(JSON.parse(text) as ExportStorage);
    last = text;
    // The tracker's top-level state on <html data-export-tracker>: observable by support tools and
    // end-to-end tests, which wait for "idle" (nothing left to follow) instead of waiting a fixed time.
    document.documentElement.dataset.exportTracker = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  });
  actor.start();
  writeStorage(toExportStorage(actor.getSnapshot().context));
  tracker = actor;
  return actor;
}

export function startExport(start: ExportStart): void {
  exportTracker().send({ type: 'export.start', ...start });
}

export interface ExportToastView extends ExportStorage {
  canCancel: boolean;
  exportType: ExportType | undefined;
}

/** What the export toast shows, re-rendering on every change of the tracker. */
export function useExportToastView(): ExportToastView {
  // A new tracker after a reset (sign-out) re-renders the toast with it.
  useSyncExternalStore(onTrackerReplaced, () => generation);
  return useSelector(
    exportTracker(),
    (snapshot) => {
      const context = snapshot.context;
      const exportType = context.requests.find((r) => r.token === context.exportToken)?.exportType ?? context.pending?.exportType;
      return { ...toExportStorage(context), canCancel: snapshot.can({ type: 'export.cancel' }), exportType };
    },
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
}

let generation = 0;
const replacedListeners = new Set<() => void>();

function onTrackerReplaced(listener: () => void): () => void {
  replacedListeners.add(listener);
  return () => replacedListeners.delete(listener);
}

/** For sign-out: forget the tracked exports (their tokens belong to the user who leaves). */
export function resetExportTracker(): void {
  tracker?.stop();
  tracker = undefined;
  try {
    window.localStorage.removeItem(EXPORT_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
  generation++;
  for (const listener of replacedListeners) listener();
}
