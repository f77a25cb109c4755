import { can, isProviderStaff, type Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { isOnboardingStatus } from '../../machines/onboarding-lifecycle.machine';
import type { OnboardingStatus } from '../../contract/merchant-groups';

// Who may see or change a merchant group's KYC application: provider staff see every group; the
// group's own users see theirs; only the group's own users fill it in (spec 6, issue 5).

export async function loadGroup(db: Db, groupId: string) {
  const group = await db.selectFrom('merchant_groups').selectAll().where('id', '=', groupId).executeTakeFirst();
  if (!group) throw problems.notFound('no such merchant group');
  if (!isOnboardingStatus(group.status)) throw new Error(`unknown onboarding status ${group.status}`);
  return { ...group, status: group.status as OnboardingStatus };
}

export function assertMaySee(caller: Caller, groupId: string): void {
  if (isProviderStaff(caller) || caller.merchantGroupId === groupId) return;
  throw problems.forbidden("you may only open your own merchant group's application");
}

export function assertApplicant(caller: Caller, groupId: string): void {
  if (caller.merchantGroupId !== groupId || isProviderStaff(caller))
    throw problems.forbidden("only the merchant group's own admin may change its application");
}

export function assertReviewer(caller: Caller): void {
  if (!isProviderStaff(caller) || !can(caller, 'KYCApplications', 'Approve')) throw problems.forbidden('only provider reviewers may review applications');
}

/** The application row of a group, created on first use (a group always has exactly one). */
export async function ensureApplication(db: Db, groupId: string) {
  const existing = await db.selectFrom('kyc_applications').selectAll().where('merchant_group_id', '=', groupId).executeTakeFirst();
  if (existing) return existing;
  await db.insertInto('kyc_applications').values({ merchant_group_id: groupId }).onConflict((oc) => oc.column('merchant_group_id').doNothing()).execute();
  return db.selectFrom('kyc_applications').selectAll().where('merchant_group_id', '=', groupId).executeTakeFirstOrThrow();
}
