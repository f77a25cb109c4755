import { ORDER_COLUMNS, ORDER_STATUS_CODE, type OrderColumnId, type OrderQuery } from '../../contract/orders';
import { amountSql, timestampColumn, type ExportColumn, type ExportSource } from '../exports/export-source';
import { listExportSource } from '../exports/list-export-source';
import { orderSortKeys, orderWhere } from './order-query';

// The cells of an exported transaction, as SQL text: what the table column shows, amounts in
// major units, times in ISO 8601 UTC (decisions 0124, 0127; formatted inside the COPY).
const statusCode = `CASE o.status ${Object.entries(ORDER_STATUS_CODE)
  .map(([status, code]) => `WHEN '${status}' THEN '${code}'`)
  .join(' ')} END`;

const COLUMNS: Record<OrderColumnId, ExportColumn> = {
  id: { sql: 'o.id::text', kind: 'number' },
  referenceNo: { sql: 'o.reference_no', kind: 'text' },
  merchantId: { sql: 'o.merchant_id::text', kind: 'text', plain: true },
  merchantName: { sql: 'm.name', kind: 'text' },
  guestName: { sql: 'o.guest_name', kind: 'text' },
  guestEmail: { sql: 'o.guest_email', kind: 'text' },
  amount: { sql: amountSql('o.amount_minor', 'o.currency'), kind: 'number' },
  currency: { sql: 'o.currency::text', kind: 'text', plain: true },
  status: { sql: 'o.status', kind: 'text', plain: true },
  statusCode: { sql: statusCode, kind: 'number' },
  paymentType: { sql: 'o.payment_type', kind: 'text', plain: true },
  chargeCategory: { sql: 'o.charge_category', kind: 'text', plain: true },
  cardBrand: { sql: 'o.card_brand', kind: 'text' },
  cardLast4: { sql: 'o.card_last4::text', kind: 'text' },
  createdAt: timestampColumn('o.created_at'),
  updatedAt: timestampColumn('o.updated_at'),
};

export const orderExportSource: ExportSource = listExportSource<OrderQuery, OrderColumnId>({
  catalogue: ORDER_COLUMNS,
  columns: COLUMNS,
  from: 'orders o JOIN merchants m ON m.id = o.merchant_id',
  where: (query, merchants) => orderWhere(query.filters, merchants),
  sortKeys: (query) => orderSortKeys(query.sorting),
});
