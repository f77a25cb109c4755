import type { LiveEvent } from '../../../contract/live-events';
import { registerSignOutCleanup } from '../session/sign-out-cleanup';

// The browser's end of the live event stream (issue 38, decisions 0440, 0442): a small feed the
// screens' data layer listens to (src/lib/query-provider.tsx) and the connection's status for the
// shell. Type imports only: the EventSource and the contract's schemas (live-source.ts) load once
// someone is signed in, not with the sign-in page.

export type FeedItem = { kind: 'change'; event: LiveEvent } | { kind: 'resync' };
type Listener = (item: FeedItem) => void;
const listeners = new Set<Listener>();

export function publishLiveFeed(item: FeedItem): void {
  listeners.forEach((listener) => listener(item));
}

/** Hears every change the stream delivers (and `resync`: refetch everything). */
export function onLiveFeed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether changes arrive as they happen; the screens poll otherwise and say live updates are paused (not while first connecting). */
export type Status = 'connecting' | 'live' | 'paused';
let status: Status = 'connecting';
const statusListeners = new Set<() => void>();

export function liveStatus(): Status {
  return status;
}

export function onLiveStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export function setLiveStatus(next: Status): void {
  if (status === next) return;
  status = next;
  statusListeners.forEach((listener) => listener());
}

// The next person signed in starts from "connecting", not from the previous session's pause.
registerSignOutCleanup(() => setLiveStatus('connecting'));

/**
 * The query keys (their first parts) an event makes stale: the screens that show it refetch through
 * their own read endpoints. Orders and links: the property's home and the transactions (list and
 * info); refund requests: refund management ("waiting for me") and the home's counts, and the order
 * refunded; payouts: payouts and the home; exports: the export toasts.
 */
export function staleKeysOf(event: LiveEvent): ReadonlyArray<readonly unknown[]> {
  switch (event.type) {
    case 'order':
    case 'paymentLink':
      return [['home'], ['orders']];
    case 'refundRequest':
      return [['refunds'], ['home'], ['orders', 'detail', event.orderId]];
    case 'payout':
      return [['payouts'], ['home']];
    case 'export':
      return [['exports', event.token]];
  }
}
