import {
  ADD_PROPERTY_GROUPS_LIMIT,
  FINISHES_PAYMENTS,
  GROUPS_CLOSED_TO_NEW_PROPERTIES,
  type Capabilities,
  type PropertyCapabilities,
  type PropertyGroup,
} from '../../contract/capabilities';
import { endpoints } from '../../contract/endpoints';
import { propertyEndpoints, type PropertyStatus } from '../../contract/properties';
import { can, canSeeMerchant, isProviderStaff, type Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { propertyCheckout } from '../payment-links/property-checkout';
import { moneyBlockOf, propertyStatusOpens } from '../properties/property-money-rules';
import { paymentSettingsOf } from '../settings/settings-store';

// What a caller may do (decision 0410), from the checks the server enforces: `can` is the very check
// every endpoint runs before its handler (server/http/route.ts), and the property rules
// (properties/property-money-rules.ts) are the ones the handlers of those calls apply (payment-link-routes.ts refuses a link on a property that
// takes no money). A screen asks this answer before it offers an action; the server decides again.

/** The calls the caller may make: every signed-in call, and each guarded one whose grant and group status they hold. */
export function callableEndpoints(caller: Caller): string[] {
  return endpoints
    .filter((endpoint) => endpoint.access === 'session' || (endpoint.access !== 'public' && can(caller, endpoint.access.resource, endpoint.access.action)))
    .map((endpoint) => endpoint.id);
}

export async function propertyCapabilities(db: Db, caller: Caller, merchantId: string, callable: readonly string[]): Promise<PropertyCapabilities> {
  if (!canSeeMerchant(caller, merchantId)) throw problems.notFound('no such property');
  const row = await db
    .selectFrom('merchants')
    .innerJoin('merchant_groups', 'merchant_groups.id', 'merchants.merchant_group_id')
    .select(['merchants.id', 'merchants.name', 'merchants.status', 'merchants.merchant_group_id', 'merchant_groups.name as group_name'])
    .where('merchants.id', '=', merchantId)
    .executeTakeFirst();
  if (!row) throw problems.notFound('no such property');
  const status = row.status as PropertyStatus;
  const [checkout, settings] = await Promise.all([propertyCheckout(db, row.id), paymentSettingsOf(db, row.merchant_group_id, row.id)]);
  return {
    merchantId: row.id,
    name: row.name,
    status,
    merchantGroupId: row.merchant_group_id,
    groupName: row.group_name,
    may: callable.filter((id) => propertyStatusOpens(id, status)),
    moneyBlocked: moneyBlockOf(status),
    finishesPayments: FINISHES_PAYMENTS.includes(status),
    paymentTypes: settings.paymentTypes,
    chargeCategories: settings.chargeCategories,
    currencies: checkout?.currencies ?? [],
  };
}

/**
 * The groups in which the caller may add a property, by the rule `createProperty` enforces (property-info.ts): the
 * grant, then provider staff any group open to new properties, a merchant-side user their own while it is open.
 */
export async function addPropertyGroups(db: Db, caller: Caller, callable: readonly string[]): Promise<PropertyGroup[]> {
  if (!callable.includes(propertyEndpoints.createProperty.id)) return [];
  if (!isProviderStaff(caller) && !caller.merchantGroupId) return [];
  let rows = db
    .selectFrom('merchant_groups')
    .select(['id', 'name'])
    .where('status', 'not in', [...GROUPS_CLOSED_TO_NEW_PROPERTIES]);
  if (!isProviderStaff(caller)) rows = rows.where('id', '=', caller.merchantGroupId!);
  const groups = await rows.orderBy('name').orderBy('id').limit(ADD_PROPERTY_GROUPS_LIMIT).execute();
  return groups.map((group) => ({ merchantGroupId: group.id, name: group.name }));
}

export async function capabilitiesOf(db: Db, caller: Caller, merchantId: string | undefined): Promise<Capabilities> {
  const may = callableEndpoints(caller);
  const [property, groups] = await Promise.all([merchantId ? propertyCapabilities(db, caller, merchantId, may) : null, addPropertyGroups(db, caller, may)]);
  return { may, addPropertyGroups: groups, property };
}
