import { isOneOf, MERCHANT_LEVEL_ROLES, PROVIDER_ROLES, type Action, type Resource, type RoleName, type UserPermission } from '../../contract/roles';
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
  /** `all` for provider staff; otherwise the merchant ids the caller may see. */
  merchantScope: 'all' | string[];
}

export function can(caller: Caller, resource: Resource, action: Action): boolean {
  return caller.permissions.some((entry) => entry.resource === resource && entry.permissions.includes(action));
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
export async function permissionsOfRoles(db: Db, roles: string[], table: 'role_permissions' | 'role_api_grants' = 'role_permissions'): Promise<UserPermission[]> {
  if (roles.length === 0) return [];
  const rows = await db.selectFrom(table).select(['resource', 'actions']).where('role_name', 'in', roles).execute();
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

/** The merchants a user may see: every merchant for provider staff, the group for merchant-level roles, else their scopes. */
export async function merchantScopeOf(db: Db, roles: RoleName[], userId: string, merchantGroupId: string | null): Promise<'all' | string[]> {
  if (roles.some((role) => isOneOf(PROVIDER_ROLES, role))) return 'all';
  if (merchantGroupId && roles.some((role) => isOneOf(MERCHANT_LEVEL_ROLES, role))) {
    const rows = await db.selectFrom('merchants').select('id').where('merchant_group_id', '=', merchantGroupId).execute();
    return rows.map((row) => row.id);
  }
  const rows = await db.selectFrom('user_merchant_scopes').select('merchant_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.merchant_id);
}

export async function loadCaller(db: Db, userId: string, sessionId: string): Promise<Caller | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'merchant_group_id', 'disabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.disabled) return undefined;
  const roles = await rolesOfUser(db, userId);
  const [permissions, merchantScope] = await Promise.all([
    permissionsOfRoles(db, roles, 'role_api_grants'),
    merchantScopeOf(db, roles, userId, user.merchant_group_id),
  ]);
  return { userId, sessionId, email: user.email, roles, permissions, merchantGroupId: user.merchant_group_id, merchantScope };
}
