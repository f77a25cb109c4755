import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { BookingFilter, BookingRow, BookingSearchBody } from '../../contract/bookings';
import type { Db } from '../db/database';
import { cappedCount, escapeLike, lowerBound, upperBound } from '../lists/list-query';

// The bookings list (spec 2 "/bookings") and one booking, always inside the caller's merchants.

const SORT_EXPRESSIONS = {
  reference: 'b.reference',
  guestName: 'b.guest_name',
  checkIn: 'b.check_in',
  checkOut: 'b.check_out',
  amount: 'b.amount_minor',
} as const;

function bookingWhere(filters: BookingFilter, merchants: 'all' | string[]): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`TRUE`];
  if (merchants !== 'all') parts.push(merchants.length ? sql`b.merchant_id IN (${sql.join(merchants.map((id) => sql`${id}::uuid`))})` : sql`FALSE`);
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search)}%`;
    parts.push(sql`(b.guest_name ILIKE ${pattern} OR b.guest_email ILIKE ${pattern} OR b.reference ILIKE ${pattern})`);
  }
  if (filters.arrivalFrom) parts.push(sql`b.check_in >= ${lowerBound(filters.arrivalFrom)}::timestamptz::date`);
  if (filters.arrivalTo) parts.push(sql`b.check_in < ${upperBound(filters.arrivalTo)}::timestamptz::date`);
  if (filters.depositBases?.length) parts.push(sql`b.deposit_basis IN (${sql.join(filters.depositBases)})`);
  if (filters.pmsIntegrations?.length) parts.push(sql`b.pms_integration IN (${sql.join(filters.pmsIntegrations)})`);
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

interface BookingRecord {
  id: string;
  reference: string;
  merchant_id: string;
  merchant_name: string;
  guest_name: string;
  guest_email: string | null;
  check_in: string | Date;
  check_out: string | Date;
  amount_minor: string;
  currency: string;
  deposit_basis: BookingRow['depositBasis'];
  deposit_minor: string | null;
  pms_integration: BookingRow['pmsIntegration'];
  order_ids: Array<string | number> | null;
}

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
    depositBasis: record.deposit_basis,
    depositMinor: record.deposit_minor === null ? null : Number(record.deposit_minor),
    pmsIntegration: record.pms_integration,
    orderIds: (record.order_ids ?? []).map(Number),
  };
}

const SELECT = sql`
  SELECT b.id, b.reference, b.merchant_id, m.name AS merchant_name, b.guest_name, b.guest_email, to_char(b.check_in, 'YYYY-MM-DD') AS check_in,
    to_char(b.check_out, 'YYYY-MM-DD') AS check_out, b.amount_minor, b.currency, b.deposit_basis, b.deposit_minor, b.pms_integration,
    (SELECT array_agg(o.id ORDER BY o.id) FROM orders o WHERE o.booking_id = b.id) AS order_ids
  FROM bookings b JOIN merchants m ON m.id = b.merchant_id`;

export async function bookingPage(
  db: Db,
  body: Required<Pick<BookingSearchBody, 'filters' | 'sorting'>> & { page: number; pageSize: number },
  merchants: 'all' | string[],
) {
  const where = bookingWhere(body.filters ?? {}, merchants);
  const sorting = (body.sorting ?? []).length ? body.sorting! : [{ id: 'checkIn' as const, desc: true }];
  const orderBy = sql.join([...sorting.map((sort) => sql.raw(`${SORT_EXPRESSIONS[sort.id]} ${sort.desc ? 'DESC' : 'ASC'}`)), sql.raw('b.id')]);
  const [rows, count] = await Promise.all([
    sql<BookingRecord>`${SELECT} WHERE ${where} ORDER BY ${orderBy} LIMIT ${body.pageSize} OFFSET ${body.page * body.pageSize}`.execute(db),
    cappedCount(db, sql`SELECT 1 FROM bookings b WHERE ${where}`.compile(db)),
  ]);
  return { items: rows.rows.map(toRow), count };
}

/** One booking inside the given merchants, or undefined (the caller answers 404: no leak). */
export async function bookingById(db: Db, id: string, merchants: 'all' | string[]): Promise<BookingRow | undefined> {
  const rows = await sql<BookingRecord>`${SELECT} WHERE b.id = ${id}::uuid AND ${bookingWhere({}, merchants)}`.execute(db);
  return rows.rows[0] ? toRow(rows.rows[0]) : undefined;
}
