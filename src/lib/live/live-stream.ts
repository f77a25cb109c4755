import type { LiveConnectionEvent } from '../../../machines/live-connection.machine';

// Apart from the feed (./live-feed.ts) so that the session, on the first load, carries only this: the
// feed, its status and the stale keys load with the signed-in screens that listen (decision 0571).

/**
 * The stream for the live connection machine. The EventSource and the contract's schemas are
 * fetched on first use (live-source.ts), so the sign-in page does not carry them.
 */
export function openLiveStream(sendBack: (event: LiveConnectionEvent) => void, input: { lastEventId: string | null }): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  void import('./live-source')
    .then(({ openLiveSource }) => {
      if (!stopped) stop = openLiveSource(sendBack, input);
    })
    .catch(() => sendBack({ type: 'live.failed' }));
  return () => {
    stopped = true;
    stop?.();
  };
}
