import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { ExportFileTypeSchema, ExportResultSchema, ExportTimeZoneSchema, ExportTokenAnswerSchema, ExportTokenParamsSchema } from './exports';
import { PagedSchema, PaginationSchema } from './transactions';
import { PayoutIdParamsSchema } from './payouts';
import { MERCHANT_API } from './product';
import { safeText } from './text';

// Issue 37: what a payout is made of (settlement lines, decision 0430), its settlement report
// (export type SETTLEMENT, decision 0433) and the provider staff's reconciliation check (decision 0432).

/** Signed as each moves the payout: captures +, refunds and fees -, adjustments and carried balances either way. */
export const SETTLEMENT_LINE_KINDS = ['Capture', 'Refund', 'Fee', 'Adjustment', 'CarriedBalance'] as const;
export type SettlementLineKind = (typeof SETTLEMENT_LINE_KINDS)[number];
export const SettlementLineKindSchema = z.enum(SETTLEMENT_LINE_KINDS);
/** The English words the screen shows for each kind; the xlsx report writes them. */
export const SETTLEMENT_LINE_KIND_LABELS_EN: Record<SettlementLineKind, string> = {
  Capture: 'Guest payment',
  Refund: 'Refund',
  Fee: 'Fee',
  Adjustment: 'Adjustment',
  CarriedBalance: 'Carried balance',
};

export const SettlementLineRowSchema = z.object({
  id: z.string(),
  kind: SettlementLineKindSchema,
  /** The order the line settles (captures, their fees, refunds); opens its transaction. */
  orderId: z.number().int().nullable(),
  orderReference: z.string().nullable(),
  refundId: z.string().nullable(),
  /** For a carried balance: the payout it came from or went to. */
  carriedPayoutReference: z.string().nullable(),
  /** Minor units of `currency`, signed. */
  amountMinor: z.number().int(),
  currency: z.string(),
  bookedAt: z.string(),
  note: z.string().nullable(),
});
export type SettlementLineRow = z.infer<typeof SettlementLineRowSchema>;

/** One currency's totals of a payout's lines: never added across currencies. */
export const SettlementBreakdownSchema = z.object({
  currency: z.string(),
  grossMinor: z.number().int(),
  refundsMinor: z.number().int(),
  feesMinor: z.number().int(),
  adjustmentsMinor: z.number().int(),
  carriedMinor: z.number().int(),
  /** The sum of every line: what reaches the bank. */
  netMinor: z.number().int(),
  lines: z.number().int(),
});
export type SettlementBreakdown = z.infer<typeof SettlementBreakdownSchema>;

export const SETTLEMENT_LINE_SORTS = ['bookedAt', 'amount', 'kind'] as const;
export const SettlementLineSearchBodySchema = z.object({
  filters: z
    .object({
      kinds: z.array(SettlementLineKindSchema).max(SETTLEMENT_LINE_KINDS.length).optional(),
      /** Order reference prefix (starts-with). */
      orderReference: safeText().trim().min(1).max(100).optional(),
    })
    .default({}),
  sorting: z
    .array(z.object({ id: z.enum(SETTLEMENT_LINE_SORTS, { message: 'this column cannot be sorted' }), desc: z.boolean().default(false) }))
    .max(1)
    .default([]),
  pagination: PaginationSchema.default({ page: 0, pageSize: 25 }),
});
export type SettlementLineSearchBody = z.input<typeof SettlementLineSearchBodySchema>;
export const SettlementLineAnswerSchema = PagedSchema(SettlementLineRowSchema).extend({ breakdown: z.array(SettlementBreakdownSchema) });
export type SettlementLineAnswer = z.infer<typeof SettlementLineAnswerSchema>;

export const RECONCILIATION_FINDING_KINDS = ['LinesDoNotSum', 'CaptureInNoPayout', 'CaptureInTwoPayouts'] as const;
export const ReconciliationFindingSchema = z.object({
  kind: z.enum(RECONCILIATION_FINDING_KINDS),
  merchantId: z.string(),
  merchantName: z.string(),
  currency: z.string(),
  /** The payouts concerned (one for LinesDoNotSum, none for CaptureInNoPayout, two or more for CaptureInTwoPayouts). */
  payouts: z.array(z.object({ id: z.string(), reference: z.string() })),
  orderId: z.number().int().nullable(),
  orderReference: z.string().nullable(),
  /** LinesDoNotSum: the payout's net amount and what its lines add up to; otherwise the capture's amount. */
  expectedMinor: z.number().int(),
  actualMinor: z.number().int(),
});
export type ReconciliationFinding = z.infer<typeof ReconciliationFindingSchema>;
/** At most this many findings of each kind come back; `truncated` says when there were more. */
export const RECONCILIATION_LIMIT = 200;
export const ReconciliationAnswerSchema = z.object({ findings: z.array(ReconciliationFindingSchema), truncated: z.boolean(), checkedAt: z.string() });
export type ReconciliationAnswer = z.infer<typeof ReconciliationAnswerSchema>;

export const SETTLEMENT_REPORT_COLUMNS = [
  { id: 'payoutReference', label: 'Payout reference' },
  { id: 'valueDate', label: 'Bank value date' },
  { id: 'kind', label: 'Line' },
  { id: 'orderReference', label: 'Order reference' },
  { id: 'refundId', label: 'Refund ID' },
  { id: 'carriedPayoutReference', label: 'Carried payout' },
  { id: 'bookedAt', label: 'Booked at' },
  { id: 'amount', label: 'Amount' },
  { id: 'currency', label: 'Currency' },
  { id: 'note', label: 'Note' },
] as const;
export type SettlementReportColumnId = (typeof SETTLEMENT_REPORT_COLUMNS)[number]['id'];

/** One payout, or the payouts whose period ends within a date range (both ends inclusive), in the caller's scope. */
export const SettlementReportRequestSchema = z.union(
  [
    z.object({ payoutId: z.uuid({ message: 'not a payout id' }) }).strict(),
    z
      .object({ from: z.iso.date({ message: 'use a date (YYYY-MM-DD)' }), to: z.iso.date({ message: 'use a date (YYYY-MM-DD)' }) })
      .strict()
      .refine((range) => range.from <= range.to, { message: 'the range ends before it starts' }),
  ],
  { message: 'name one payout (payoutId) or a date range (from, to)' },
);
export type SettlementReportRequest = z.infer<typeof SettlementReportRequestSchema>;
export const SettlementExportBodySchema = z.object({
  fileType: ExportFileTypeSchema,
  request: SettlementReportRequestSchema,
  timeZone: ExportTimeZoneSchema.optional(),
});
export type SettlementExportBody = z.input<typeof SettlementExportBodySchema>;

export const settlementEndpoints = endpointTable([
  defineEndpoint({
    id: 'searchPayoutLines',
    method: 'POST',
    path: `${MERCHANT_API}/payouts/{id}/lines/search`,
    summary: "A payout's settlement lines (filter, sorting, 0-based page) and its breakdown per currency; 404 when outside the caller's merchants",
    access: { resource: 'Payouts', action: 'Read' },
    params: PayoutIdParamsSchema,
    body: SettlementLineSearchBodySchema,
    response: SettlementLineAnswerSchema,
  }),
  defineEndpoint({
    id: 'getPayoutReconciliation',
    method: 'GET',
    path: `${MERCHANT_API}/payouts/reconciliation`,
    summary:
      'Provider staff: payouts whose lines do not add up to their net amount, captures in no payout after their day was paid out, captures in two payouts',
    access: { resource: 'Payouts', action: 'Update' },
    response: ReconciliationAnswerSchema,
  }),
  defineEndpoint({
    id: 'startSettlementExport',
    method: 'POST',
    path: `${MERCHANT_API}/payouts/settlement-report/export`,
    summary:
      "Start a settlement report (the lines of one payout or of a date range's payouts, with payout reference and bank value date) in the caller's scope",
    access: { resource: 'Payouts', action: 'Read' },
    merchantHeader: true,
    body: SettlementExportBodySchema,
    response: ExportTokenAnswerSchema,
  }),
  defineEndpoint({
    id: 'getSettlementExport',
    method: 'GET',
    path: `${MERCHANT_API}/payouts/settlement-report/export/{token}`,
    summary: "Status of one of the caller's settlement reports",
    access: { resource: 'Payouts', action: 'Read' },
    params: ExportTokenParamsSchema,
    response: ExportResultSchema,
  }),
  defineEndpoint({
    id: 'stopSettlementExport',
    method: 'POST',
    path: `${MERCHANT_API}/payouts/settlement-report/export/stop/{token}`,
    summary: "Cancel one of the caller's settlement reports: the job stops, its partial file is removed; idempotent",
    access: { resource: 'Payouts', action: 'Read' },
    params: ExportTokenParamsSchema,
    response: ExportResultSchema,
  }),
]);
