import type { FastifyRequest } from 'fastify';
import { USER_CHANGED_DETAIL, type PickerRole, type UserDetail, type UserRow } from '../../contract/user-admin';
import { audit } from '../audit';
import type { Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { assertCurrentVersion } from '../http/versions';
import { assertMayGrant, assertMayManage, assertNotLastAdmin, checkedMerchantIds, mayManage } from './user-guardrails';
import { openInvitationExpiry, visibleUser } from './user-query';

// A user's detail and the one way their name, role or scope changes: shared by the users routes, the property
// managers page and the user-merchant permissions call, which all change users the same way.

export async function detailOf(db: Db, caller: Caller, userId: string): Promise<UserDetail> {
  const row = await visibleUser(db, caller, userId);
  if (!row) throw problems.notFound('no such user');
  return { ...row, mayManage: mayManage(caller, row), invitationExpiresAt: row.status === 'invited' ? await openInvitationExpiry(db, userId) : null };
}

/** What the audit log keeps about a user, before and after a change. */
export function snapshotOf(row: UserRow) {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    merchantGroupId: row.merchantGroupId,
    merchantIds: row.properties.map((property) => property.merchantId),
    status: row.status,
  };
}

export async function setRoleAndScope(db: Db, userId: string, role: PickerRole, merchantIds: string[]): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  await db.insertInto('user_roles').values({ user_id: userId, role_name: role, position: 0 }).execute();
  await db.deleteFrom('user_merchant_scopes').where('user_id', '=', userId).execute();
  if (merchantIds.length > 0)
    await db
      .insertInto('user_merchant_scopes')
      .values(merchantIds.map((merchantId) => ({ user_id: userId, merchant_id: merchantId })))
      .execute();
}

/** The one way a user's name, role or scope changes (the users screen, merchant-scopes/assign, user-merchant-permissions/transactions). */
export async function changeUser(
  db: Db,
  caller: Caller,
  change: { userId: string; firstName?: string; lastName?: string; role?: PickerRole; merchantIds: string[] },
  /** The update call's request: its If-Match names the version the change was made from (decision 0355). */
  request?: FastifyRequest,
): Promise<UserDetail> {
  // Held for the rest of the request, by every change of the user whether it names a version or not (decision 0354,
  // amended 2026-11-30): two changes made from one version cannot both pass the check below, and no other change
  // commits between a versioned one's check and its write. Taken before anything is written, so two changes of one
  // user wait here instead of each holding a part of the other's rows (a deadlock).
  await db.selectFrom('users').select('id').where('id', '=', change.userId).forUpdate().executeTakeFirst();
  const target = await visibleUser(db, caller, change.userId);
  if (!target) throw problems.notFound('no such user');
  // A stale page must not undo a colleague's change: a narrowed scope re-widened, a role given back.
  if (request) assertCurrentVersion(request, target.updatedAt, USER_CHANGED_DETAIL, 'user.changedSince');
  const role = change.role ?? (target.role as PickerRole | null);
  const roleOrScopeChanges =
    role !== target.role ||
    change.merchantIds.length !== target.properties.length ||
    change.merchantIds.some((id) => !target.properties.some((property) => property.merchantId === id));
  if (target.userId === caller.userId) {
    // Your own name is yours to fix; your own role and scope never (nobody raises their own role).
    if (roleOrScopeChanges) throw problems.forbidden('you cannot change your own role or properties; ask another administrator').withCode('user.ownAccess');
  } else {
    assertMayManage(caller, target, 'change');
  }
  if (roleOrScopeChanges) {
    if (!role) throw problems.validation({ role: ['pick a role from the role picker'] });
    assertMayGrant(caller, role);
    if ((target.merchantGroupId === null) !== (role === 'FolioAdmin' || role === 'FolioUser' || role === 'FolioBot'))
      throw problems.validation({
        role: ['a user stays on their side: provider staff keep a provider role, a merchant group user a merchant or property role'],
      });
    const merchantIds = await checkedMerchantIds(db, caller, role, target.merchantGroupId, change.merchantIds);
    await assertNotLastAdmin(db, target, role, 'change the role of');
    await setRoleAndScope(db, target.userId, role, merchantIds);
  }
  await db
    .updateTable('users')
    .set({ first_name: change.firstName ?? target.firstName, last_name: change.lastName ?? target.lastName, updated_at: new Date() })
    .where('id', '=', target.userId)
    .execute();
  const after = await detailOf(db, { ...caller, merchantScope: 'all' }, target.userId);
  await audit(db, caller.userId, 'user.updated', 'user', target.userId, { before: snapshotOf(target), after: snapshotOf(after) });
  return detailOf(db, caller, target.userId);
}
