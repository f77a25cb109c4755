import { assign, fromCallback, setup, type SnapshotFrom } from 'xstate';

/*
 * The live event stream's connection in the browser (issue 38, decision 0442), hosted by the session
 * machine while someone is signed in: connecting, open, retrying with a growing wait, offline while
 * the browser says it has no network, closed for good at sign-out. The host provides the stream
 * itself (an EventSource, src/lib/live/); it reports `live.opened`, `live.received` with each event's
 * position, and `live.failed`. Reconnecting passes the last position on, so the server resumes after
 * it and nothing is missed across a short drop. While the connection is not open the screens poll as
 * before; the host says "live updates paused".
 */

/** The first wait after a drop; each further failure doubles it, up to the cap. */
export const LIVE_RETRY_BASE_MS = 1_000;
export const LIVE_RETRY_MAX_MS = 30_000;

export function liveRetryDelayMs(failures: number): number {
  return Math.min(LIVE_RETRY_MAX_MS, LIVE_RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

export interface LiveConnectionContext {
  /** The position of the last event received: sent again as Last-Event-ID when reconnecting. */
  lastEventId: string | null;
  /** Failures since the stream was last open: how long the next wait is. */
  failures: number;
}

export type LiveConnectionEvent =
  | { type: 'live.opened'; lastEventId: string | null }
  | { type: 'live.received'; lastEventId: string }
  | { type: 'live.failed' }
  | { type: 'live.offline' }
  | { type: 'live.online' }
  | { type: 'live.close' };

export const liveConnectionMachine = setup({
  types: {} as { context: LiveConnectionContext; events: LiveConnectionEvent },
  actors: {
    /** Host: opens the stream from `lastEventId` and reports opened / received / failed; closes it when stopped. */
    stream: fromCallback<LiveConnectionEvent, { lastEventId: string | null }>(() => () => undefined),
  },
  actions: {
    rememberPosition: assign({
      lastEventId: ({ context, event }) => ('lastEventId' in event && event.lastEventId !== null ? event.lastEventId : context.lastEventId),
    }),
  },
  delays: {
    retryDelay: ({ context }) => liveRetryDelayMs(context.failures),
  },
}).createMachine({
  id: 'liveConnection',
  description: 'Live updates: the event stream of the signed-in browser, reconnecting from its last event',
  initial: 'connected',
  context: { lastEventId: null, failures: 0 },
  on: {
    'live.close': '.closed',
  },
  states: {
    connected: {
      description: 'The stream is asked for and kept open; it resumes after the last event received',
      invoke: {
        id: 'stream',
        src: 'stream',
        input: ({ context }) => ({ lastEventId: context.lastEventId }),
      },
      initial: 'connecting',
      on: {
        'live.offline': '#liveConnection.offline',
        'live.failed': { target: '#liveConnection.retrying', actions: assign({ failures: ({ context }) => context.failures + 1 }) },
      },
      states: {
        connecting: {
          on: { 'live.opened': { target: 'open', actions: ['rememberPosition', assign({ failures: 0 })] } },
        },
        open: {
          on: { 'live.received': { actions: 'rememberPosition' } },
        },
      },
    },
    retrying: {
      description: 'Waits longer after each failure (1 s, 2 s, 4 s … 30 s), then connects again',
      after: { retryDelay: 'connected' },
      on: { 'live.offline': 'offline', 'live.online': 'connected' },
    },
    offline: {
      description: 'The browser has no network: nothing is tried until it is back',
      on: { 'live.online': 'connected' },
    },
    closed: {
      description: 'Signed out: the stream is closed for good',
      type: 'final',
    },
  },
});

/** Whether the screens hear changes as they happen (otherwise they poll, and say live updates are paused). */
export function isLive(state: SnapshotFrom<typeof liveConnectionMachine>): boolean {
  return state.matches({ connected: 'open' });
}
