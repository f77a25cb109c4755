import { PAYOUT_COLUMNS, type PayoutColumnId, type PayoutQuery } from '../../contract/payouts';
import { amountSql, type ExportColumn, type ExportSource } from '../exports/export-source';
import { keysetExportSource } from '../exports/keyset-export-source';
import { payoutSortKeys, payoutWhere } from './payout-query';

const COLUMNS: Record<PayoutColumnId, ExportColumn> = {
  id: { sql: 'p.id::text', kind: 'text' },
  reference: { sql: 'p.reference', kind: 'text' },
  merchantId: { sql: 'p.merchant_id::text', kind: 'text' },
  merchantName: { sql: 'm.name', kind: 'text' },
  amount: { sql: amountSql('p.amount_minor', 'p.currency'), kind: 'amount' },
  currency: { sql: 'p.currency::text', kind: 'text' },
  status: { sql: 'p.status', kind: 'text' },
  schedule: { sql: 'p.schedule', kind: 'text' },
  periodStart: { sql: 'p.period_start::text', kind: 'text' },
  periodEnd: { sql: 'p.period_end::text', kind: 'text' },
  paidAt: { sql: 'p.paid_at', kind: 'timestamp' },
  attempts: { sql: '(SELECT count(*) FROM payout_attempts a WHERE a.payout_id = p.id)::text', kind: 'number' },
  createdAt: { sql: 'p.created_at', kind: 'timestamp' },
  updatedAt: { sql: 'p.updated_at', kind: 'timestamp' },
};

export const payoutExportSource: ExportSource = keysetExportSource<PayoutQuery, PayoutColumnId>({
  catalogue: PAYOUT_COLUMNS,
  columns: COLUMNS,
  from: 'payouts p JOIN merchants m ON m.id = p.merchant_id',
  where: (query, merchants) => payoutWhere(query.filters, merchants),
  sortKeys: (query) => payoutSortKeys(query.sorting),
});
