import type { FastifyInstance } from 'fastify';
import { userEndpoints } from '../../contract/users';
import { can, isProviderStaff, type Caller } from '../auth/caller';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { registerUserAdminRoutes } from './user-admin-routes';
import { findMerchantUserInfo, findUserProfileRow } from './user-repository';

const { getUserProfile, getMerchantUserInfo } = userEndpoints;

/**
 * Yourself always; anyone else only with Read on Users and inside your scope: provider staff see
 * every user, everyone else the users of their own merchant group. A user outside the scope is a
 * 404, so the answer does not tell whether the id exists.
 */
function checkAccess(caller: Caller, target: { id: string; merchantGroupId: string | null } | undefined): void {
  if (target && target.id === caller.userId) return;
  // The contract's object rule, which the permission matrix states (issue 32).
  const { resource, action } = getUserProfile.objectRule.others;
  if (!can(caller, resource, action)) throw problems.forbidden(`another user's profile needs ${action} on ${resource}`);
  const inScope = target !== undefined && (isProviderStaff(caller) || (caller.merchantGroupId !== null && target.merchantGroupId === caller.merchantGroupId));
  if (!inScope) throw problems.notFound('no such user');
}

export function registerUserRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  registerEndpoint(app, getUserProfile, async ({ params, caller }) => {
    const row = await findUserProfileRow(ctx.db, params.id);
    checkAccess(caller, row && { id: row.id, merchantGroupId: row.merchant_group_id });
    if (!row) throw problems.notFound('no such user');
    return { user: { userId: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email } };
  });

  registerEndpoint(app, getMerchantUserInfo, async ({ params, caller }) => {
    const info = await findMerchantUserInfo(ctx.db, params.id);
    checkAccess(caller, info && { id: info.userId, merchantGroupId: info.merchantGroupId });
    if (!info) throw problems.notFound('no such user');
    return info;
  });

  registerUserAdminRoutes(app);
}
