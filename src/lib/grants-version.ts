// The server names the caller's grants (roles and the merchants they may see) in a response header
// on every signed-in call (decision 0311). When it changes, an admin has widened or narrowed what this
// user may see: whoever shows it (the property switcher) reloads, with no reload of the page.

/** Response header carrying a short fingerprint of the caller's live grants. */
export const GRANTS_VERSION_HEADER = 'Folio-Grants';

let lastSeen: string | undefined;
const listeners = new Set<() => void>();

/** The api client reports each answer's header here; a change from the last one seen tells the listeners. */
export function noteGrantsVersion(version: string | null): void {
  if (!version) return;
  const changed = lastSeen !== undefined && lastSeen !== version;
  lastSeen = version;
  if (changed) listeners.forEach((listener) => listener());
}

export function onGrantsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Another user signs in in this tab: their first answer is the new baseline, not a change. */
export function forgetGrantsVersion(): void {
  lastSeen = undefined;
}
