import { sql } from 'kysely';
import { PAYOUT_COLUMNS, type PayoutColumnId, type PayoutQuery } from '../../contract/payouts';
import { isoTimestampSql, labelsOf, majorAmountSql, type ExportColumn, type ExportSource } from '../exports/export-source';
import { keysetAfter, orderByClause } from '../exports/list-query';
import { chunkSelections } from '../exports/text-chunks';
import { payoutSortKeys, payoutWhere } from './payout-query';

const COLUMNS: Record<PayoutColumnId, ExportColumn> = {
  id: { sql: 'p.id::text', kind: 'text' },
  reference: { sql: 'p.reference', kind: 'text' },
  merchantId: { sql: 'p.merchant_id::text', kind: 'text' },
  merchantName: { sql: 'm.name', kind: 'text' },
  amount: { sql: majorAmountSql('p.amount_minor', 'p.currency'), kind: 'number' },
  currency: { sql: 'p.currency::text', kind: 'text' },
  status: { sql: 'p.status', kind: 'text' },
  schedule: { sql: 'p.schedule', kind: 'text' },
  periodStart: { sql: 'p.period_start::text', kind: 'text' },
  periodEnd: { sql: 'p.period_end::text', kind: 'text' },
  paidAt: { sql: isoTimestampSql('p.paid_at'), kind: 'text' },
  attempts: { sql: '(SELECT count(*) FROM payout_attempts a WHERE a.payout_id = p.id)::text', kind: 'number' },
  createdAt: { sql: isoTimestampSql('p.created_at'), kind: 'text' },
  updatedAt: { sql: isoTimestampSql('p.updated_at'), kind: 'text' },
};

export const payoutExportSource: ExportSource = {
  headers: (columns) => labelsOf(PAYOUT_COLUMNS, columns),
  kinds: (columns) => columns.map((id) => COLUMNS[id as PayoutColumnId].kind),
  chunkQuery(request, columns, cursor, limit) {
    const query = request.query as PayoutQuery;
    const keys = payoutSortKeys(query.sorting);
    const after = cursor ? sql`AND ${keysetAfter(keys, cursor)}` : sql``;
    const selections = chunkSelections(
      columns.map((id) => COLUMNS[id as PayoutColumnId].sql),
      keys.map((key) => key.expr),
    );
    return {
      keyCount: keys.length,
      query: sql`SELECT ${selections} FROM payouts p JOIN merchants m ON m.id = p.merchant_id
        WHERE ${payoutWhere(query.filters, request.merchants)} ${after}
        ORDER BY ${orderByClause(keys)} LIMIT ${sql.lit(limit)}`,
    };
  },
};
