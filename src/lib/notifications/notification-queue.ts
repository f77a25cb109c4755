// Spec 9 "Notifications": at most 5 on screen, the rest queued. react-hot-toast's own limit drops
// the oldest instead of queueing, so toasts are shown through this queue; <Notifications/> reports
// which are still on screen and the next ones follow.
export const MAX_VISIBLE_NOTIFICATIONS = 5;

type Show = () => string;

const onScreen = new Set<string>();
const waiting: Show[] = [];

function flush(): void {
  while (onScreen.size < MAX_VISIBLE_NOTIFICATIONS && waiting.length > 0) {
    const show = waiting.shift();
    if (show) onScreen.add(show());
  }
}

/** Shows now when fewer than five are on screen, otherwise when one closes. */
export function enqueueNotification(show: Show): void {
  waiting.push(show);
  flush();
}

/** Called with the ids react-hot-toast still shows; frees their places and shows the next. */
export function syncVisibleNotifications(visibleIds: readonly string[]): void {
  const still = new Set(visibleIds);
  for (const id of onScreen) if (!still.has(id)) onScreen.delete(id);
  flush();
}

export function queuedNotificationCount(): number {
  return waiting.length;
}
