import { sql, type InferResult, type RawBuilder, type SqlBool } from 'kysely';
import { ORDER_STATUS_CODE, type OrderFilter, type OrderQuery, type OrderRow, type OrderStatus } from '../../contract/transactions';
import type { Db } from '../db/database';
import type { OrderLinkColumn } from './transaction-links';
import {
  cappedCount,
  escapeLike,
  moneyListConditions,
  pageWithTotal,
  orderByClause,
  sortKeys,
  toIso,
  toNumber,
  type SortColumn,
  type SortKey,
} from '../lists/list-query';

// One query shape for the transactions table and its export, so an export holds exactly the
// rows the table shows for the same filter, sorting and scope (spec 2 "/transactions").

type OrderSortId = OrderQuery['sorting'][number]['id'];
const SORT_COLUMNS: Record<OrderSortId, SortColumn> = {
  id: { expr: 'o.id' },
  referenceNo: { expr: 'o.reference_no' },
  // As people read: the ICU root collation on both engines, served by its own index (decision 0462).
  guestName: { expr: '(o.guest_name COLLATE "und-x-icu")' },
  amount: { expr: 'o.amount_minor' },
  status: { expr: 'o.status' },
  createdAt: { expr: 'o.created_at' },
  updatedAt: { expr: 'o.updated_at' },
};

export function orderSortKeys(sorting: OrderQuery['sorting']): SortKey[] {
  return sortKeys(SORT_COLUMNS, sorting, { id: 'createdAt', desc: true }, SORT_COLUMNS.id);
}

/** The WHERE clause of a filter within the given merchants (already intersected with the caller's scope). */
export function orderWhere(filters: OrderFilter, merchants: 'all' | string[]): RawBuilder<SqlBool> {
  const parts = moneyListConditions('o', filters, merchants);
  if (filters.statuses?.length) parts.push(sql`o.status IN (${sql.join(filters.statuses)})`);
  if (filters.paymentTypes?.length) parts.push(sql`o.payment_type IN (${sql.join(filters.paymentTypes)})`);
  if (filters.chargeCategories?.length) parts.push(sql`o.charge_category IN (${sql.join(filters.chargeCategories)})`);
  if (filters.referenceNo) parts.push(sql`o.reference_no LIKE ${`${escapeLike(filters.referenceNo)}%`}`);
  if (filters.cardLast4) parts.push(sql`o.card_last4 = ${filters.cardLast4}`);
  if (filters.guest) {
    const pattern = `%${escapeLike(filters.guest)}%`;
    // The stored lower-case name and e-mail with a plain LIKE: the same rows as ILIKE on both (decision 0341).
    parts.push(sql`o.guest_search LIKE lower(${pattern})`);
  }
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

/**
 * The columns of a transactions row: written once here, their types read from server/db/schema.ts
 * (decision 0610). The list page and one order share it.
 */
function selectOrders(db: Db) {
  return db
    .selectFrom('orders as o')
    .innerJoin('merchants as m', 'm.id', 'o.merchant_id')
    .select([
      'o.id',
      'o.reference_no',
      'o.merchant_id',
      'm.name as merchant_name',
      'o.guest_name',
      'o.guest_email',
      'o.amount_minor',
      'o.currency',
      'o.status',
      'o.payment_type',
      'o.charge_category',
      'o.card_brand',
      'o.card_last4',
      'o.created_at',
      'o.updated_at',
    ]);
}
type OrderRecord = InferResult<ReturnType<typeof selectOrders>>[number];

export function toOrderRow(record: OrderRecord): OrderRow {
  const status = record.status as OrderStatus;
  return {
    id: toNumber(record.id),
    referenceNo: record.reference_no,
    merchantId: record.merchant_id,
    merchantName: record.merchant_name,
    guestName: record.guest_name,
    guestEmail: record.guest_email,
    amountMinor: toNumber(record.amount_minor),
    currency: record.currency.trim(),
    status,
    statusCode: ORDER_STATUS_CODE[status],
    paymentType: record.payment_type as OrderRow['paymentType'],
    chargeCategory: record.charge_category as OrderRow['chargeCategory'],
    cardBrand: record.card_brand,
    cardLast4: record.card_last4,
    createdAt: toIso(record.created_at),
    updatedAt: toIso(record.updated_at),
    // Filled in from the page's own statement (OrderLinkColumn): the link is the payment-links module's to read.
    paymentLink: null,
  };
}

/**
 * One page by offset (the table's page index); the ORDER BY ends in the unique id. With `fromEnd`
 * the page counts from the other end: the same keys reversed (an index read backwards, as cheap as
 * page 1), its rows turned back into the list's order (decision 0460).
 */
export async function orderPage(db: Db, query: OrderQuery, merchants: 'all' | string[], page: number, pageSize: number, fromEnd = false): Promise<OrderRow[]> {
  const rows = (await pageSelect(db, query, merchants, page, pageSize, fromEnd).execute()).map(toOrderRow);
  return fromEnd ? rows.reverse() : rows;
}

function pageSelect(db: Db, query: OrderQuery, merchants: 'all' | string[], page: number, pageSize: number, fromEnd: boolean) {
  const keys = orderSortKeys(query.sorting).map((key) => (fromEnd ? { ...key, desc: !key.desc } : key));
  return selectOrders(db)
    .where(orderWhere(query.filters, merchants))
    .orderBy(orderByClause(keys))
    .limit(pageSize)
    .offset(page * pageSize);
}

/** Every order a filter matches, one row of 1 each: what the list's total counts. */
const matchingOrders = (filters: OrderFilter, merchants: 'all' | string[]) => sql`SELECT 1 FROM orders o WHERE ${orderWhere(filters, merchants)}`;

/** The list's total: orders grow into the millions, where a planner's estimate far past the cap stands uncounted (decision 0645). */
export function countOrders(db: Db, filters: OrderFilter, merchants: 'all' | string[]) {
  return cappedCount(db, matchingOrders(filters, merchants).compile(db), { estimateFirst: 'orders' });
}

/**
 * A page of the transactions list, each order with the link that made it, and the list's total, in as few statements
 * as the list allows (decisions 0655, 0656): the links ride in the page's statement (25 reads of one index, after the
 * page's limit), and the total too wherever it is counted; the planner's estimate, where one is needed, is asked for
 * once a minute per filter. The same rows and totals as `orderPage` and `countOrders`.
 */
export async function orderSearchPage(
  db: Db,
  query: OrderQuery,
  merchants: 'all' | string[],
  { page, pageSize, fromEnd = false }: { page: number; pageSize: number; fromEnd?: boolean | undefined },
  link: OrderLinkColumn,
): Promise<{ items: OrderRow[]; count: { total: number; exact: boolean } }> {
  const withLink = sql`SELECT page.*, ${sql.raw(link.sql('page'))} AS payment_link
    FROM (${pageSelect(db, query, merchants, page, pageSize, fromEnd)}) AS page`;
  const { rows, count } = await pageWithTotal<OrderRecord & { payment_link: unknown }>(db, withLink, matchingOrders(query.filters, merchants), {
    estimateFirst: 'orders',
    firstPage: page === 0,
    pageSize,
  });
  const items = rows.map((record) => {
    const row = toOrderRow(record);
    row.paymentLink = link.read(record.payment_link, record.status);
    return row;
  });
  return { items: fromEnd ? items.reverse() : items, count };
}

/** One order with the link that made it, in one statement (decision 0655); undefined outside `merchants`. */
export async function orderWithLinkById(db: Db, id: number, merchants: 'all' | string[], link: OrderLinkColumn): Promise<OrderRow | undefined> {
  const order = selectOrders(db)
    .where(sql<SqlBool>`o.id = ${String(id)}::bigint`)
    .where(orderWhere({}, merchants));
  const { rows } = await sql<
    OrderRecord & { payment_link: unknown }
  >`SELECT page.*, ${sql.raw(link.sql('page'))} AS payment_link FROM (${order}) AS page`.execute(db);
  const record = rows[0];
  if (!record) return undefined;
  const row = toOrderRow(record);
  row.paymentLink = link.read(record.payment_link, record.status);
  return row;
}

export async function orderById(db: Db, id: number, merchants: 'all' | string[]): Promise<OrderRow | undefined> {
  const record = await selectOrders(db)
    .where(sql<SqlBool>`o.id = ${String(id)}::bigint`)
    .where(orderWhere({}, merchants))
    .executeTakeFirst();
  return record ? toOrderRow(record) : undefined;
}
