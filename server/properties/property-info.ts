import { sql } from 'kysely';
import { PROPERTY_FIELDS, type PropertyField, type PropertyInfo } from '../../contract/property-lifecycle';
import { isProviderStaff, type Caller } from '../auth/caller';
import type { SettingsAnswer } from '../../contract/settings/endpoints';
import { GROUPS_CLOSED_TO_NEW_PROPERTIES } from '../../contract/capabilities';
import { isCountryCode } from '../../contract/countries';
import type { OnboardingStatus } from '../../contract/onboarding-status';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { audit } from '../audit';
import { PROPERTY_ENTITY } from './property-overview';
import { propertyRecord, toPropertyRow } from './property-query';

// The property's own information: the add-property wizard's first step creates the property with
// it, and later edits change it (decision 0260). While the property is back for resubmission only
// the fields the reviewer named may change; while it is in review nothing may.

function columnsOf(info: PropertyInfo) {
  return {
    name: info.name,
    property_type: info.propertyType ?? null,
    city: info.city ?? null,
    post_code: info.postCode ?? null,
    latitude: info.latitude === null || info.latitude === undefined ? null : String(info.latitude),
    longitude: info.longitude === null || info.longitude === undefined ? null : String(info.longitude),
    checkin_time: info.checkinTime ?? null,
    checkout_time: info.checkoutTime ?? null,
    currency: info.currency,
    timezone: info.timezone,
  };
}

export async function createProperty(db: Db, caller: Caller, info: PropertyInfo, requestedGroupId: string | undefined): Promise<string> {
  const groupId = isProviderStaff(caller) ? requestedGroupId : caller.merchantGroupId;
  if (!groupId) throw problems.validation({ merchantGroupId: [isProviderStaff(caller) ? 'name the merchant group' : 'you belong to no merchant group'] });
  if (!isProviderStaff(caller) && requestedGroupId && requestedGroupId !== groupId) throw problems.forbidden('you may add properties to your own group only');
  const group = await db.selectFrom('merchant_groups').select(['id', 'status']).where('id', '=', groupId).executeTakeFirst();
  if (!group) throw problems.validation({ merchantGroupId: ['no such merchant group'] });
  // The rule the capabilities answer lists groups by (decision 0481).
  if (GROUPS_CLOSED_TO_NEW_PROPERTIES.includes(group.status as OnboardingStatus))
    throw problems
      .conflict(group.status === 'Deleted' ? 'the merchant group is deleted' : `the merchant group is ${group.status}: it takes no new property`)
      .withCode('property.groupClosed', { status: group.status });
  const { position } = await db
    .selectFrom('merchants')
    .select(sql<number>`coalesce(max(position) + 1, 0)`.as('position'))
    .where('merchant_group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('merchants')
    .values({ ...columnsOf(info), merchant_group_id: groupId, status: 'Created', position: Number(position), active: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(db, caller.userId, 'property.create', PROPERTY_ENTITY, id, { name: info.name });
  return id;
}

function changedFields(before: Record<PropertyField, unknown>, after: PropertyInfo): PropertyField[] {
  const norm = (value: unknown) => (value === undefined || value === '' ? null : value);
  return PROPERTY_FIELDS.filter((field) => norm(before[field]) !== norm(after[field]));
}

export async function updatePropertyInfo(db: Db, caller: Caller, merchantId: string, info: PropertyInfo): Promise<void> {
  const record = await propertyRecord(db, merchantId, caller.merchantScope, true);
  if (!record) throw problems.notFound(`property ${merchantId} not found`);
  const before = toPropertyRow(record);
  if (before.status === 'PendingReview')
    throw problems.conflict('the property is in review: it cannot change until the review ends').withCode('property.inReview');
  const changed = changedFields(before, info);
  if (before.status === 'ResubmissionRequired') {
    const open = await db.selectFrom('property_review_flags').select('target').where('merchant_id', '=', merchantId).where('resolved_at', 'is', null).execute();
    const named = new Set(open.map((flag) => flag.target));
    const notNamed = changed.filter((field) => !named.has(field));
    if (notNamed.length)
      throw problems
        .validation(Object.fromEntries(notNamed.map((field) => [field, ['the reviewer did not ask for this to change']])))
        .withCode('property.notFlagged');
    if (changed.length)
      await db
        .updateTable('property_review_flags')
        .set({ resolved_at: sql`now()` })
        .where('merchant_id', '=', merchantId)
        .where('resolved_at', 'is', null)
        .where('target', 'in', changed)
        .execute();
  }
  if (!changed.length) return;
  await db
    .updateTable('merchants')
    .set({ ...columnsOf(info), updated_at: sql`now()` })
    .where('id', '=', merchantId)
    .execute();
  await audit(db, caller.userId, 'property.update', PROPERTY_ENTITY, merchantId, { fields: changed });
}

/**
 * The fields of the property-info settings page that are the property's own columns (decision 0302): one
 * source, the column. The page reads them from the property and saves them through the property's
 * information (review guard, resubmission flags, audit); the settings store keeps only the page's other fields.
 */
export const INFO_COLUMN_FIELDS = ['propertyType', 'city', 'postCode'] as const;

export async function withInfoColumns(db: Db, merchantId: string, answer: SettingsAnswer): Promise<SettingsAnswer> {
  const row = await db
    .selectFrom('merchants')
    .innerJoin('merchant_groups', 'merchant_groups.id', 'merchants.merchant_group_id')
    .select(['merchants.name', 'merchants.property_type', 'merchants.city', 'merchants.post_code', 'merchant_groups.country as group_country'])
    .where('merchants.id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const columns: Record<(typeof INFO_COLUMN_FIELDS)[number], string | null> = { propertyType: row.property_type, city: row.city, postCode: row.post_code };
  const values = { ...answer.values };
  const sources = { ...answer.sources };
  // Until a display name is saved, the page offers the name the property was created with, not an empty field
  // (the wizard's first step looked as if the name just typed had been lost). That name is neither a default nor
  // the group's: the page says nothing about where it comes from (issue 34: it read "not set yet").
  if (sources.displayName === 'default' && !values.displayName) {
    values.displayName = row.name;
    delete sources.displayName;
  }
  // A property's country starts as its group's (the group's location from its application), not a fixed one (issue 34).
  if (sources.country === 'default' && row.group_country && isCountryCode(row.group_country)) [values.country, sources.country] = [row.group_country, 'group'];
  for (const field of INFO_COLUMN_FIELDS) {
    if (columns[field] === null) continue;
    values[field] = columns[field];
    sources[field] = 'property';
  }
  return { ...answer, values, sources };
}

/** Saves the column fields of a property-info page save as the property's information; answers the rest for the settings store. */
export async function saveInfoColumns(db: Db, caller: Caller, merchantId: string, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  const record = await propertyRecord(db, merchantId, caller.merchantScope);
  if (!record) throw problems.notFound(`property ${merchantId} not found`);
  const row = toPropertyRow(record);
  const text = (field: (typeof INFO_COLUMN_FIELDS)[number]) => (typeof values[field] === 'string' ? (values[field] as string) : null);
  await updatePropertyInfo(db, caller, merchantId, {
    name: row.name,
    propertyType: text('propertyType'),
    city: text('city'),
    postCode: text('postCode'),
    latitude: row.latitude,
    longitude: row.longitude,
    checkinTime: row.checkinTime,
    checkoutTime: row.checkoutTime,
    currency: row.currency,
    timezone: row.timezone,
  });
  return Object.fromEntries(Object.entries(values).filter(([field]) => !(INFO_COLUMN_FIELDS as readonly string[]).includes(field)));
}
