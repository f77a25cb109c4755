import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { PropertyFilter, PropertyRow, PropertySearchBody } from '../../contract/properties';
import type { Db } from '../db/database';
import type { ColumnOf, ColumnsOf } from '../db/row-types';
import { escapeLike, lowerBound, orderByClause, sortKeys, toIso, upperBound, type SortColumn } from '../lists/list-query';

// The properties table (spec 2 "/properties"): one query shape for the page and its count, scoped
// to the merchants the caller may see.

type SortId = NonNullable<PropertySearchBody['sorting']>[number]['id'];
const SORT_COLUMNS: Record<SortId, SortColumn> = {
  name: { expr: 'm.name' },
  status: { expr: 'm.status' },
  merchantGroupName: { expr: 'g.name' },
  city: { expr: 'm.city' },
  createdAt: { expr: 'm.created_at' },
};
const TIEBREAK: SortColumn = { expr: 'm.id' };

export function propertyWhere(filters: PropertyFilter, merchants: 'all' | string[]): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`TRUE`];
  if (merchants !== 'all') parts.push(merchants.length ? sql`m.id IN (${sql.join(merchants.map((id) => sql`${id}::uuid`))})` : sql`FALSE`);
  if (filters.statuses?.length) parts.push(sql`m.status IN (${sql.join(filters.statuses)})`);
  if (filters.merchantGroupIds?.length) parts.push(sql`m.merchant_group_id IN (${sql.join(filters.merchantGroupIds.map((id) => sql`${id}::uuid`))})`);
  if (filters.createdFrom) parts.push(sql`m.created_at >= ${lowerBound(filters.createdFrom)}::timestamptz`);
  if (filters.createdTo) parts.push(sql`m.created_at < ${upperBound(filters.createdTo)}::timestamptz`);
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search.toLowerCase())}%`;
    parts.push(sql`(lower(m.name) LIKE ${pattern} OR lower(g.name) LIKE ${pattern} OR lower(coalesce(m.city, '')) LIKE ${pattern})`);
  }
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

/** A property as PROPERTY_SELECT reads it, typed from the schema (decision 0610). */
export type PropertyRecord = ColumnsOf<
  'merchants',
  | 'id'
  | 'merchant_group_id'
  | 'name'
  | 'status'
  | 'city'
  | 'created_at'
  | 'status_changed_at'
  | 'property_type'
  | 'latitude'
  | 'longitude'
  | 'post_code'
  | 'checkin_time'
  | 'checkout_time'
  | 'active'
  | 'currency'
  | 'timezone'
> & { group_name: ColumnOf<'merchant_groups', 'name'> };

export const PROPERTY_SELECT = sql.raw(
  `m.id, m.merchant_group_id, g.name AS group_name, m.name, m.status, m.city, m.created_at, m.status_changed_at, m.property_type,
   m.latitude, m.longitude, m.post_code, m.checkin_time, m.checkout_time, m.active, m.currency, m.timezone`,
);
// The city, post code and type are the property's own columns, also for its property-info page (decision 0302).
export const PROPERTY_FROM = sql.raw(`merchants m JOIN merchant_groups g ON g.id = m.merchant_group_id`);

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

export function toPropertyRow(record: PropertyRecord): PropertyRow {
  return {
    merchantId: record.id,
    merchantGroupId: record.merchant_group_id,
    merchantGroupName: record.group_name,
    name: record.name,
    status: record.status as PropertyRow['status'],
    city: record.city,
    createdAt: toIso(record.created_at),
    propertyType: record.property_type,
    latitude: numberOrNull(record.latitude),
    longitude: numberOrNull(record.longitude),
    postCode: record.post_code,
    checkinTime: record.checkin_time,
    checkoutTime: record.checkout_time,
    active: record.active,
    currency: record.currency.trim(),
    timezone: record.timezone,
  };
}

export async function propertyPage(db: Db, body: PropertySearchBody & { pagination: { page: number; pageSize: number } }, merchants: 'all' | string[]) {
  const keys = sortKeys(
    SORT_COLUMNS,
    (body.sorting ?? []).map((sort) => ({ id: sort.id, desc: sort.desc ?? false })),
    { id: 'createdAt', desc: true },
    TIEBREAK,
  );
  const { page, pageSize } = body.pagination;
  const result = await sql<PropertyRecord>`
    SELECT ${PROPERTY_SELECT} FROM ${PROPERTY_FROM}
    WHERE ${propertyWhere(body.filters ?? {}, merchants)}
    ORDER BY ${orderByClause(keys)} LIMIT ${pageSize} OFFSET ${page * pageSize}`.execute(db);
  return result.rows.map(toPropertyRow);
}

export async function countProperties(db: Db, filters: PropertyFilter, merchants: 'all' | string[]) {
  const result = await sql<{ n: string | number }>`SELECT count(*) AS n FROM ${PROPERTY_FROM} WHERE ${propertyWhere(filters, merchants)}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

export async function propertyRecord(db: Db, id: string, merchants: 'all' | string[], lock = false): Promise<PropertyRecord | undefined> {
  const result = await sql<PropertyRecord>`
    SELECT ${PROPERTY_SELECT} FROM ${PROPERTY_FROM} WHERE m.id = ${id}::uuid AND ${propertyWhere({}, merchants)}${lock ? sql` FOR UPDATE OF m` : sql``}`.execute(
    db,
  );
  return result.rows[0];
}
