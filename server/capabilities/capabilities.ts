import { sql } from 'kysely';
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
import { escapeLike } from '../lists/list-query';
import { propertyCheckout } from '../payment-links/property-checkout';
import { moneyBlockOf, propertyStatusOpens } from '../properties/property-money-rules';
import { effectiveSettingsOf, mostKeptPropertyTimeZone } from '../settings/settings-store';
import { CURRENCY_RULES_DEFAULTS } from '../../contract/settings/currency-rules';
import { SETTINGS_KIND_DEFINITIONS } from '../../contract/settings/kinds';
import { startingTimeZone } from '../../contract/country-time-zones';

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
  const [checkout, settings] = await Promise.all([propertyCheckout(db, row.id), effectiveSettingsOf(db, row.merchant_group_id, row.id, 'payment')]);
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
function addPropertyGroupsQuery(db: Db, caller: Caller, callable: readonly string[]) {
  if (!callable.includes(propertyEndpoints.createProperty.id)) return undefined;
  if (!isProviderStaff(caller) && !caller.merchantGroupId) return undefined;
  const open = db.selectFrom('merchant_groups').where('status', 'not in', [...GROUPS_CLOSED_TO_NEW_PROPERTIES]);
  return isProviderStaff(caller) ? open : open.where('id', '=', caller.merchantGroupId!);
}

/**
 * How many groups the caller may add a property in: what every capabilities answer says (decision 0714). Counted, not
 * listed: a provider's thousands of groups, each with what a new property starts with there, are the add-property
 * form's to ask for (`searchAddPropertyGroups`), not every page's.
 */
async function addPropertyGroupCount(db: Db, caller: Caller, callable: readonly string[]): Promise<number> {
  const groups = addPropertyGroupsQuery(db, caller, callable);
  if (!groups) return 0;
  const { count } = await groups.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * The groups in which the caller may add a property whose name holds `search`: the first ADD_PROPERTY_GROUPS_LIMIT by
 * name, each with what a new property starts with there, and how many there are.
 */
export async function searchAddPropertyGroups(db: Db, caller: Caller, search: string | undefined): Promise<{ items: PropertyGroup[]; total: number }> {
  let groups = addPropertyGroupsQuery(db, caller, callableEndpoints(caller));
  if (!groups) return { items: [], total: 0 };
  const words = search?.trim();
  if (words) groups = groups.where('name', 'ilike', `%${escapeLike(words)}%`);
  // What a new property starts with comes from the group, read with the list in one statement (not per group), and
  // only for the groups named.
  const groupSetting = (kind: 'location' | 'currency-rules', field: string) =>
    sql<string | null>`(SELECT s.data->>${field} FROM merchant_settings s
      WHERE s.merchant_group_id = merchant_groups.id AND s.merchant_id IS NULL AND s.kind = ${SETTINGS_KIND_DEFINITIONS[kind].storedAs})`;
  const [rows, { count }] = await Promise.all([
    groups
      .select(['id', 'name', 'country'])
      .select(groupSetting('location', 'timezone').as('timezone'))
      .select(groupSetting('currency-rules', 'settlementCurrency').as('settlement_currency'))
      .select(
        sql<string | null>`(SELECT trim(m.currency) FROM merchants m WHERE m.merchant_group_id = merchant_groups.id
          GROUP BY trim(m.currency) ORDER BY count(*) DESC, trim(m.currency) LIMIT 1)`.as('property_currency'),
      )
      .select(mostKeptPropertyTimeZone.as('property_timezone'))
      .orderBy('name')
      .orderBy('id')
      .limit(ADD_PROPERTY_GROUPS_LIMIT)
      .execute(),
    groups.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((group) => ({
      merchantGroupId: group.id,
      name: group.name,
      startsWith: {
        currency: group.settlement_currency ?? group.property_currency ?? CURRENCY_RULES_DEFAULTS.settlementCurrency,
        timezone: startingTimeZone(group.country, [group.timezone, group.property_timezone]),
      },
    })),
    total: Number(count),
  };
}

export async function capabilitiesOf(db: Db, caller: Caller, merchantId: string | undefined): Promise<Capabilities> {
  const may = callableEndpoints(caller);
  const [property, addGroups] = await Promise.all([
    merchantId ? propertyCapabilities(db, caller, merchantId, may) : null,
    addPropertyGroupCount(db, caller, may),
  ]);
  return { may, addPropertyGroupCount: addGroups, property };
}
