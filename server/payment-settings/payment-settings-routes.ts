import type { FastifyInstance } from 'fastify';
import { MERCHANT_CONFIGS_PAGE_LIMIT, merchantConfigEndpoints, PAYMENT_SETTINGS_CHANGED_DETAIL, type MerchantConfig } from '../../contract/payment-settings';
import type { PaymentSettings } from '../../contract/settings/payment';
import { audit } from '../audit';
import { canSeeMerchant, isProviderStaff, type Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { escapeLike } from '../lists/list-query';
import { assertCurrentVersion } from '../http/versions';
import { lockGroupForSettingsSave } from '../settings/settings-access';
import { readSettings, resetPropertySettings, savePropertySettings } from '../settings/settings-store';

// Spec 7 `merchant-config` (decision 0243): a property's payment settings through the settings
// store's functions, on the PaymentSettings resource, scoped to the properties the caller may see.

const KIND = 'payment';

interface PropertyRow {
  id: string;
  merchant_group_id: string;
  name: string;
  group_name: string;
}

function propertiesQuery(db: Db, caller: Caller) {
  let query = db
    .selectFrom('merchants')
    .innerJoin('merchant_groups', 'merchant_groups.id', 'merchants.merchant_group_id')
    .select(['merchants.id', 'merchants.merchant_group_id', 'merchants.name', 'merchant_groups.name as group_name']);
  if (!isProviderStaff(caller)) {
    const scope = caller.merchantScope as string[];
    query = query.where('merchants.id', 'in', scope.length ? scope : ['00000000-0000-0000-0000-000000000000']);
  }
  return query;
}

async function configOf(db: Db, property: PropertyRow): Promise<MerchantConfig> {
  const answer = await readSettings(db, property.merchant_group_id, KIND, property.id);
  return {
    merchantId: property.id,
    merchantGroupId: property.merchant_group_id,
    merchantName: property.name,
    groupName: property.group_name,
    hasOwnSettings: Object.values(answer.sources).includes('property'),
    settings: answer.values as PaymentSettings,
    updatedAt: answer.updatedAt,
  };
}

/** The property, locked for a change, when the caller may see it; 404 otherwise. */
async function visibleProperty(db: Db, caller: Caller, merchantId: string): Promise<PropertyRow> {
  if (!canSeeMerchant(caller, merchantId)) throw problems.notFound('no such property');
  const merchant = await db.selectFrom('merchants').select('merchant_group_id').where('id', '=', merchantId).executeTakeFirst();
  if (!merchant) throw problems.notFound('no such property');
  // The version includes the group's payment values, which the settings pages save under the group's row lock: taken
  // here too, before the property's (the order those saves take them in), so no save of either commits between this
  // check and this write (decision 0354, amended 2026-11-30).
  await lockGroupForSettingsSave(db, merchant.merchant_group_id);
  await db.selectFrom('merchants').select('id').where('id', '=', merchantId).forUpdate().executeTakeFirst();
  const property = await propertiesQuery(db, caller).where('merchants.id', '=', merchantId).executeTakeFirst();
  if (!property) throw problems.notFound('no such property');
  return property;
}

export function registerMerchantConfigRoutes(app: FastifyInstance): void {
  registerEndpoint(
    app,
    merchantConfigEndpoints.searchMerchantConfigs,
    async ({ body, caller, ctx }) => {
      let query = propertiesQuery(ctx.db, caller);
      if (body.merchantGroupId) query = query.where('merchants.merchant_group_id', '=', body.merchantGroupId);
      if (body.merchantId) query = query.where('merchants.id', '=', body.merchantId);
      const search = body.search?.trim();
      if (search)
        query = query.where((eb) =>
          eb.or([eb('merchants.name', 'ilike', `%${escapeLike(search)}%`), eb('merchant_groups.name', 'ilike', `%${escapeLike(search)}%`)]),
        );
      // A page at a time (decision 0715): only the page's properties have their settings read.
      const pageSize = body.pageSize ?? MERCHANT_CONFIGS_PAGE_LIMIT;
      const properties = await query
        .orderBy('merchant_groups.name')
        .orderBy('merchants.position')
        .orderBy('merchants.name')
        .orderBy('merchants.id')
        .limit(pageSize)
        .offset((body.page ?? 0) * pageSize)
        .execute();
      return Promise.all(properties.map((property) => configOf(ctx.db, property)));
    },
    { transaction: false },
  );

  for (const [id, adding] of [
    ['createMerchantConfig', true],
    ['updateMerchantConfig', false],
  ] as const) {
    registerEndpoint(app, merchantConfigEndpoints[id], async ({ body, caller, ctx, request }) => {
      const property = await visibleProperty(ctx.db, caller, body.merchantId);
      const before = await configOf(ctx.db, property);
      // The group's and the property's rows are locked (visibleProperty), so this check and the write cannot interleave with another save.
      assertCurrentVersion(request, before.updatedAt, PAYMENT_SETTINGS_CHANGED_DETAIL, 'paymentSettings.changedSince');
      if (adding && before.hasOwnSettings)
        throw problems
          .conflict(`${property.name} has payment settings of its own already; edit them instead`)
          .withCode('paymentSettings.ownAlready', { property: property.name });
      const saved = await savePropertySettings(ctx.db, property.merchant_group_id, property.id, KIND, body.settings);
      await audit(ctx.db, caller.userId, adding ? 'merchantConfig.create' : 'merchantConfig.update', 'merchant', property.id, { changed: saved.changed });
      return configOf(ctx.db, property);
    });
  }

  registerEndpoint(app, merchantConfigEndpoints.deleteMerchantConfig, async ({ params, caller, ctx }) => {
    const property = await visibleProperty(ctx.db, caller, params.id);
    if (!(await configOf(ctx.db, property)).hasOwnSettings)
      throw problems.conflict(`${property.name} has no payment settings of its own to delete`).withCode('paymentSettings.noneOwn', { property: property.name });
    const dropped = await resetPropertySettings(ctx.db, property.merchant_group_id, property.id, KIND);
    await audit(ctx.db, caller.userId, 'merchantConfig.delete', 'merchant', property.id, { dropped: dropped.changed });
    return configOf(ctx.db, property);
  });
}
