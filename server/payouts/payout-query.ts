import { sql, type InferResult, type RawBuilder, type SqlBool } from 'kysely';
import type { PayoutFilter, PayoutQuery, PayoutRow as ContractPayoutRow } from '../../contract/payouts';
import type { Db } from '../db/database';
import {
  escapeLike,
  moneyListConditions,
  pageWithCappedCount,
  orderByClause,
  sortKeys,
  toIso,
  toNumber,
  type SortColumn,
  type SortKey,
} from '../lists/list-query';

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
  const parts = moneyListConditions('p', filters, merchants);
  if (filters.statuses?.length) parts.push(sql`p.status IN (${sql.join(filters.statuses)})`);
  if (filters.schedules?.length) parts.push(sql`p.schedule IN (${sql.join(filters.schedules)})`);
  if (filters.reference) parts.push(sql`p.reference LIKE ${`${escapeLike(filters.reference)}%`}`);
  return sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

/**
 * The columns of a payouts row: written once here, their types read from server/db/schema.ts
 * (decision 0610). The list page and one payout share it.
 */
function selectPayouts(db: Db) {
  return db
    .selectFrom('payouts as p')
    .innerJoin('merchants as m', 'm.id', 'p.merchant_id')
    .select((eb) => [
      'p.id',
      'p.reference',
      'p.merchant_id',
      'm.name as merchant_name',
      'p.amount_minor',
      'p.currency',
      'p.status',
      'p.schedule',
      // As 'YYYY-MM-DD' text on both engines, whatever date parser the driver has.
      sql<string>`p.period_start::text`.as('period_start'),
      sql<string>`p.period_end::text`.as('period_end'),
      'p.paid_at',
      eb.selectFrom('payout_attempts as a').select(eb.fn.countAll<string | number>().as('n')).whereRef('a.payout_id', '=', 'p.id').as('attempts'),
      'p.created_at',
      'p.updated_at',
    ]);
}
type PayoutRecord = InferResult<ReturnType<typeof selectPayouts>>[number];

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
    // A count(*) subquery is never NULL; Kysely types every scalar subquery as nullable.
    attempts: toNumber(record.attempts ?? 0),
    createdAt: toIso(record.created_at),
    updatedAt: toIso(record.updated_at),
  };
}

/** A page of payouts and the capped count of all the filter matches, in one statement (decision 0636). */
export async function payoutPage(
  db: Db,
  query: PayoutQuery,
  merchants: 'all' | string[],
  page: number,
  pageSize: number,
): Promise<{ rows: PayoutRow[]; count: { total: number; exact: boolean } }> {
  const where = payoutWhere(query.filters, merchants);
  const pageQuery = selectPayouts(db)
    .where(where)
    .orderBy(orderByClause(payoutSortKeys(query.sorting)))
    .limit(pageSize)
    .offset(page * pageSize);
  const { rows, count } = await pageWithCappedCount<PayoutRecord>(db, pageQuery, sql`SELECT 1 FROM payouts p WHERE ${where}`, {
    firstPage: page === 0,
    pageSize,
  });
  return { rows: rows.map(toPayoutRow), count };
}

export async function payoutById(db: Db, id: string, merchants: 'all' | string[]): Promise<PayoutRow | undefined> {
  const record = await selectPayouts(db)
    .where(sql<SqlBool>`p.id = ${id}::uuid`)
    .where(payoutWhere({}, merchants))
    .executeTakeFirst();
  return record ? toPayoutRow(record) : undefined;
}
