import { sql } from 'kysely';
import { PROVIDER_ADMINS } from '../../contract/permission-table';
import type { RoleName } from '../../contract/roles';
import { grantableRoles, PICKER_ROLES, scopeRuleOf, sideOf, type PickerRole, type UserRow } from '../../contract/user-admin';
import type { Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';

// The guardrails of managing people (issue 19; decision 0270): grant only what you hold, never a
// provider-side role from the merchant side, never your own role, never lock an organisation out.

export function assertMayGrant(caller: Caller, role: PickerRole): void {
  if (grantableRoles(caller.roles).includes(role)) return;
  if (sideOf(role) === 'provider' && caller.merchantScope !== 'all') throw problems.forbidden('merchant-side users cannot create or make provider-side users');
  throw problems.forbidden(`your role cannot give the role ${role}`);
}

/** The merchant group a user with `role` belongs to: none for provider roles, else the one named (provider staff) or the caller's own. */
export async function targetGroupOf(db: Db, caller: Caller, role: PickerRole, requested: string | undefined): Promise<string | null> {
  if (sideOf(role) === 'provider') {
    if (requested !== undefined) throw problems.validation({ merchantGroupId: ['a provider-side user belongs to no merchant group'] });
    return null;
  }
  if (caller.merchantScope !== 'all') {
    if (requested !== undefined && requested !== caller.merchantGroupId) throw problems.forbidden('you may add users to your own merchant group only');
    if (!caller.merchantGroupId) throw problems.forbidden('you belong to no merchant group');
    return caller.merchantGroupId;
  }
  if (requested === undefined) throw problems.validation({ merchantGroupId: ['choose the merchant group of a merchant- or property-side user'] });
  const group = await db.selectFrom('merchant_groups').select('id').where('id', '=', requested).executeTakeFirst();
  if (!group) throw problems.validation({ merchantGroupId: ['no such merchant group'] });
  return group.id;
}

/**
 * The properties a role covers: none for provider- and merchant-level roles (they cover everything,
 * or their group), at least one for property-level roles, each in the user's group and within the
 * caller's own scope (403 otherwise: another group's property is never yours to give).
 */
export async function checkedMerchantIds(db: Db, caller: Caller, role: PickerRole, groupId: string | null, merchantIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(merchantIds)];
  if (scopeRuleOf(role) !== 'assigned') {
    if (unique.length > 0)
      throw problems.validation({ merchantIds: [`the role ${role} covers ${groupId ? 'its whole merchant group' : 'every merchant'}; choose no properties`] });
    return [];
  }
  if (unique.length === 0) throw problems.validation({ merchantIds: ['choose at least one property'] }).withCode('user.chooseProperty');
  if (!groupId) throw problems.validation({ merchantIds: ['a property-side user needs a merchant group'] });
  const inGroup = await db.selectFrom('merchants').select('id').where('id', 'in', unique).where('merchant_group_id', '=', groupId).execute();
  if (inGroup.length !== unique.length) throw problems.forbidden('a property you chose is not in this merchant group');
  const mine = caller.merchantScope;
  if (mine !== 'all' && !unique.every((id) => mine.includes(id))) throw problems.forbidden('you may give only properties you cover yourself');
  return unique;
}

/** Whether the caller may change this (visible) user: their role is one the caller may give, and their properties are within the caller's. */
export function mayManage(caller: Caller, target: UserRow): boolean {
  if (target.userId === caller.userId) return false;
  // Roles outside the picker (SuperAdmin, Admin, legacy roles) are the provider admins' to manage.
  const pickable = target.role === null || (PICKER_ROLES as readonly string[]).includes(target.role);
  if (!pickable && !caller.roles.some((role) => PROVIDER_ADMINS.includes(role))) return false;
  if (pickable && target.role !== null && !(grantableRoles(caller.roles) as string[]).includes(target.role)) return false;
  const mine = caller.merchantScope;
  if (mine === 'all') return true;
  if (target.merchantGroupId !== caller.merchantGroupId) return false;
  const groupWide = caller.roles.some((role) => scopeRuleOf(role) === 'group');
  return groupWide || target.properties.every((property) => mine.includes(property.merchantId));
}

export function assertMayManage(caller: Caller, target: UserRow, what: string): void {
  // Not a missing permission (403 means the role lacks the grant; the SPA shows it as such): the
  // grant is there, but acting on yourself is refused whoever you are.
  if (target.userId === caller.userId) throw problems.conflict(`you cannot ${what} yourself; ask another administrator`).withCode('user.notYourself');
  if (!mayManage(caller, target)) throw problems.forbidden(`you may not ${what} a user whose role or properties are beyond your own`);
}

const isProviderAdmin = (role: string | null) => role !== null && PROVIDER_ADMINS.includes(role as RoleName);

/**
 * Refuses (409) a change that would leave a merchant group without an active merchant admin, or the
 * product without an active provider admin. Locks first (one transaction at a time per group), so
 * two admins removing each other at once cannot both succeed.
 */
export async function assertNotLastAdmin(db: Db, target: UserRow, nextRole: string | null, change: string): Promise<void> {
  if (target.status !== 'active') return;
  if (target.role === 'MerchantAdmin' && nextRole !== 'MerchantAdmin' && target.merchantGroupId) {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`admins:${target.merchantGroupId}`}))`.execute(db);
    const others = await activeUsersWithRoles(db, ['MerchantAdmin'], target.userId, target.merchantGroupId);
    if (others === 0)
      throw problems
        .conflict(
          `${target.firstName} ${target.lastName} is the last active merchant admin of ${target.merchantGroupName ?? 'this merchant group'}; make another user merchant admin before you ${change} them`,
        )
        .withCode('user.lastMerchantAdmin', { name: `${target.firstName} ${target.lastName}`, group: target.merchantGroupName ?? '' });
  }
  if (isProviderAdmin(target.role) && !isProviderAdmin(nextRole)) {
    await sql`SELECT pg_advisory_xact_lock(hashtext('admins:provider'))`.execute(db);
    const others = await activeUsersWithRoles(db, PROVIDER_ADMINS, target.userId, null);
    if (others === 0)
      throw problems
        .conflict(`${target.firstName} ${target.lastName} is the last active provider admin; make another user provider admin before you ${change} them`)
        .withCode('user.lastProviderAdmin', { name: `${target.firstName} ${target.lastName}` });
  }
}

/** Active (not deactivated, password set) users other than `except` whose current role is one of `roles`. */
async function activeUsersWithRoles(db: Db, roles: readonly string[], except: string, groupId: string | null): Promise<number> {
  let query = db
    .selectFrom('users')
    .select(sql<string>`count(*)`.as('count'))
    .where('users.disabled', '=', false)
    .where('users.password_hash', 'is not', null)
    .where('users.id', '<>', except)
    .where(sql<boolean>`(SELECT role_name FROM user_roles WHERE user_roles.user_id = users.id ORDER BY position LIMIT 1) IN (${sql.join(roles)})`);
  if (groupId) query = query.where('users.merchant_group_id', '=', groupId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}
