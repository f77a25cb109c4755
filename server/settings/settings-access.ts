import { canSeeMerchant, isProviderStaff, type Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { inheritedVersionOf, NEVER_SAVED } from '../../contract/versions';

// Scoping (spec 6): provider staff reach every group and property; anyone else only their own
// group and the properties their scope holds. What lies outside answers 404, as if it did not exist.

export async function groupInScope(db: Db, caller: Caller, merchantGroupId: string): Promise<{ id: string; status: string }> {
  if (!isProviderStaff(caller) && caller.merchantGroupId !== merchantGroupId) throw problems.notFound('no such merchant group');
  const group = await db.selectFrom('merchant_groups').select(['id', 'status']).where('id', '=', merchantGroupId).executeTakeFirst();
  if (!group) throw problems.notFound('no such merchant group');
  return group;
}

/** The property and its group, read from the database (never taken from the caller). */
export async function propertyInScope(db: Db, caller: Caller, merchantId: string): Promise<{ merchantId: string; merchantGroupId: string }> {
  if (!canSeeMerchant(caller, merchantId)) throw problems.notFound('no such property');
  const merchant = await db.selectFrom('merchants').select(['id', 'merchant_group_id']).where('id', '=', merchantId).executeTakeFirst();
  if (!merchant) throw problems.notFound('no such property');
  return { merchantId: merchant.id, merchantGroupId: merchant.merchant_group_id };
}

/** A merchant named together with a group must belong to it. */
export async function merchantOfGroup(db: Db, merchantGroupId: string, merchantId: string): Promise<void> {
  const merchant = await db
    .selectFrom('merchants')
    .select('id')
    .where('id', '=', merchantId)
    .where('merchant_group_id', '=', merchantGroupId)
    .executeTakeFirst();
  if (!merchant) throw problems.notFound('no such merchant in this group');
}

/**
 * Decision 0354: every save of one group's and its properties' settings (a settings page, the e-mail or webhook
 * settings) takes its merchant group's row lock before anything else, so they take turns: two made from one version
 * cannot both pass the check, and no other save commits between a versioned save's check and its write. A save that
 * names no version takes it too (amended 2026-11-30), though it checks nothing: it would otherwise be the one that
 * commits in between, and the versioned save would write over a change it never saw.
 */
export async function lockGroupForSettingsSave(db: Db, merchantGroupId: string): Promise<void> {
  await db.selectFrom('merchant_groups').select('id').where('id', '=', merchantGroupId).forUpdate().executeTakeFirst();
}

/**
 * Decision 0683: the versions a save of settings a property takes whole from its group when it has none of its own
 * (e-mail, webhooks) may name and still be current. With settings of its own: theirs. Without: "never saved" (a
 * caller that showed nothing of its group's, as decision 0354 had it) and the group's, marked inherited (a page that
 * showed the group's values, refused once they changed). `own` and `group` are the versions each answers to, null
 * when it has no settings.
 */
export function currentScopeVersions(own: readonly string[] | null, group: readonly string[] | null): string[] {
  if (own) return [...own];
  return [NEVER_SAVED, ...(group ?? []).map(inheritedVersionOf)];
}
