import type { FastifyInstance } from 'fastify';
import { propertyEndpoints, type PropertyStatus } from '../../contract/properties';
import { merchantScopeOf, rolesOfUser } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { effectiveMerchants, pageAnswer } from '../lists/list-query';
import { createProperty, updatePropertyInfo } from './property-info';
import { transitionProperty } from './property-lifecycle';
import { secretKeyEndpoints } from '../../contract/secret-keys';
import { createSecretKey, listSecretKeys, revokeSecretKey, rotateSecretKey } from './secret-keys';
import { propertyOverview } from './property-overview';
import { registerBrandAssetRoutes } from './brand-asset-routes';
import { countProperties, propertyPage } from './property-query';

const {
  getUserScopeProperties,
  getPropertyStatuses,
  searchProperties,
  getPropertyOverview,
  transitionProperty: transitionEndpoint,
  createProperty: createEndpoint,
  updatePropertyInfo: updateInfoEndpoint,
} = propertyEndpoints;

async function propertiesOf(db: Db, merchantIds: string[] | 'all') {
  if (merchantIds !== 'all' && merchantIds.length === 0) return [];
  let query = db
    .selectFrom('merchants')
    .innerJoin('merchant_groups', 'merchant_groups.id', 'merchants.merchant_group_id')
    .select(['merchants.id', 'merchants.merchant_group_id', 'merchants.name', 'merchants.currency', 'merchants.status'])
    .orderBy('merchant_groups.name')
    .orderBy('merchants.position')
    .orderBy('merchants.name');
  if (merchantIds !== 'all') query = query.where('merchants.id', 'in', merchantIds);
  return query.execute();
}

export function registerPropertyRoutes(app: FastifyInstance): void {
  registerEndpoint(app, getUserScopeProperties, async ({ params, caller, ctx }) => {
    let scope: string[] | 'all' = caller.merchantScope;
    const self = caller.kind === 'key' ? caller.keyId : caller.userId;
    // A secret key reads its own property (named by its key id), never a person's list, not even its maker's (decision 0370).
    if (caller.kind === 'key' && params.id !== self) throw problems.notFound('no such user');
    if (params.id !== self) {
      // Someone else's list: only within what the caller may see, never more.
      const user = await ctx.db.selectFrom('users').select(['id', 'merchant_group_id']).where('id', '=', params.id).executeTakeFirst();
      const visible = user && (caller.merchantScope === 'all' || (user.merchant_group_id !== null && user.merchant_group_id === caller.merchantGroupId));
      if (!user || !visible) throw problems.notFound('no such user');
      const roles = await rolesOfUser(ctx.db, user.id);
      const theirs = await merchantScopeOf(ctx.db, roles, user.id, user.merchant_group_id);
      // Provider staff have no list of their own: they work on every merchant, not on "their" properties.
      if (theirs === 'all') return [];
      const mine = caller.merchantScope;
      scope = mine === 'all' ? theirs : theirs.filter((id) => mine.includes(id));
    } else if (scope === 'all') {
      return [];
    }
    const rows = await propertiesOf(ctx.db, scope);
    return rows.map((row) => ({ merchantId: row.id, merchantGroupId: row.merchant_group_id, name: row.name, currency: row.currency }));
  });

  registerEndpoint(
    app,
    getPropertyStatuses,
    async ({ body, caller, ctx }) => {
      const mine = caller.merchantScope;
      const scope = !body.merchantIds ? mine : mine === 'all' ? body.merchantIds : body.merchantIds.filter((id) => mine.includes(id));
      const rows = await propertiesOf(ctx.db, scope);
      return rows.map((row) => ({ merchantId: row.id, status: row.status as PropertyStatus }));
    },
    { transaction: false },
  );

  // The properties table, the overview and the lifecycle (issue 18, decision 0260).
  registerEndpoint(
    app,
    searchProperties,
    async ({ body, caller, merchantId, ctx }) => {
      const merchants = effectiveMerchants(caller.merchantScope, merchantId, undefined);
      const { page, pageSize } = body.pagination;
      const items = await propertyPage(ctx.db, body, merchants);
      const total = await countProperties(ctx.db, body.filters, merchants);
      return pageAnswer(items, { total, exact: true }, page, pageSize);
    },
    { readOnly: true },
  );
  registerEndpoint(app, getPropertyOverview, async ({ params, caller, ctx }) => propertyOverview(ctx.db, caller, params.id));
  registerEndpoint(app, transitionEndpoint, async ({ params, body, caller, ctx }) => {
    await transitionProperty(ctx.db, caller, params.id, body);
    return propertyOverview(ctx.db, caller, params.id);
  });
  registerEndpoint(app, createEndpoint, async ({ body, caller, ctx }) => {
    const { merchantGroupId, ...info } = body;
    const id = await createProperty(ctx.db, caller, info, merchantGroupId);
    // The new property is in the caller's scope from now on; a merchant-side caller's scope was read before it existed.
    const scope = caller.merchantScope === 'all' ? 'all' : [...caller.merchantScope, id];
    return propertyOverview(ctx.db, { ...caller, merchantScope: scope }, id);
  });
  registerEndpoint(app, updateInfoEndpoint, async ({ params, body, caller, ctx }) => {
    await updatePropertyInfo(ctx.db, caller, params.id, body);
    return propertyOverview(ctx.db, caller, params.id);
  });

  registerBrandAssetRoutes(app);

  // Secret keys (decision 0262).
  registerEndpoint(app, secretKeyEndpoints.listSecretKeys, async ({ params, caller, ctx }) => listSecretKeys(ctx.db, caller, params.id));
  registerEndpoint(app, secretKeyEndpoints.createSecretKey, async ({ params, body, caller, ctx }) => createSecretKey(ctx.db, caller, params.id, body.name));
  registerEndpoint(app, secretKeyEndpoints.rotateSecretKey, async ({ params, body, caller, ctx }) =>
    rotateSecretKey(ctx.db, caller, params.id, params.keyId, body.overlapHours),
  );
  registerEndpoint(app, secretKeyEndpoints.revokeSecretKey, async ({ params, caller, ctx }) => revokeSecretKey(ctx.db, caller, params.id, params.keyId));
}
