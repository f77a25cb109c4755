import { PAYOUT_COLUMNS, PAYOUT_SCHEDULE_LABELS_EN, PAYOUT_STATUS_LABELS_EN, type PayoutColumnId, type PayoutQuery } from '../../contract/payouts';
import { dateColumn, labelledColumn, moneyColumn, timestampColumn, type ExportColumn, type ExportSource } from '../exports/export-source';
import { listExportSource } from '../exports/list-export-source';
import { payoutSortKeys, payoutWhere } from './payout-query';

const COLUMNS: Record<PayoutColumnId, ExportColumn> = {
  id: { sql: 'p.id::text', kind: 'text', plain: true },
  reference: { sql: 'p.reference', kind: 'text' },
  merchantId: { sql: 'p.merchant_id::text', kind: 'text', plain: true },
  merchantName: { sql: 'm.name', kind: 'text' },
  amount: moneyColumn('p.amount_minor', 'p.currency'),
  currency: { sql: 'p.currency::text', kind: 'text', plain: true },
  status: labelledColumn('p.status', PAYOUT_STATUS_LABELS_EN),
  schedule: labelledColumn('p.schedule', PAYOUT_SCHEDULE_LABELS_EN),
  periodStart: dateColumn('p.period_start'),
  periodEnd: dateColumn('p.period_end'),
  paidAt: timestampColumn('p.paid_at'),
  attempts: { sql: '(SELECT count(*) FROM payout_attempts a WHERE a.payout_id = p.id)::text', kind: 'number' },
  createdAt: timestampColumn('p.created_at'),
  updatedAt: timestampColumn('p.updated_at'),
};

export const payoutExportSource: ExportSource = listExportSource<PayoutQuery, PayoutColumnId>({
  catalogue: PAYOUT_COLUMNS,
  columns: COLUMNS,
  from: 'payouts p JOIN merchants m ON m.id = p.merchant_id',
  // payouts.merchant_id is NOT NULL and references merchants: the join neither adds nor drops a payout.
  keyFrom: { table: 'payouts', alias: 'p' },
  where: (query, merchants) => payoutWhere(query.filters, merchants),
  sortKeys: (query) => payoutSortKeys(query.sorting),
});
