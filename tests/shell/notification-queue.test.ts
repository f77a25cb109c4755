import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  enqueueNotification,
  MAX_VISIBLE_NOTIFICATIONS,
  queuedNotificationCount,
  syncVisibleNotifications,
} from '../../src/lib/notifications/notification-queue';

describe('notification queue (spec 9: at most 5 on screen, the rest queued)', () => {
  it('shows five, queues the rest, and shows the next as each one closes', () => {
    const shown: string[] = [];
    for (let n = 1; n <= 7; n += 1) enqueueNotification(() => (shown.push(`t${n}`), `t${n}`));
    expect(MAX_VISIBLE_NOTIFICATIONS).toBe(5);
    expect(shown).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(queuedNotificationCount()).toBe(2);
    syncVisibleNotifications(['t1', 't2', 't3', 't4', 't5']);
    expect(shown).toHaveLength(5);
    syncVisibleNotifications(['t2', 't3', 't4', 't5']);
    expect(shown).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
    syncVisibleNotifications([]);
    expect(shown).toEqual(['t1', 't2', 't3', 't4', 't5', 't6', 't7']);
    expect(queuedNotificationCount()).toBe(0);
  });
});

describe('every notification goes through the queue', () => {
  const src = path.join(import.meta.dirname, '..', '..', 'src');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? sources(full) : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
    });

  it('leaves react-hot-toast to the queue and the notification area: no screen or store shows a toast directly', () => {
    // notify() / notifyError() / showErrorToast() (src/lib/notifications/notify.tsx) enqueue; <Notifications/> renders.
    const allowed = new Set(['lib/notifications/notify.tsx', 'app/notifications/notifications.tsx']);
    const direct = sources(src)
      .map((file) => path.relative(src, file).split(path.sep).join('/'))
      .filter((file) => !allowed.has(file) && /from 'react-hot-toast'/.test(readFileSync(path.join(src, file), 'utf8')));
    expect(direct).toEqual([]);
  });
});
