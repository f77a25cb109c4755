// Spec 4 "Session": refetched on a storage broadcast from another tab. A BroadcastChannel carries
// it where available; a localStorage write (its `storage` event reaches the other tabs) is the
// fallback, as the NextAuth-style session client does it.
export const SESSION_CHANNEL = 'folio-session';
export const SESSION_STORAGE_KEY = 'folio-session-message';

// One channel object per tab for sending and listening: a BroadcastChannel does not deliver to the
// object that posted, so a tab never wakes itself up with its own broadcast.
let channel: BroadcastChannel | undefined;
function tabChannel(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  channel ??= new BroadcastChannel(SESSION_CHANNEL);
  return channel;
}

export function broadcastSessionChange(): void {
  const message = { event: 'session', at: Date.now() };
  const shared = tabChannel();
  if (shared) {
    shared.postMessage(message);
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
  const shared = tabChannel();
  shared?.addEventListener('message', onChange);
  // The storage event only fires in the other tabs, never in the one that wrote.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    shared?.removeEventListener('message', onChange);
    window.removeEventListener('storage', onStorage);
  };
}
