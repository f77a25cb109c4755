import { sql, type InferResult, type RawBuilder, type SqlBool } from 'kysely';
import type { BookingFilter, BookingRow, BookingSearchBody } from '../../contract/bookings';
import type { Db } from '../db/database';
import { escapeLike, inMerchants, lowerBound, pageWithCappedCount, upperBound } from '../lists/list-query';

// The bookings list (spec 2 "/bookings") and one booking, always inside the caller's merchants.

const SORT_EXPRESSIONS = {
  reference: 'b.reference',
  guestName: 'b.guest_name',
  checkIn: 'b.check_in',
  checkOut: 'b.check_out',
  amount: 'b.amount_minor',
} as const;

/**
 * What the bookings list's search matches: the guest's name, e-mail and the booking's reference, lower-cased, joined by
 * the unit separator, which none of them holds, so that a term cannot reach from one into the next. Word for word the
 * expression of the trigram index of migration 0460 (an index on an expression serves only that expression).
 */
const BOOKING_SEARCH_TEXT = sql.raw(`lower(b.guest_name || E'\\x1f' || coalesce(b.guest_email, '') || E'\\x1f' || b.reference)`);

function bookingWhere(filters: BookingFilter, merchants: 'all' | string[]): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [inMerchants('b.merchant_id', merchants)];
  if (filters.search) {
    // The guest's name, e-mail and the reference, lower-cased together as the trigram index holds them (decision 0719):
    // the same bookings as ILIKE on each of the three.
    parts.push(sql`${BOOKING_SEARCH_TEXT} LIKE lower(${`%${escapeLike(filters.search)}%`})`);
  }
  if (filters.arrivalFrom) parts.push(sql`b.check_in >= ${lowerBound(filters.arrivalFrom)}::timestamptz::date`);
  if (filters.arrivalTo) parts.push(sql`b.check_in < ${upperBound(filters.arrivalTo)}::timestamptz::date`);
  if (filters.depositBases?.length) parts.push(sql`b.deposit_basis IN (${sql.join(filters.depositBases)})`);
  if (filters.pmsIntegrations?.length) parts.push(sql`b.pms_integration IN (${sql.join(filters.pmsIntegrations)})`);
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

/**
 * The columns of a bookings row: written once here, their types read from server/db/schema.ts
 * (decision 0610). The list page and one booking share it.
 */
function selectBookings(db: Db) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('merchants as m', 'm.id', 'b.merchant_id')
    .select((eb) => [
      'b.id',
      'b.reference',
      'b.merchant_id',
      'm.name as merchant_name',
      'b.guest_name',
      'b.guest_email',
      sql<string>`to_char(b.check_in, 'YYYY-MM-DD')`.as('check_in'),
      sql<string>`to_char(b.check_out, 'YYYY-MM-DD')`.as('check_out'),
      'b.amount_minor',
      'b.currency',
      'b.deposit_basis',
      'b.deposit_minor',
      'b.pms_integration',
      eb
        .selectFrom('orders as o')
        .select((sub) => sub.fn.agg<Array<string | number>>('array_agg', ['o.id']).orderBy('o.id').as('ids'))
        .whereRef('o.booking_id', '=', 'b.id')
        .as('order_ids'),
    ]);
}
type BookingRecord = InferResult<ReturnType<typeof selectBookings>>[number];

const day = (value: string | Date) => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

function toRow(record: BookingRecord): BookingRow {
  return {
    id: record.id,
    reference: record.reference,
    merchantId: record.merchant_id,
    merchantName: record.merchant_name,
    guestName: record.guest_name,
    guestEmail: record.guest_email,
    checkIn: day(record.check_in),
    checkOut: day(record.check_out),
    amountMinor: Number(record.amount_minor),
    currency: record.currency.trim(),
    depositBasis: record.deposit_basis as BookingRow['depositBasis'],
    depositMinor: record.deposit_minor === null ? null : Number(record.deposit_minor),
    pmsIntegration: record.pms_integration as BookingRow['pmsIntegration'],
    orderIds: (record.order_ids ?? []).map(Number),
  };
}

type BookingPageBody = Required<Pick<BookingSearchBody, 'filters' | 'sorting'>> & { page: number; pageSize: number };

/**
 * The page's rows, in the list's order: by arrival, newest first, unless the caller sorts otherwise. The id breaks ties
 * in the direction of the first sort, so that each sortable column's `(column, id)` index (migration 0450) reads the
 * page in its order either way, instead of every booking the caller may see being sorted (2.5 million for provider
 * staff at ten million orders, seconds).
 */
export function bookingPageQuery(db: Db, body: BookingPageBody, merchants: 'all' | string[]) {
  const sorting = (body.sorting ?? []).length ? body.sorting! : [{ id: 'checkIn' as const, desc: true }];
  const tiebreak = sql.raw(`b.id ${sorting[0]!.desc ? 'DESC' : 'ASC'}`);
  const orderBy = sql.join([...sorting.map((sort) => sql.raw(`${SORT_EXPRESSIONS[sort.id]} ${sort.desc ? 'DESC' : 'ASC'}`)), tiebreak]);
  return selectBookings(db)
    .where(bookingWhere(body.filters ?? {}, merchants))
    .orderBy(orderBy)
    .limit(body.pageSize)
    .offset(body.page * body.pageSize);
}

export async function bookingPage(db: Db, body: BookingPageBody, merchants: 'all' | string[]) {
  const where = bookingWhere(body.filters ?? {}, merchants);
  // The page and its capped count in one statement (decision 0636).
  const pageQuery = bookingPageQuery(db, body, merchants);
  const { rows, count } = await pageWithCappedCount<BookingRecord>(db, pageQuery, sql`SELECT 1 FROM bookings b WHERE ${where}`, {
    firstPage: body.page === 0,
    pageSize: body.pageSize,
  });
  return { items: rows.map(toRow), count };
}

/** One booking inside the given merchants, or undefined (the caller answers 404: no leak). */
export async function bookingById(db: Db, id: string, merchants: 'all' | string[]): Promise<BookingRow | undefined> {
  const record = await selectBookings(db)
    .where(sql<SqlBool>`b.id = ${id}::uuid`)
    .where(bookingWhere({}, merchants))
    .executeTakeFirst();
  return record ? toRow(record) : undefined;
}
