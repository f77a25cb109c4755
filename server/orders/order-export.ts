import { ORDER_COLUMNS, type OrderColumnId, type OrderQuery, type OrderRow } from '../../contract/orders';
import { labelsOf, majorAmount, type Cell, type ExportSource } from '../exports/export-source';
import { orderChunk } from './order-query';

// The cells of an exported transaction: what the table column shows, amounts in major units.
const CELL: Record<OrderColumnId, (row: OrderRow) => Cell> = {
  id: (row) => row.id,
  referenceNo: (row) => row.referenceNo,
  merchantId: (row) => row.merchantId,
  merchantName: (row) => row.merchantName,
  guestName: (row) => row.guestName,
  guestEmail: (row) => row.guestEmail,
  amount: (row) => majorAmount(row.amountMinor, row.currency),
  currency: (row) => row.currency,
  status: (row) => row.status,
  statusCode: (row) => row.statusCode,
  paymentType: (row) => row.paymentType,
  chargeCategory: (row) => row.chargeCategory,
  cardBrand: (row) => row.cardBrand,
  cardLast4: (row) => row.cardLast4,
  createdAt: (row) => row.createdAt,
  updatedAt: (row) => row.updatedAt,
};

export const orderExportSource: ExportSource = {
  headers: (columns) => labelsOf(ORDER_COLUMNS, columns),
  async readChunk(db, request, columns, cursor, limit) {
    const cells = columns.map((id) => CELL[id as OrderColumnId]);
    const chunk = await orderChunk(db, request.query as OrderQuery, request.merchants, cursor, limit);
    return { rows: chunk.rows.map((row) => cells.map((cell) => cell(row))), cursor: chunk.cursor };
  },
};
