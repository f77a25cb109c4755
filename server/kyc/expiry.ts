import { sql } from 'kysely';
import type { OnboardingStatus } from '../../contract/merchant-groups';
import type { Db } from '../db/database';
import { applyTransition } from '../merchant-groups/lifecycle';

// architecture.md: Created/SentForResubmission -> Expired after an idle time. Idle = no status
// change and no saved step for this long (decision 0140). The lifecycle still decides; a group
// that moved meanwhile is skipped.
export const KYC_IDLE_EXPIRY_DAYS = 90;

export async function expireIdleApplications(db: Db, now = new Date(), idleDays = KYC_IDLE_EXPIRY_DAYS): Promise<string[]> {
  const cutoff = new Date(now.getTime() - idleDays * 24 * 60 * 60 * 1000);
  const idle = await db
    .selectFrom('merchant_groups')
    .leftJoin('kyc_applications', 'kyc_applications.merchant_group_id', 'merchant_groups.id')
    .select(['merchant_groups.id', 'merchant_groups.status'])
    .where('merchant_groups.status', 'in', ['Created', 'SentForResubmission'])
    .where('merchant_groups.status_changed_at', '<', cutoff)
    .where(sql<boolean>`coalesce(kyc_applications.updated_at, merchant_groups.status_changed_at) < ${cutoff}`)
    .execute();
  const expired: string[] = [];
  for (const group of idle) {
    try {
      await applyTransition(db, { groupId: group.id, from: group.status as OnboardingStatus, action: 'expire', actorUserId: null, detail: { idleDays } });
      expired.push(group.id);
    } catch {
      // Changed meanwhile (409): the next run looks again.
    }
  }
  return expired;
}
