import { LINK_STATE_LABELS_EN } from '../../contract/link-state';
import {
  ORDER_COLUMNS,
  ORDER_STATUS_CODE,
  ORDER_STATUS_LABELS_EN,
  PAYMENT_TYPE_LABELS_EN,
  type OrderColumnId,
  type OrderQuery,
} from '../../contract/transactions';
import { labelledColumn, moneyColumn, timestampColumn, type ExportColumn, type ExportSource } from '../exports/export-source';
import { listExportSource } from '../exports/list-export-source';
import type { OrderLinkStateSql } from './transaction-links';
import { orderSortKeys, orderWhere } from './transaction-query';

// The cells of an exported transaction, as SQL text formatted inside the COPY (decisions 0124, 0127).
// csv for machines: codes, amounts in major units, times in ISO 8601 UTC; xlsx as the table shows
// them: the words for codes, amounts in their currency, date cells (decision 0202, docs/exports.md).
const statusCode = `CASE o.status ${Object.entries(ORDER_STATUS_CODE)
  .map(([status, code]) => `WHEN '${status}' THEN '${code}'`)
  .join(' ')} END`;

const columnsOf = (linkStateSql: OrderLinkStateSql): Record<OrderColumnId, ExportColumn> => ({
  id: { sql: 'o.id::text', kind: 'number' },
  referenceNo: { sql: 'o.reference_no', kind: 'text' },
  merchantId: { sql: 'o.merchant_id::text', kind: 'text', plain: true },
  merchantName: { sql: 'm.name', kind: 'text' },
  guestName: { sql: 'o.guest_name', kind: 'text' },
  guestEmail: { sql: 'o.guest_email', kind: 'text' },
  amount: moneyColumn('o.amount_minor', 'o.currency'),
  currency: { sql: 'o.currency::text', kind: 'text', plain: true },
  status: labelledColumn('o.status', ORDER_STATUS_LABELS_EN),
  // The link's own state in the screen's words (decision 0535), read only when the column is chosen; no link, no words.
  linkState: labelledColumn(`(${linkStateSql('o')})`, LINK_STATE_LABELS_EN),
  statusCode: { sql: statusCode, kind: 'number' },
  paymentType: labelledColumn('o.payment_type', PAYMENT_TYPE_LABELS_EN),
  chargeCategory: { sql: 'o.charge_category', kind: 'text', plain: true },
  cardBrand: { sql: 'o.card_brand', kind: 'text' },
  cardLast4: { sql: 'o.card_last4::text', kind: 'text' },
  createdAt: timestampColumn('o.created_at'),
  updatedAt: timestampColumn('o.updated_at'),
});

/** The transactions export; the payment-links module, which owns the links, says how to read an order's link state. */
export const orderExportSource = (linkStateSql: OrderLinkStateSql): ExportSource =>
  listExportSource<OrderQuery, OrderColumnId>({
    catalogue: ORDER_COLUMNS,
    columns: columnsOf(linkStateSql),
    from: 'orders o JOIN merchants m ON m.id = o.merchant_id',
    // orders.merchant_id is NOT NULL and references merchants: the join neither adds nor drops an order.
    keyFrom: { table: 'orders', alias: 'o' },
    where: (query, merchants) => orderWhere(query.filters, merchants),
    sortKeys: (query) => orderSortKeys(query.sorting),
  });
