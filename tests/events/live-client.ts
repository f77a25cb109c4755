import type { LiveEvent } from '../../contract/live-events';

/** One Server-Sent Event as a browser's EventSource would hand it over. */
export interface ReceivedFrame {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * A stream opened over real HTTP, read the way an EventSource reads it: frames split on blank lines,
 * comments (heartbeats) counted apart. `until` waits for a frame (or the end) without sleeping.
 */
export interface LiveClient {
  status: number;
  frames: ReceivedFrame[];
  heartbeats: number;
  /** The `change` events, parsed. */
  changes(): Array<LiveEvent & { id: string }>;
  lastId(): string | undefined;
  ended: Promise<void>;
  isEnded(): boolean;
  until(check: (client: LiveClient) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

export async function openLiveStream(base: string, auth: { bearer?: string; cookies?: Record<string, string>; lastEventId?: string }): Promise<LiveClient> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (auth.bearer) headers.authorization = `Bearer ${auth.bearer}`;
  if (auth.cookies)
    headers.cookie = Object.entries(auth.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  if (auth.lastEventId) headers['last-event-id'] = auth.lastEventId;
  const response = await fetch(`${base}/backoffice/api/v2/live/events`, { headers, signal: abort.signal });
  const waiters = new Set<() => void>();
  let ended = false;
  let buffer = '';
  const client: LiveClient = {
    status: response.status,
    frames: [],
    heartbeats: 0,
    changes: () => client.frames.filter((frame) => frame.event === 'change').map((frame) => ({ ...(JSON.parse(frame.data) as LiveEvent), id: frame.id ?? '' })),
    lastId: () => client.frames.filter((frame) => frame.id !== undefined).at(-1)?.id,
    ended: Promise.resolve(),
    isEnded: () => ended,
    until: (check, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (check(client)) return resolve();
        const timer = setTimeout(() => {
          waiters.delete(test);
          reject(new Error(`stream condition not met in ${timeoutMs} ms; frames: ${JSON.stringify(client.frames)}`));
        }, timeoutMs);
        const test = () => {
          if (!check(client)) return;
          clearTimeout(timer);
          waiters.delete(test);
          resolve();
        };
        waiters.add(test);
      }),
    close: () => abort.abort(),
  };
  const notify = () => [...waiters].forEach((waiter) => waiter());
  const parse = (block: string) => {
    if (block.split('\n').every((line) => line.startsWith(':'))) {
      client.heartbeats += 1;
      return;
    }
    const frame: ReceivedFrame = { event: 'message', id: undefined, data: '' };
    for (const line of block.split('\n')) {
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'event') frame.event = value;
      else if (field === 'id') frame.id = value;
      else if (field === 'data') frame.data += value;
    }
    if (frame.data || frame.id) client.frames.push(frame);
  };
  client.ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let split = buffer.indexOf('\n\n');
        while (split >= 0) {
          parse(buffer.slice(0, split));
          buffer = buffer.slice(split + 2);
          split = buffer.indexOf('\n\n');
        }
        notify();
      }
    } catch {
      // aborted by the test, or the server dropped the connection: both end the stream
    } finally {
      ended = true;
      notify();
    }
  })();
  return client;
}
