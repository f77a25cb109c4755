import type { FastifyInstance } from 'fastify';
import { apiGrantsOf } from '../../contract/permission-rules';
import { ACTIONS, type Resource } from '../../contract/roles';
import { scopeRuleOf, userAdminEndpoints } from '../../contract/user-admin';
import { canSeeMerchant, type Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { changeUser } from './user-changes';
import { usersCovering, visibleUser } from './user-query';

// Spec 7 `user-merchant-settings` and `user-merchant-permissions/*` (decision 0312), read from and
// written to the one scope model: a user's role (its grants and scope rule in the permission table)
// and the properties assigned to them (user_merchant_scopes). No table of its own.

const e = userAdminEndpoints;

/** A property the caller may see, with its group; 404 otherwise (no existence leak). */
export async function visibleMerchant(db: Db, caller: Caller, merchantId: string) {
  const row = canSeeMerchant(caller, merchantId)
    ? await db.selectFrom('merchants').select(['id', 'name', 'merchant_group_id']).where('id', '=', merchantId).executeTakeFirst()
    : undefined;
  if (!row) throw problems.notFound('no such property');
  return row;
}

const permissionsOf = (grants: ReturnType<typeof apiGrantsOf>) =>
  Object.entries(grants)
    .map(([resource, actions]) => ({ resource: resource as Resource, permissions: ACTIONS.filter((action) => actions?.includes(action)) }))
    .sort((a, b) => a.resource.localeCompare(b.resource));

export function registerUserMerchantPermissionRoutes(app: FastifyInstance): void {
  registerEndpoint(app, e.getUserMerchantSettings, async ({ query, caller, ctx }) => {
    const merchant = await visibleMerchant(ctx.db, caller, query.MerchantId);
    return {
      merchantId: merchant.id,
      merchantName: merchant.name,
      userRole: query.UserRole,
      scope: scopeRuleOf(query.UserRole),
      permissions: permissionsOf(apiGrantsOf(query.UserRole)),
      users: await usersCovering(ctx.db, caller, merchant.id, merchant.merchant_group_id, query.UserRole),
    };
  });

  registerEndpoint(app, e.listMerchantPermissionUsers, async ({ body, caller, ctx }) => {
    const merchant = await visibleMerchant(ctx.db, caller, body.merchantId);
    return usersCovering(ctx.db, caller, merchant.id, merchant.merchant_group_id);
  });

  registerEndpoint(app, e.searchTransactionPermissions, async ({ body, caller, ctx }) => {
    if (caller.merchantScope !== 'all' && caller.merchantGroupId !== body.merchantGroupId) throw problems.notFound('no such merchant group');
    const user = await visibleUser(ctx.db, caller, body.userId);
    if (!user) throw problems.notFound('no such user');
    let rows = ctx.db.selectFrom('merchants').select(['id', 'name']).where('merchant_group_id', '=', body.merchantGroupId).orderBy('position').orderBy('name');
    if (body.merchantIds) {
      if (body.merchantIds.length === 0) return [];
      rows = rows.where('id', 'in', body.merchantIds);
    }
    const actions = user.role && user.status !== 'deactivated' ? (apiGrantsOf(user.role).Transactions ?? []) : [];
    const covers = (merchantId: string) =>
      user.scope === 'all' ||
      (user.scope === 'group' && user.merchantGroupId === body.merchantGroupId) ||
      (user.scope === 'assigned' && user.properties.some((property) => property.merchantId === merchantId));
    return (await rows.execute())
      .filter((row) => canSeeMerchant(caller, row.id))
      .map((row) => ({ merchantId: row.id, name: row.name, actions: covers(row.id) ? actions : [] }));
  });

  registerEndpoint(app, e.setTransactionPermissions, async ({ body, caller, ctx }) =>
    changeUser(ctx.db, caller, { userId: body.userId, merchantIds: body.merchantIds }),
  );

  registerEndpoint(app, e.searchMyMerchantPermissions, async ({ caller, ctx }) => {
    let rows = ctx.db.selectFrom('merchants').select(['id', 'name', 'merchant_group_id']).orderBy('name').orderBy('id');
    if (caller.merchantScope !== 'all') {
      if (caller.merchantScope.length === 0) return [];
      rows = rows.where('id', 'in', caller.merchantScope);
    }
    return (await rows.execute()).map((row) => ({
      merchantId: row.id,
      merchantGroupId: row.merchant_group_id,
      name: row.name,
      permissions: caller.permissions,
    }));
  });
}
