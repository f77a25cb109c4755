import type { FastifyInstance } from 'fastify';
import { merchantConfigEndpoints, VCC_SETTINGS_CHANGED_DETAIL, type VccChargeTiming, type VccMerchantConfig } from '../../contract/payment-settings';
import { audit } from '../audit';
import { canSeeMerchant, isProviderStaff, type Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { assertCurrentVersion } from '../http/versions';

// Spec 7 `vcc-merchant-configs` (decision 0295): a property's virtual card config, one per property, scoped to
// the properties the caller may see, saved (created or replaced) with an audit entry.

const COLUMNS = [
  'merchants.id as merchant_id',
  'merchants.merchant_group_id',
  'merchants.name',
  'vcc_merchant_configs.enabled',
  'vcc_merchant_configs.channels',
  'vcc_merchant_configs.charge_timing',
  'vcc_merchant_configs.days_before_check_in',
  'vcc_merchant_configs.notification_email',
  'vcc_merchant_configs.updated_at',
] as const;

function configsQuery(db: Db, caller: Caller) {
  let query = db.selectFrom('vcc_merchant_configs').innerJoin('merchants', 'merchants.id', 'vcc_merchant_configs.merchant_id').select(COLUMNS);
  if (!isProviderStaff(caller)) {
    const scope = caller.merchantScope as string[];
    query = query.where('merchants.id', 'in', scope.length ? scope : ['00000000-0000-0000-0000-000000000000']);
  }
  return query;
}

type ConfigRow = Awaited<ReturnType<ReturnType<typeof configsQuery>['executeTakeFirstOrThrow']>>;

function answerOf(row: ConfigRow): VccMerchantConfig {
  return {
    merchantId: row.merchant_id,
    merchantGroupId: row.merchant_group_id,
    merchantName: row.name,
    enabled: row.enabled,
    channels: row.channels as VccMerchantConfig['channels'],
    chargeTiming: row.charge_timing as VccChargeTiming,
    daysBeforeCheckIn: row.days_before_check_in,
    notificationEmail: row.notification_email,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function registerVccConfigRoutes(app: FastifyInstance): void {
  registerEndpoint(
    app,
    merchantConfigEndpoints.searchVccMerchantConfigs,
    async ({ body, caller, ctx }) => {
      let query = configsQuery(ctx.db, caller);
      if (body.merchantGroupId) query = query.where('merchants.merchant_group_id', '=', body.merchantGroupId);
      if (body.merchantId) query = query.where('merchants.id', '=', body.merchantId);
      const rows = await query.orderBy('merchants.position').orderBy('merchants.name').limit(500).execute();
      return rows.map(answerOf);
    },
    { transaction: false },
  );

  registerEndpoint(app, merchantConfigEndpoints.saveVccMerchantConfig, async ({ body, caller, ctx, request }) => {
    // Locked, so two saves of one property take turns; 404 for a property outside the caller's merchants.
    const property = await ctx.db.selectFrom('merchants').select(['id', 'name']).where('id', '=', body.merchantId).forUpdate().executeTakeFirst();
    if (!property || !canSeeMerchant(caller, property.id)) throw problems.notFound('no such property');
    const values = {
      enabled: body.enabled,
      channels: body.channels,
      charge_timing: body.chargeTiming,
      days_before_check_in: body.chargeTiming === 'BeforeCheckIn' ? body.daysBeforeCheckIn : null,
      notification_email: body.notificationEmail ? body.notificationEmail : null,
      updated_by: caller.userId,
      updated_at: new Date(),
    };
    const existed = await ctx.db.selectFrom('vcc_merchant_configs').select(['id', 'updated_at']).where('merchant_id', '=', property.id).executeTakeFirst();
    // Someone saved since the caller opened the config: theirs stays (decision 0352). The property row is locked above.
    assertCurrentVersion(request, existed ? new Date(existed.updated_at).toISOString() : null, VCC_SETTINGS_CHANGED_DETAIL, 'vccSettings.changedSince');
    await ctx.db
      .insertInto('vcc_merchant_configs')
      .values({ merchant_id: property.id, ...values })
      .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet(values))
      .execute();
    await audit(ctx.db, caller.userId, existed ? 'vccConfig.update' : 'vccConfig.create', 'merchant', property.id, {
      enabled: values.enabled,
      channels: values.channels,
      chargeTiming: values.charge_timing,
      daysBeforeCheckIn: values.days_before_check_in,
    });
    return answerOf(await configsQuery(ctx.db, caller).where('merchants.id', '=', property.id).executeTakeFirstOrThrow());
  });
}
