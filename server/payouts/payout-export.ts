import { PAYOUT_COLUMNS, type PayoutColumnId, type PayoutQuery, type PayoutRow } from '../../contract/payouts';
import { labelsOf, majorAmount, type Cell, type ExportSource } from '../exports/export-source';
import { payoutChunk } from './payout-query';

const CELL: Record<PayoutColumnId, (row: PayoutRow) => Cell> = {
  id: (row) => row.id,
  reference: (row) => row.reference,
  merchantId: (row) => row.merchantId,
  merchantName: (row) => row.merchantName,
  amount: (row) => majorAmount(row.amountMinor, row.currency),
  currency: (row) => row.currency,
  status: (row) => row.status,
  schedule: (row) => row.schedule,
  periodStart: (row) => row.periodStart,
  periodEnd: (row) => row.periodEnd,
  paidAt: (row) => row.paidAt,
  attempts: (row) => row.attempts,
  createdAt: (row) => row.createdAt,
  updatedAt: (row) => row.updatedAt,
};

export const payoutExportSource: ExportSource = {
  headers: (columns) => labelsOf(PAYOUT_COLUMNS, columns),
  async readChunk(db, request, columns, cursor, limit) {
    const cells = columns.map((id) => CELL[id as PayoutColumnId]);
    const chunk = await payoutChunk(db, request.query as PayoutQuery, request.merchants, cursor, limit);
    return { rows: chunk.rows.map((row) => cells.map((cell) => cell(row))), cursor: chunk.cursor };
  },
};
