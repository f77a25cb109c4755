import { FINISHES_PAYMENTS, type Capabilities, type PropertyCapabilities } from '../../contract/capabilities';
import { endpoints } from '../../contract/endpoints';
import type { PropertyStatus } from '../../contract/properties';
import { can, canSeeMerchant, type Caller } from '../auth/caller';
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

export async function capabilitiesOf(db: Db, caller: Caller, merchantId: string | undefined): Promise<Capabilities> {
  const may = callableEndpoints(caller);
  return { may, property: merchantId ? await propertyCapabilities(db, caller, merchantId, may) : null };
}
