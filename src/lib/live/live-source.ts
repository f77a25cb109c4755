import { LIVE_SSE_EVENTS, liveEndpoints, LiveEventSchema } from '../../../contract/live-events';
import type { LiveConnectionEvent } from '../../../machines/live-connection.machine';
import { publishLiveFeed, setLiveStatus } from './live-feed';

/**
 * The stream for the live connection machine: an EventSource from the last position, sending the
 * access-token cookie (an EventSource cannot send a header). The browser's own reconnecting is cut
 * short (closed on the first error): the machine decides when to try again, with its backoff.
 */
export function openLiveSource(sendBack: (event: LiveConnectionEvent) => void, input: { lastEventId: string | null }): () => void {
  const url = new URL(liveEndpoints.liveEvents.path, window.location.origin);
  if (input.lastEventId) url.searchParams.set('lastEventId', input.lastEventId);
  const source = new EventSource(url, { withCredentials: true });
  source.addEventListener(LIVE_SSE_EVENTS.ready, (message) => {
    setLiveStatus('live');
    sendBack({ type: 'live.opened', lastEventId: message.lastEventId || null });
  });
  source.addEventListener(LIVE_SSE_EVENTS.resync, (message) => {
    setLiveStatus('live');
    publishLiveFeed({ kind: 'resync' });
    sendBack({ type: 'live.opened', lastEventId: message.lastEventId || null });
  });
  source.addEventListener(LIVE_SSE_EVENTS.change, (message) => {
    const parsed = LiveEventSchema.safeParse(JSON.parse(message.data as string));
    if (parsed.success) publishLiveFeed({ kind: 'change', event: parsed.data });
    if (message.lastEventId) sendBack({ type: 'live.received', lastEventId: message.lastEventId });
  });
  // After a failure or going offline the screens say "live updates paused" until a stream is open again;
  // only a stream closed for another reason (the session ended) goes back to "connecting".
  let paused = false;
  source.onerror = () => {
    paused = true;
    source.close();
    setLiveStatus('paused');
    sendBack({ type: 'live.failed' });
  };
  const offline = () => {
    paused = true;
    setLiveStatus('paused');
    sendBack({ type: 'live.offline' });
  };
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('offline', offline);
    source.close();
    if (!paused) setLiveStatus('connecting');
  };
}
