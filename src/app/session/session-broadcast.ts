// Spec 4 "Session": refetched on a storage broadcast from another tab. A BroadcastChannel carries
// it where available; a localStorage write (its `storage` event reaches the other tabs) is the
// fallback, as the NextAuth-style session client does it.
export const SESSION_CHANNEL = 'folio-session';
export const SESSION_STORAGE_KEY = 'folio-session-message';

export function broadcastSessionChange(): void {
  const message = { event: 'session', at: Date.now() };
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.postMessage(message);
    channel.close();
    return;
  }
  try {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(message));
  } catch {
    // Storage can be unavailable (private mode quotas); other tabs then refresh on visibility.
  }
}

/** Calls `onChange` when another tab says the session changed; returns the unsubscribe. */
export function listenForSessionChanges(onChange: () => void): () => void {
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(SESSION_CHANNEL) : undefined;
  channel?.addEventListener('message', onChange);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    channel?.close();
    window.removeEventListener('storage', onStorage);
  };
}
