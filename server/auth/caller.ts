import { groupOpensApi, rowOf } from '../../contract/permission-rules';
import { PERMISSION_TABLE } from '../../contract/permission-table';
import type { Action, Resource, RoleName, UserPermission } from '../../contract/roles';
import type { Db } from '../db/database';

/** What every caller has: roles, the grants merged over them, and the merchants (properties) in reach. */
export interface CallerScope {
  roles: RoleName[];
  permissions: UserPermission[];
  merchantGroupId: string | null;
  /** Onboarding status of the caller's merchant group; null without a group. */
  merchantGroupStatus: string | null;
  /** `all` for provider staff; otherwise the merchant ids the caller may see. */
  merchantScope: 'all' | string[];
}

/**
 * A person signed in: their roles in order (the first is the current role, spec 6), their
 * permissions merged over all roles, and the merchants (properties) they may see.
 */
export interface Caller extends CallerScope {
  kind: 'person';
  userId: string;
  sessionId: string;
  email: string;
}

/**
 * A property's secret key (decision 0370): a machine principal of its own. It carries the key's id,
 * its property and the APIUser grants, and no person's id: the person who made the key is history
 * (`createdBy`, named in audit entries), never the authority a call runs on.
 */
export interface KeyCaller extends CallerScope {
  kind: 'key';
  keyId: string;
  keyName: string;
  /** The key's property: the one merchant in its scope. */
  merchantId: string;
  /** Who made the key; read for the audit trail only. */
  createdBy: string;
}

/** Whoever may call an endpoint a secret key may call too (the registrar decides, server/http/route.ts). */
export type AnyCaller = Caller | KeyCaller;

/**
 * The resources a secret key may act on: the APIUser row of the permission table. Every other
 * endpoint (those of people signed in: two-step, profiles, "my" anything) refuses a key before its
 * handler runs, so handlers of those endpoints see a person only.
 */
export type KeyResource = keyof (typeof PERMISSION_TABLE)['APIUser']['grants'];
export const KEY_RESOURCES: readonly Resource[] = Object.keys(PERMISSION_TABLE.APIUser.grants) as Resource[];

/** The principal as one text, for keys and counters that hold people's and keys' rows apart: `user:<id>` or `key:<id>`. */
export function principalOf(caller: AnyCaller): string {
  return caller.kind === 'key' ? `key:${caller.keyId}` : `user:${caller.userId}`;
}

/** Who made a row, for the tables that name a user or a key (`created_by` and `created_by_key_id`, and the like). */
export function madeBy(caller: AnyCaller): { userId: string | null; keyId: string | null } {
  return caller.kind === 'key' ? { userId: null, keyId: caller.keyId } : { userId: caller.userId, keyId: null };
}

export function isGranted(caller: CallerScope, resource: Resource, action: Action): boolean {
  return caller.permissions.some((entry) => entry.resource === resource && entry.permissions.includes(action));
}

/** Whether the caller's merchant group is in a status that opens this resource (spec 2; decision 0183). */
export function groupOpens(caller: CallerScope, resource: Resource): boolean {
  return isProviderStaff(caller) || groupOpensApi(resource, caller.merchantGroupStatus);
}

/** Granted by the permission table, and open in the caller's merchant-group status. */
export function can(caller: CallerScope, resource: Resource, action: Action): boolean {
  return isGranted(caller, resource, action) && groupOpens(caller, resource);
}

export function canSeeMerchant(caller: CallerScope, merchantId: string): boolean {
  return caller.merchantScope === 'all' || caller.merchantScope.includes(merchantId);
}

export function isProviderStaff(caller: CallerScope): boolean {
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
    kind: 'person',
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
