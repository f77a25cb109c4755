import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { PayoutFilter, PayoutQuery, PayoutRow as ContractPayoutRow } from '../../contract/payouts';
import type { Db } from '../db/database';
import { cappedCount, escapeLike, lowerBound, orderByClause, sortKeys, toIso, toNumber, upperBound, type SortColumn, type SortKey } from '../lists/list-query';

// One query shape for the payouts table and its export (spec 2 "/payouts").

/** A payout as its table stores it; the routes add the fee and net amount (server/fees/payout-fees.ts). */
export type PayoutRow = Omit<ContractPayoutRow, 'feeMinor' | 'netMinor'>;

type PayoutSortId = PayoutQuery['sorting'][number]['id'];
const SORT_COLUMNS: Record<PayoutSortId, SortColumn> = {
  reference: { expr: 'p.reference' },
  amount: { expr: 'p.amount_minor' },
  status: { expr: 'p.status' },
  createdAt: { expr: 'p.created_at' },
  updatedAt: { expr: 'p.updated_at' },
};
const TIEBREAK: SortColumn = { expr: 'p.id' };

export function payoutSortKeys(sorting: PayoutQuery['sorting']): SortKey[] {
  return sortKeys(SORT_COLUMNS, sorting, { id: 'createdAt', desc: true }, TIEBREAK);
}

export function payoutWhere(filters: PayoutFilter, merchants: 'all' | string[]): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`TRUE`];
  if (merchants !== 'all') parts.push(merchants.length ? sql`p.merchant_id IN (${sql.join(merchants.map((id) => sql`${id}::uuid`))})` : sql`FALSE`);
  if (filters.createdFrom) parts.push(sql`p.created_at >= ${lowerBound(filters.createdFrom)}::timestamptz`);
  if (filters.createdTo) parts.push(sql`p.created_at < ${upperBound(filters.createdTo)}::timestamptz`);
  if (filters.statuses?.length) parts.push(sql`p.status IN (${sql.join(filters.statuses)})`);
  if (filters.schedules?.length) parts.push(sql`p.schedule IN (${sql.join(filters.schedules)})`);
  if (filters.currency) parts.push(sql`p.currency = ${filters.currency}`);
  if (filters.amountMin !== undefined) parts.push(sql`p.amount_minor >= ${String(filters.amountMin)}::bigint`);
  if (filters.amountMax !== undefined) parts.push(sql`p.amount_minor <= ${String(filters.amountMax)}::bigint`);
  if (filters.reference) parts.push(sql`p.reference LIKE ${`${escapeLike(filters.reference)}%`}`);
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

interface PayoutRecord {
  id: string;
  reference: string;
  merchant_id: string;
  merchant_name: string;
  amount_minor: string | number;
  currency: string;
  status: string;
  schedule: string;
  period_start: string;
  period_end: string;
  paid_at: Date | string | null;
  attempts: string | number;
  created_at: Date | string;
  updated_at: Date | string;
}

const PAYOUT_SELECT = sql.raw(
  `p.id, p.reference, p.merchant_id, m.name AS merchant_name, p.amount_minor, p.currency, p.status, p.schedule,
   p.period_start::text AS period_start, p.period_end::text AS period_end, p.paid_at,
   (SELECT count(*) FROM payout_attempts a WHERE a.payout_id = p.id) AS attempts, p.created_at, p.updated_at`,
);

export function toPayoutRow(record: PayoutRecord): PayoutRow {
  return {
    id: record.id,
    reference: record.reference,
    merchantId: record.merchant_id,
    merchantName: record.merchant_name,
    amountMinor: toNumber(record.amount_minor),
    currency: record.currency.trim(),
    status: record.status as PayoutRow['status'],
    schedule: record.schedule as PayoutRow['schedule'],
    periodStart: record.period_start,
    periodEnd: record.period_end,
    paidAt: record.paid_at === null ? null : toIso(record.paid_at),
    attempts: toNumber(record.attempts),
    createdAt: toIso(record.created_at),
    updatedAt: toIso(record.updated_at),
  };
}

export async function payoutPage(db: Db, query: PayoutQuery, merchants: 'all' | string[], page: number, pageSize: number): Promise<PayoutRow[]> {
  const result = await sql<PayoutRecord>`
    SELECT ${PAYOUT_SELECT} FROM payouts p JOIN merchants m ON m.id = p.merchant_id
    WHERE ${payoutWhere(query.filters, merchants)}
    ORDER BY ${orderByClause(payoutSortKeys(query.sorting))} LIMIT ${pageSize} OFFSET ${page * pageSize}`.execute(db);
  return result.rows.map(toPayoutRow);
}

export function countPayouts(db: Db, filters: PayoutFilter, merchants: 'all' | string[]) {
  return cappedCount(db, sql`SELECT 1 FROM payouts p WHERE ${payoutWhere(filters, merchants)}`.compile(db));
}

export async function payoutById(db: Db, id: string, merchants: 'all' | string[]): Promise<PayoutRow | undefined> {
  const result = await sql<PayoutRecord>`
    SELECT ${PAYOUT_SELECT} FROM payouts p JOIN merchants m ON m.id = p.merchant_id
    WHERE p.id = ${id}::uuid AND ${payoutWhere({}, merchants)}`.execute(db);
  return result.rows[0] ? toPayoutRow(result.rows[0]) : undefined;
}
