import { REFUND_APPROVAL_LABELS_EN, REFUND_COLUMNS, REFUND_STATE_LABELS_EN, type RefundColumnId, type RefundQuery } from '../../contract/refunds';
import { labelledColumn, moneyColumn, timestampColumn, type ExportColumn, type ExportSource } from '../exports/export-source';
import { listExportSource } from '../exports/list-export-source';
import { REFUND_FROM, refundSortKeys, refundWhere, type ServerRefundFilter } from './refund-query';

// The refunds table as a file (exportType REFUND): the table's FROM, WHERE and order, the visible columns.
const COLUMNS: Record<RefundColumnId, ExportColumn> = {
  id: { sql: 'r.id::text', kind: 'text', plain: true },
  orderId: { sql: 'r.order_id::text', kind: 'number' },
  orderReference: { sql: 'o.reference_no', kind: 'text' },
  merchantName: { sql: 'm.name', kind: 'text' },
  guestName: { sql: 'o.guest_name', kind: 'text' },
  amount: moneyColumn('r.amount_minor', 'r.currency'),
  currency: { sql: 'r.currency::text', kind: 'text', plain: true },
  approvalStatus: labelledColumn('r.approval_status', REFUND_APPROVAL_LABELS_EN),
  state: labelledColumn('r.state', REFUND_STATE_LABELS_EN),
  approvals: {
    sql: `((SELECT count(*) FROM refund_approvals a WHERE a.refund_request_id = r.id AND a.decision = 'approve')::text || '/' || r.approvals_required::text)`,
    kind: 'text',
  },
  reason: { sql: 'r.reason', kind: 'text' },
  requestedBy: { sql: "coalesce(ru.email, '')", kind: 'text' },
  createdAt: timestampColumn('r.created_at'),
  updatedAt: timestampColumn('r.updated_at'),
};

export const refundExportSource: ExportSource = listExportSource<{ filters: ServerRefundFilter; sorting: RefundQuery['sorting'] }, RefundColumnId>({
  catalogue: REFUND_COLUMNS,
  columns: COLUMNS,
  from: REFUND_FROM,
  where: (query, merchants) => refundWhere(query.filters, merchants),
  sortKeys: (query) => refundSortKeys(query.sorting),
});
