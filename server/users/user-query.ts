import { sql, type SelectQueryBuilder } from 'kysely';
import { scopeRuleOf, type UserListQuery, type UserRow, type UserStatus } from '../../contract/user-admin';
import type { RoleName } from '../../contract/roles';
import type { Caller } from '../auth/caller';
import type { Database } from '../db/schema';
import type { Db } from '../db/database';
import { escapeLike } from '../lists/list-query';

// Reads behind the users list and the user screen. Every read is scoped to what the caller may see
// (usersVisibleTo): provider staff everyone, merchant-level users their group, property-level users
// the users of their group who share one of their properties, and always themselves.

type UserQuery = SelectQueryBuilder<Database, 'users', object>;

/** The current role: the first in the user's list (spec 6). */
const currentRole = sql<string | null>`(SELECT role_name FROM user_roles WHERE user_roles.user_id = users.id ORDER BY position LIMIT 1)`;
const lastSignIn = sql<Date | null>`(SELECT max(created_at) FROM sessions WHERE sessions.user_id = users.id)`;

export function statusOf(row: { disabled: boolean; password_hash: string | null }): UserStatus {
  if (row.disabled) return 'deactivated';
  return row.password_hash === null ? 'invited' : 'active';
}

/** Restricts a users query to what the caller may see. */
export function usersVisibleTo(query: UserQuery, caller: Caller): UserQuery {
  if (caller.merchantScope === 'all') return query;
  const groupWide = caller.roles.some((role) => scopeRuleOf(role) === 'group');
  if (caller.merchantGroupId && groupWide)
    return query.where((eb) => eb.or([eb('users.merchant_group_id', '=', caller.merchantGroupId), eb('users.id', '=', caller.userId)]));
  const mine = caller.merchantScope;
  return query.where((eb) =>
    eb.or([
      eb('users.id', '=', caller.userId),
      ...(mine.length > 0 && caller.merchantGroupId
        ? [
            eb.and([
              eb('users.merchant_group_id', '=', caller.merchantGroupId),
              eb.exists(
                eb
                  .selectFrom('user_merchant_scopes')
                  .select('user_merchant_scopes.user_id')
                  .whereRef('user_merchant_scopes.user_id', '=', 'users.id')
                  .where('user_merchant_scopes.merchant_id', 'in', mine),
              ),
            ]),
          ]
        : []),
    ]),
  );
}

function filtered(query: UserQuery, filters: Pick<UserListQuery, 'search' | 'role' | 'status'>): UserQuery {
  let result = query;
  if (filters.search) {
    const like = `%${escapeLike(filters.search)}%`;
    result = result.where(sql<boolean>`(users.email ILIKE ${like} OR users.first_name ILIKE ${like} OR users.last_name ILIKE ${like}
      OR (users.first_name || ' ' || users.last_name) ILIKE ${like})`);
  }
  if (filters.role) result = result.where(sql<boolean>`${currentRole} = ${filters.role}`);
  if (filters.status === 'deactivated') result = result.where('users.disabled', '=', true);
  if (filters.status === 'invited') result = result.where('users.disabled', '=', false).where('users.password_hash', 'is', null);
  if (filters.status === 'active') result = result.where('users.disabled', '=', false).where('users.password_hash', 'is not', null);
  return result;
}

interface UserBaseRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  disabled: boolean;
  password_hash: string | null;
  merchant_group_id: string | null;
  group_name: string | null;
  role: string | null;
  last_sign_in: Date | string | null;
  created_at: Date;
  updated_at: Date;
}

function selectRows(query: UserQuery) {
  return query
    .leftJoin('merchant_groups', 'merchant_groups.id', 'users.merchant_group_id')
    .select([
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.disabled',
      'users.password_hash',
      'users.merchant_group_id',
      'merchant_groups.name as group_name',
      'users.created_at',
      'users.updated_at',
      currentRole.as('role'),
      lastSignIn.as('last_sign_in'),
    ]);
}

async function propertiesOfUsers(db: Db, userIds: string[]): Promise<Map<string, { merchantId: string; name: string }[]>> {
  const byUser = new Map<string, { merchantId: string; name: string }[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('user_merchant_scopes')
    .innerJoin('merchants', 'merchants.id', 'user_merchant_scopes.merchant_id')
    .select(['user_merchant_scopes.user_id', 'merchants.id', 'merchants.name'])
    .where('user_merchant_scopes.user_id', 'in', userIds)
    .orderBy('merchants.position')
    .orderBy('merchants.name')
    .execute();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), { merchantId: row.id, name: row.name }]);
  return byUser;
}

function toUserRow(row: UserBaseRow, properties: { merchantId: string; name: string }[]): UserRow {
  const role = (row.role ?? null) as RoleName | null;
  const scope = role ? scopeRuleOf(role) : 'none';
  const lastSignInAt = row.last_sign_in === null ? null : new Date(row.last_sign_in).toISOString();
  return {
    userId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role,
    merchantGroupId: row.merchant_group_id,
    merchantGroupName: row.group_name,
    scope,
    properties: scope === 'assigned' ? properties : [],
    status: statusOf(row),
    lastSignInAt,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** One page of the users the caller may see, optionally of one merchant group, by last then first name. */
export async function listUsers(
  db: Db,
  caller: Caller,
  query: { page: number; pageSize: number } & Pick<UserListQuery, 'search' | 'role' | 'status'>,
  merchantGroupId?: string,
): Promise<{ items: UserRow[]; total: number }> {
  let base = usersVisibleTo(filtered(db.selectFrom('users'), query), caller);
  if (merchantGroupId) base = base.where('users.merchant_group_id', '=', merchantGroupId);
  const [{ total }, rows] = await Promise.all([
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    selectRows(base)
      .orderBy('users.last_name')
      .orderBy('users.first_name')
      .orderBy('users.id')
      .limit(query.pageSize)
      .offset(query.page * query.pageSize)
      .execute(),
  ]);
  const properties = await propertiesOfUsers(
    db,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => toUserRow(row, properties.get(row.id) ?? [])), total: Number(total) };
}

/** One user as the caller may see them; undefined when unknown or outside the caller's sight. */
export async function visibleUser(db: Db, caller: Caller, userId: string): Promise<UserRow | undefined> {
  const row = await selectRows(usersVisibleTo(db.selectFrom('users'), caller))
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const properties = await propertiesOfUsers(db, [row.id]);
  return toUserRow(row, properties.get(row.id) ?? []);
}

/** When the newest open invitation link of the user stops working; null when none is open. */
export async function openInvitationExpiry(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('expires_at')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
  return row ? row.expires_at.toISOString() : null;
}

/**
 * The users of a property's merchant group, as far as the caller may see them, whose scope covers the
 * property: a group-wide role, or an assigned role with the property among theirs (decision 0312).
 */
export async function usersCovering(db: Db, caller: Caller, merchantId: string, merchantGroupId: string, role?: RoleName): Promise<UserRow[]> {
  let query = usersVisibleTo(db.selectFrom('users'), caller).where('users.merchant_group_id', '=', merchantGroupId);
  if (role) query = query.where(sql<boolean>`${currentRole} = ${role}`);
  const rows = await selectRows(query).orderBy('users.last_name').orderBy('users.first_name').orderBy('users.id').execute();
  const properties = await propertiesOfUsers(
    db,
    rows.map((row) => row.id),
  );
  return rows
    .map((row) => toUserRow(row, properties.get(row.id) ?? []))
    .filter((user) => user.scope === 'group' || (user.scope === 'assigned' && user.properties.some((property) => property.merchantId === merchantId)));
}

/** The property managers of a merchant group the caller may see, deactivated ones left out, by name. */
export async function propertyManagersOf(db: Db, caller: Caller, merchantGroupId: string): Promise<UserRow[]> {
  const query = usersVisibleTo(db.selectFrom('users'), caller)
    .where('users.merchant_group_id', '=', merchantGroupId)
    .where('users.disabled', '=', false)
    .where(sql<boolean>`${currentRole} = ${'PropertyManager'}`);
  const rows = await selectRows(query).orderBy('users.last_name').orderBy('users.first_name').orderBy('users.id').execute();
  const properties = await propertiesOfUsers(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toUserRow(row, properties.get(row.id) ?? []));
}
