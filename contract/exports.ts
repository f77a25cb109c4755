import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { OrderColumnIdSchema, OrderQuerySchema } from './transactions';
import { PayoutColumnIdSchema, PayoutQuerySchema } from './payouts';
import { BACKOFFICE_API, MERCHANT_API } from './product';

// Spec 3 "Export request", "Export result"; spec 4 "Export status"; spec 5; spec 7 order and payout
// exports; spec 8 export messages; spec 9 chunk size. Decisions 0124-0126.

export const EXPORT_FILE_TYPES = ['csv', 'xlsx'] as const;
export type ExportFileType = (typeof EXPORT_FILE_TYPES)[number];
export const ExportFileTypeSchema = z.enum(EXPORT_FILE_TYPES, { message: 'choose csv or xlsx' });

export const EXPORT_TYPES = ['PAYOUT', 'REFUND', 'TRANSACTION', 'SETTLEMENT'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
/** The start of a downloaded file's name: what the file holds (`refunds-20261127180448.csv`). */
export const EXPORT_FILE_STEMS: Record<ExportType, string> = {
  TRANSACTION: 'transactions',
  PAYOUT: 'payouts',
  REFUND: 'refunds',
  SETTLEMENT: 'settlement-report',
};

export const EXPORT_STATUSES = ['Starting', 'Processing', 'ProcessingReady', 'Ready', 'Failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const ExportStatusSchema = z.enum(EXPORT_STATUSES);

/**
 * Spec 5 and 8 export messages, the one catalogue: the server's own (job results and refusals) and
 * the ones the SPA's export machines show (machines/export-rules.ts reads them here). They travel
 * as these very words (spec 8); the SPA translates a known one through `exports.messages.<key>`.
 */
export const EXPORT_MESSAGES = {
  noColumns: 'please select at least one column for export',
  noToken: 'failed to generate export token',
  notFound: 'export file not found',
  notReady: 'export file not ready',
  processing: 'export processing',
  generating: 'generating export file',
  preparingDownload: 'preparing download',
  ready: 'export ready',
  failed: 'export failed',
  error: 'export error',
  cancelled: 'Request cancelled',
  alreadyDownloaded: 'export file already downloaded',
  expired: 'export file expired',
  interrupted: 'the export was interrupted by a server restart and could not be resumed',
} as const;
export type ExportMessageKey = keyof typeof EXPORT_MESSAGES;

/** Spec 9: payout export chunk size. */
export const EXPORT_CHUNK_SIZE = 1000;
/** How long a Ready file may be downloaded (once) before it is removed. */
export const EXPORT_FILE_TTL_MS = 60 * 60 * 1000;

function columnsSchema<T extends z.ZodType<string>>(column: T) {
  // The spec's message also when the list is missing altogether; duplicates collapse, order kept.
  return z
    .array(column, { message: EXPORT_MESSAGES.noColumns })
    .min(1, { message: EXPORT_MESSAGES.noColumns })
    .transform((ids) => [...new Set(ids)] as z.infer<T>[]);
}

/** The reader's time zone (IANA, e.g. Europe/Amsterdam): xlsx date cells show that clock (decision 0202). */
export const ExportTimeZoneSchema = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone);
      } catch {
        return false;
      }
    },
    { message: 'use an IANA time zone such as Europe/Amsterdam' },
  );

export const OrderExportBodySchema = z.object({
  fileType: ExportFileTypeSchema,
  /** The current filter and sorting of the transactions table (no paging: the export has every matching row). */
  orderQueryListRequest: OrderQuerySchema.default({ filters: {}, sorting: [] }),
  orderColumns: columnsSchema(OrderColumnIdSchema),
  timeZone: ExportTimeZoneSchema.optional(),
});
export type OrderExportBody = z.input<typeof OrderExportBodySchema>;

export const PayoutExportBodySchema = z.object({
  fileType: ExportFileTypeSchema,
  /** Rows read from the database per chunk (spec 9: 1000). */
  chunkSize: z.number().int().min(100).max(10_000).default(EXPORT_CHUNK_SIZE),
  request: PayoutQuerySchema.default({ filters: {}, sorting: [] }),
  /** Payout column ids (the spec names the field orderColumns for payouts too). */
  orderColumns: columnsSchema(PayoutColumnIdSchema),
  timeZone: ExportTimeZoneSchema.optional(),
});
export type PayoutExportBody = z.input<typeof PayoutExportBodySchema>;

export const ExportTokenAnswerSchema = z.object({ token: z.string() });
export const ExportTokenParamsSchema = z.object({ token: z.uuid({ message: EXPORT_MESSAGES.notFound }) });

/**
 * Spec 3 "Export result". `url` only when Ready: a same-origin, one-time, expiring link the
 * browser can navigate to without the bearer header (decision 0125). `ticks` = rows written so far.
 */
export const ExportResultSchema = z.object({
  statusType: ExportStatusSchema,
  url: z.string().optional(),
  ticks: z.number().int(),
  errorMessages: z.array(z.string()),
});
export type ExportResult = z.infer<typeof ExportResultSchema>;

export const ExportDownloadQuerySchema = z.object({
  expires: z.coerce.number().int({ message: EXPORT_MESSAGES.notFound }),
  sig: z.string().min(1, { message: EXPORT_MESSAGES.notFound }).max(200),
});

export const exportEndpoints = endpointTable([
  defineEndpoint({
    id: 'startOrderExport',
    method: 'POST',
    path: `${BACKOFFICE_API}/order/export`,
    summary: "Start a transactions export job with the current filter, sorting and columns, in the caller's scope",
    access: { resource: 'Transactions', action: 'Read' },
    merchantHeader: true,
    body: OrderExportBodySchema,
    response: ExportTokenAnswerSchema,
  }),
  defineEndpoint({
    id: 'getOrderExport',
    method: 'GET',
    path: `${BACKOFFICE_API}/order/export/{token}`,
    summary: 'Status of one of the caller\'s transaction exports; 404 "export file not found" for anyone else\'s',
    access: { resource: 'Transactions', action: 'Read' },
    params: ExportTokenParamsSchema,
    response: ExportResultSchema,
  }),
  defineEndpoint({
    id: 'startPayoutExport',
    method: 'POST',
    path: `${MERCHANT_API}/payouts/export`,
    summary: "Start a payouts export job with the current filter, sorting and columns, in the caller's scope",
    access: { resource: 'Payouts', action: 'Read' },
    merchantHeader: true,
    body: PayoutExportBodySchema,
    response: ExportTokenAnswerSchema,
  }),
  defineEndpoint({
    id: 'getPayoutExport',
    method: 'GET',
    path: `${MERCHANT_API}/payouts/export/{token}`,
    summary: "Status of one of the caller's payout exports",
    access: { resource: 'Payouts', action: 'Read' },
    params: ExportTokenParamsSchema,
    response: ExportResultSchema,
  }),
  defineEndpoint({
    id: 'stopPayoutExport',
    method: 'POST',
    path: `${MERCHANT_API}/payouts/export/stop/{token}`,
    summary:
      'Cancel one of the caller\'s payout exports: the job stops, its partial file is removed, status Failed "Request cancelled" (also when already Ready and not downloaded); idempotent',
    access: { resource: 'Payouts', action: 'Read' },
    params: ExportTokenParamsSchema,
    response: ExportResultSchema,
  }),
  defineEndpoint({
    id: 'downloadExport',
    method: 'GET',
    path: `${BACKOFFICE_API}/export-files/{token}`,
    summary: 'The export file, once, through the signed url of the export result; 410 after the first download or expiry',
    access: 'public',
    params: ExportTokenParamsSchema,
    query: ExportDownloadQuerySchema,
    response: z.string().describe('the csv or xlsx file as an attachment'),
  }),
]);
