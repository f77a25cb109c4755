import type { FastifyInstance } from 'fastify';
import { capabilityEndpoints, WORKABLE_PROPERTIES_LIMIT } from '../../contract/capabilities';
import type { PropertyStatus } from '../../contract/properties';
import { isProviderStaff } from '../auth/caller';
import { registerEndpoint } from '../http/route';
import { escapeLike } from '../lists/list-query';
import { capabilitiesOf, searchAddPropertyGroups } from './capabilities';

const NO_MERCHANT = '00000000-0000-0000-0000-000000000000';

/** Issue 32: what the caller may do, and the properties they may act on (the picker of those without a switcher). */
export function registerCapabilityRoutes(app: FastifyInstance): void {
  registerEndpoint(app, capabilityEndpoints.getCapabilities, async ({ query, caller, ctx }) => capabilitiesOf(ctx.db, caller, query.merchantId));

  // The add-property form's choice of group (decision 0714): every caller asks, the answer is within what they may add.
  registerEndpoint(app, capabilityEndpoints.searchAddPropertyGroups, async ({ query, caller, ctx }) => searchAddPropertyGroups(ctx.db, caller, query.search), {
    readOnly: true,
  });

  registerEndpoint(app, capabilityEndpoints.searchWorkableProperties, async ({ query, caller, ctx }) => {
    let rows = ctx.db
      .selectFrom('merchants')
      .innerJoin('merchant_groups', 'merchant_groups.id', 'merchants.merchant_group_id')
      // A deleted group's properties are nobody's work any more.
      .where('merchant_groups.status', '!=', 'Deleted');
    if (!isProviderStaff(caller)) {
      const scope = caller.merchantScope as string[];
      rows = rows.where('merchants.id', 'in', scope.length ? scope : [NO_MERCHANT]);
    }
    const search = query.search?.trim();
    if (search)
      rows = rows.where((eb) =>
        eb.or([eb('merchants.name', 'ilike', `%${escapeLike(search)}%`), eb('merchant_groups.name', 'ilike', `%${escapeLike(search)}%`)]),
      );
    const [items, total] = await Promise.all([
      rows
        .select(['merchants.id', 'merchants.name', 'merchants.status', 'merchant_groups.name as group_name'])
        // Those that take money first: they are where most work happens.
        .orderBy((eb) => eb.case().when('merchants.status', '=', 'Active').then(0).else(1).end())
        .orderBy('merchants.name')
        .limit(WORKABLE_PROPERTIES_LIMIT)
        .execute(),
      rows.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: items.map((row) => ({ merchantId: row.id, name: row.name, status: row.status as PropertyStatus, groupName: row.group_name })),
      total: Number(total.count),
    };
  });
}
