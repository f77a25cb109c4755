import { sql } from 'kysely';
import {
  SETTLEMENT_LINE_KIND_LABELS_EN,
  SETTLEMENT_REPORT_COLUMNS,
  type SettlementReportColumnId,
  type SettlementReportRequest,
} from '../../contract/settlement';
import { dateColumn, labelledColumn, labelsOf, moneyColumn, timestampColumn, xlsxKindOf, type ExportColumn, type ExportSource } from '../exports/export-source';
import { orderByClause, type SortKey } from '../lists/list-query';
import { LINE_FROM, reportPayoutsWhere } from './settlement-query';

// The settlement report (export type SETTLEMENT, decision 0433): the lines of the payouts it covers,
// the detail table's columns plus the payout's reference and bank value date, payout by payout in
// line order. Every column always: accounting imports want a fixed layout.

const COLUMNS: Record<SettlementReportColumnId, ExportColumn> = {
  payoutReference: { sql: 'p.reference', kind: 'text' },
  // The day the bank credited the payout: known once it is Paid.
  valueDate: dateColumn(`(CASE WHEN p.status = 'Paid' THEN (p.paid_at AT TIME ZONE 'UTC')::date END)`),
  kind: labelledColumn('l.kind', SETTLEMENT_LINE_KIND_LABELS_EN),
  orderReference: { sql: 'o.reference_no', kind: 'text' },
  refundId: { sql: 'l.refund_request_id::text', kind: 'text', plain: true },
  carriedPayoutReference: { sql: 'cp.reference', kind: 'text' },
  bookedAt: timestampColumn('l.booked_at'),
  amount: moneyColumn('l.amount_minor', 'l.currency'),
  currency: { sql: 'l.currency::text', kind: 'text', plain: true },
  note: { sql: 'l.note', kind: 'text' },
};
export const SETTLEMENT_REPORT_COLUMN_IDS = SETTLEMENT_REPORT_COLUMNS.map((column) => column.id);

// Payout by payout, each in line order: the (payout, id) index walks it, and the pair is unique.
const KEYS: SortKey[] = [
  { expr: 'l.payout_id', desc: false },
  { expr: 'l.id', desc: false },
];

type ReportRequest = { query: unknown; merchants: 'all' | string[] };

function parts(request: ReportRequest, columns: string[], cell: (column: ExportColumn) => string) {
  const column = (id: string) => COLUMNS[id as SettlementReportColumnId];
  return {
    cells: sql.raw(columns.map((id, index) => `${cell(column(id))} AS c${index}`).join(', ')),
    from: sql.raw(LINE_FROM),
    where: reportPayoutsWhere(request.query as SettlementReportRequest, request.merchants),
    keys: KEYS,
  };
}

export const settlementExportSource: ExportSource = {
  headers: (columns) => labelsOf(SETTLEMENT_REPORT_COLUMNS, columns),
  kinds: (columns) => columns.map((id) => xlsxKindOf(COLUMNS[id as SettlementReportColumnId])),
  parts,
  query(request, columns, cell) {
    const { cells, from, where, keys } = parts(request, columns, cell);
    return sql`SELECT ${cells} FROM ${from} WHERE ${where} ORDER BY ${orderByClause(keys)}`;
  },
};
