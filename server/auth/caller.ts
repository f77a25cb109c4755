import { groupOpensApi, rowOf } from '../../contract/permission-rules';
import type { Action, Resource, RoleName, UserPermission } from '../../contract/roles';
import type { Db } from '../db/database';

/**
 * Who is calling: their roles in order (the first is the current role, spec 6), their permissions
 * merged over all roles, and the merchants (properties) they may see.
 */
export interface Caller {
  userId: string;
  sessionId: string;
  email: string;
  roles: RoleName[];
  permissions: UserPermission[];
  merchantGroupId: string | null;
  /** Onboarding status of the caller's merchant group; null without a group. */
  merchantGroupStatus: string | null;
  /** `all` for provider staff; otherwise the merchant ids the caller may see. */
  merchantScope: 'all' | string[];
}

export function isGranted(caller: Caller, resource: Resource, action: Action): boolean {
  return caller.permissions.some((entry) => entry.resource === resource && entry.permissions.includes(action));
}

/** Whether the caller's merchant group is in a status that opens this resource (spec 2; decision 0183). */
export function groupOpens(caller: Caller, resource: Resource): boolean {
  return isProviderStaff(caller) || groupOpensApi(resource, caller.merchantGroupStatus);
}

/** Granted by the permission table, and open in the caller's merchant-group status. */
export function can(caller: Caller, resource: Resource, action: Action): boolean {
  return isGranted(caller, resource, action) && groupOpens(caller, resource);
}

export function canSeeMerchant(caller: Caller, merchantId: string): boolean {
  return caller.merchantScope === 'all' || caller.merchantScope.includes(merchantId);
}

export function isProviderStaff(caller: Caller): boolean {
  return caller.merchantScope === 'all';
}

const ACTION_ORDER: Action[] = ['Read', 'Insert', 'Update', 'Delete', 'Approve'];

/**
 * Permissions of a list of roles, merged per resource, actions in a stable order. `role_permissions`
 * is page access (the SPA's userPermissions); `role_api_grants` is what the server enforces
 * (docs/decisions/0110-page-access-and-api-grants.md).
 */
export async function permissionsOfRoles(
  db: Db,
  roles: string[],
  table: 'role_permissions' | 'role_api_grants' = 'role_permissions',
): Promise<UserPermission[]> {
  if (roles.length === 0) return [];
  const rows = await db.selectFrom(table).select(['resource', 'actions']).where('role_name', 'in', roles).execute();
  return mergePermissions(rows);
}

/** Grant rows of several roles merged per resource, resources and actions in a stable order. */
export function mergePermissions(rows: readonly { resource: string; actions: readonly string[] }[]): UserPermission[] {
  const merged = new Map<string, Set<string>>();
  for (const row of rows) {
    const actions = merged.get(row.resource) ?? new Set<string>();
    row.actions.forEach((action) => actions.add(action));
    merged.set(row.resource, actions);
  }
  return [...merged.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([resource, actions]) => ({
      resource: resource as Resource,
      permissions: ACTION_ORDER.filter((action) => actions.has(action)),
    }));
}

export async function rolesOfUser(db: Db, userId: string): Promise<RoleName[]> {
  const rows = await db.selectFrom('user_roles').select('role_name').where('user_id', '=', userId).orderBy('position').execute();
  return rows.map((row) => row.role_name as RoleName);
}

/** Where a user's merchants come from, by the scope rule of their roles in the permission table. */
export function scopeSource(roles: RoleName[], merchantGroupId: string | null): 'all' | 'group' | 'assigned' | 'none' {
  const rules = new Set(roles.map((role) => rowOf(role)?.scope ?? 'none'));
  if (rules.has('all')) return 'all';
  if (merchantGroupId && rules.has('group')) return 'group';
  return rules.has('assigned') ? 'assigned' : 'none';
}

/** The merchants a user may see, by the scope rule of their roles in the permission table (every merchant, their group's, their assigned properties). */
export async function merchantScopeOf(db: Db, roles: RoleName[], userId: string, merchantGroupId: string | null): Promise<'all' | string[]> {
  const source = scopeSource(roles, merchantGroupId);
  if (source === 'all') return 'all';
  if (source === 'group' && merchantGroupId) {
    const rows = await db.selectFrom('merchants').select('id').where('merchant_group_id', '=', merchantGroupId).execute();
    return rows.map((row) => row.id);
  }
  if (source !== 'assigned') return [];
  const rows = await db.selectFrom('user_merchant_scopes').select('merchant_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.merchant_id);
}

export async function loadCaller(db: Db, userId: string, sessionId: string): Promise<Caller | undefined> {
  const user = await db
    .selectFrom('users')
    .leftJoin('merchant_groups', 'merchant_groups.id', 'users.merchant_group_id')
    .select(['users.id', 'users.email', 'users.merchant_group_id', 'users.disabled', 'merchant_groups.status as group_status'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user || user.disabled) return undefined;
  const roles = await rolesOfUser(db, userId);
  const [permissions, merchantScope] = await Promise.all([
    permissionsOfRoles(db, roles, 'role_api_grants'),
    merchantScopeOf(db, roles, userId, user.merchant_group_id),
  ]);
  return {
    userId,
    sessionId,
    email: user.email,
    roles,
    permissions,
    merchantGroupId: user.merchant_group_id,
    merchantGroupStatus: user.group_status ?? null,
    merchantScope,
  };
}
