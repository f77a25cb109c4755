import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { PROPERTY_MANAGERS_CHANGED_DETAIL, userAdminEndpoints, type PropertyManagers, type UserRow } from '../../contract/user-admin';
import type { Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { assertCurrentVersion } from '../http/versions';
import { changeUser } from './user-changes';
import { visibleMerchant } from './user-merchant-permission-routes';
import { propertyManagersOf } from './user-query';

// The property-manager settings page (spec 2): which of the group's property managers cover a property.
// Two admins editing it at once must not undo each other's choice without a word (decision 0684), so the
// page reads the choice with a version and saves it whole, in one transaction, refused when the choice
// has changed since. The assignments stay the users' scopes (user_merchant_scopes): no table of its own.

const e = userAdminEndpoints;

const covers = (user: UserRow, merchantId: string) => user.properties.some((property) => property.merchantId === merchantId);

/**
 * The version of a property's manager choice: which managers there are to choose from and which of them cover it.
 * Made from the choice itself rather than a timestamp, because it lives on many users' rows; a manager's other
 * properties are left out on purpose: the save keeps them as they are, so a change to them need not refuse it.
 */
export function managersVersionOf(managers: UserRow[], merchantId: string): string {
  const choice = managers.map((user) => `${user.userId}:${covers(user, merchantId) ? 1 : 0}`).sort();
  return createHash('sha256').update(choice.join(',')).digest('base64url').slice(0, 22);
}

async function answerOf(db: Db, caller: Caller, merchantId: string, merchantGroupId: string): Promise<PropertyManagers> {
  const managers = await propertyManagersOf(db, caller, merchantGroupId);
  return { merchantId, managers, version: managersVersionOf(managers, merchantId) };
}

export function registerPropertyManagerRoutes(app: FastifyInstance): void {
  registerEndpoint(app, e.getPropertyManagers, async ({ params, caller, ctx }) => {
    const merchant = await visibleMerchant(ctx.db, caller, params.merchantId);
    return answerOf(ctx.db, caller, merchant.id, merchant.merchant_group_id);
  });

  registerEndpoint(app, e.setPropertyManagers, async ({ params, body, caller, ctx, request }) => {
    const merchant = await visibleMerchant(ctx.db, caller, params.merchantId);
    // Held to the end of the request: two saves of one property's managers, or a save and a change to one of
    // the managers on the users screen, take turns, so both cannot pass the version check below.
    await ctx.db.selectFrom('merchants').select('id').where('id', '=', merchant.id).forUpdate().executeTakeFirst();
    await ctx.db
      .selectFrom('users')
      .select('id')
      .where('merchant_group_id', '=', merchant.merchant_group_id)
      .where(sql<boolean>`EXISTS (SELECT 1 FROM user_roles WHERE user_roles.user_id = users.id AND user_roles.role_name = 'PropertyManager')`)
      .forUpdate()
      .execute();
    const before = await answerOf(ctx.db, caller, merchant.id, merchant.merchant_group_id);
    assertCurrentVersion(request, before.version, PROPERTY_MANAGERS_CHANGED_DETAIL, 'propertyManagers.changedSince');
    const chosen = new Set(body.userIds);
    const unknown = body.userIds.filter((userId) => !before.managers.some((user) => user.userId === userId));
    if (unknown.length > 0) throw problems.validation({ userIds: ["choose among the group's property managers shown for this property"] });
    for (const user of before.managers.filter((manager) => covers(manager, merchant.id) !== chosen.has(manager.userId))) {
      // Their other properties as they are now, under the lock: a colleague's change to those is kept.
      const others = user.properties.map((property) => property.merchantId).filter((id) => id !== merchant.id);
      await changeUser(ctx.db, caller, { userId: user.userId, merchantIds: chosen.has(user.userId) ? [...others, merchant.id] : others });
    }
    return answerOf(ctx.db, caller, merchant.id, merchant.merchant_group_id);
  });
}
