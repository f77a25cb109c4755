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
