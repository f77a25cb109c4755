import type { Db } from '../db/database';
import { groupsUnchangedSince } from '../merchant-groups/groups';
import { applyTransition } from '../merchant-groups/lifecycle';
import { applicationsUntouchedSince } from './applications';

// architecture.md: Created/SentForResubmission -> Expired after an idle time. Idle = no status
// change and no saved step for this long (decision 0140). The lifecycle still decides; a group
// that moved meanwhile is skipped.
export const KYC_IDLE_EXPIRY_DAYS = 90;

export async function expireIdleApplications(db: Db, now = new Date(), idleDays = KYC_IDLE_EXPIRY_DAYS): Promise<string[]> {
  const cutoff = new Date(now.getTime() - idleDays * 24 * 60 * 60 * 1000);
  const unchanged = await groupsUnchangedSince(db, ['Created', 'SentForResubmission'], cutoff);
  const untouched = await applicationsUntouchedSince(
    db,
    unchanged.map((group) => group.id),
    cutoff,
  );
  const idle = unchanged.filter((group) => untouched.has(group.id));
  const expired: string[] = [];
  for (const group of idle) {
    try {
      await applyTransition(db, { groupId: group.id, from: group.status, action: 'expire', actorUserId: null, detail: { idleDays } });
      expired.push(group.id);
    } catch {
      // Changed meanwhile (409): the next run looks again.
    }
  }
  return expired;
}
