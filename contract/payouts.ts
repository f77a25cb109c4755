import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { DateBoundSchema, PagedSchema, PaginationSchema } from './transactions';
import { MERCHANT_API } from './product';
import { safeText } from './text';
import { refuseInvertedRanges } from './ranges';
import { CurrencyFilterSchema } from './paging';
import { PAYOUT_SCHEDULES, type PayoutSchedule } from './settings/payout';
import { WORKABLE_PROPERTIES_LIMIT, WorkablePropertySchema } from './capabilities';

// Spec 2 "/payouts", spec 3 "Payout schedule", spec 7 "Payouts". Decision 0123.

export const PAYOUT_STATUSES = ['Scheduled', 'Processing', 'Paid', 'Failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PayoutStatusSchema = z.enum(PAYOUT_STATUSES);
export const PayoutScheduleSchema = z.enum(PAYOUT_SCHEDULES);
// The English words the screen shows (src/i18n/en/payouts.json has the same, pinned by
// tests/exports/screen-labels.test.ts); xlsx exports write them (decision 0202).
export const PAYOUT_STATUS_LABELS_EN: Record<PayoutStatus, string> = { Scheduled: 'Scheduled', Processing: 'Processing', Paid: 'Paid', Failed: 'Failed' };
export const PAYOUT_SCHEDULE_LABELS_EN: Record<PayoutSchedule, string> = {
  Daily: 'Daily',
  Weekly: 'Weekly',
  Monthly: 'Monthly',
  Manually: 'Manually',
};
export const PAYOUT_ATTEMPT_STATUSES = ['Processing', 'Paid', 'Failed'] as const;

export const PayoutFilterSchema = z
  .object({
    createdFrom: DateBoundSchema.optional(),
    createdTo: DateBoundSchema.optional(),
    statuses: z.array(PayoutStatusSchema).max(PAYOUT_STATUSES.length).optional(),
    schedules: z.array(PayoutScheduleSchema).max(PAYOUT_SCHEDULES.length).optional(),
    /** Properties; always intersected with the caller's merchant scope on the server. */
    merchantIds: z.array(z.uuid()).max(500).optional(),
    currency: CurrencyFilterSchema.optional(),
    /** Amount bounds in MINOR units (cents), inclusive. */
    amountMin: z.number().int().min(0).optional(),
    amountMax: z.number().int().min(0).optional(),
    /** Payout reference prefix (starts-with). */
    reference: safeText().trim().min(1).max(100).optional(),
  })
  // An inverted range matches nothing; the caller is told which bound to change (decision 0525).
  .superRefine(refuseInvertedRanges({ from: 'createdFrom', to: 'createdTo', kind: 'dates' }, { from: 'amountMin', to: 'amountMax', kind: 'amounts' }));
export type PayoutFilter = z.infer<typeof PayoutFilterSchema>;

export const PAYOUT_COLUMNS = [
  { id: 'id', labelKey: 'payouts.columns.id', label: 'Payout ID', sortable: false },
  { id: 'reference', labelKey: 'payouts.columns.reference', label: 'Reference', sortable: true },
  { id: 'merchantId', labelKey: 'payouts.columns.merchantId', label: 'Property ID', sortable: false },
  { id: 'merchantName', labelKey: 'payouts.columns.merchantName', label: 'Property', sortable: false },
  { id: 'amount', labelKey: 'payouts.columns.amount', label: 'Amount', sortable: true },
  { id: 'currency', labelKey: 'payouts.columns.currency', label: 'Currency', sortable: false },
  { id: 'status', labelKey: 'payouts.columns.status', label: 'Status', sortable: true },
  { id: 'schedule', labelKey: 'payouts.columns.schedule', label: 'Schedule', sortable: false },
  { id: 'periodStart', labelKey: 'payouts.columns.periodStart', label: 'Period start', sortable: false },
  { id: 'periodEnd', labelKey: 'payouts.columns.periodEnd', label: 'Period end', sortable: false },
  { id: 'paidAt', labelKey: 'payouts.columns.paidAt', label: 'Paid at', sortable: false },
  { id: 'attempts', labelKey: 'payouts.columns.attempts', label: 'Attempts', sortable: false },
  { id: 'createdAt', labelKey: 'payouts.columns.createdAt', label: 'Created', sortable: true },
  { id: 'updatedAt', labelKey: 'payouts.columns.updatedAt', label: 'Updated', sortable: true },
] as const;
export type PayoutColumnId = (typeof PAYOUT_COLUMNS)[number]['id'];
export const PAYOUT_COLUMN_IDS = PAYOUT_COLUMNS.map((column) => column.id) as [PayoutColumnId, ...PayoutColumnId[]];
export const PayoutColumnIdSchema = z.enum(PAYOUT_COLUMN_IDS);
export const PAYOUT_SORTABLE_COLUMNS = PAYOUT_COLUMNS.filter((column) => column.sortable).map((column) => column.id);
export const PAYOUT_DEFAULT_COLUMNS: PayoutColumnId[] = ['reference', 'merchantName', 'amount', 'currency', 'status', 'schedule', 'periodEnd', 'createdAt'];

export const PayoutSortSchema = z.object({
  id: z.enum(['reference', 'amount', 'status', 'createdAt', 'updatedAt'], { message: 'this column cannot be sorted' }),
  desc: z.boolean().default(false),
});
/** The server appends `id` as the unique tiebreak. Empty = newest first. */
export const PayoutSortingSchema = z.array(PayoutSortSchema).max(3).default([]);

/** Filter + sorting without paging: also the payout export's `request`. */
export const PayoutQuerySchema = z.object({ filters: PayoutFilterSchema.default({}), sorting: PayoutSortingSchema });
export type PayoutQuery = z.infer<typeof PayoutQuerySchema>;
export const PayoutSearchBodySchema = PayoutQuerySchema.extend({ pagination: PaginationSchema.default({ page: 0, pageSize: 25 }) });
export type PayoutSearchBody = z.input<typeof PayoutSearchBodySchema>;

export const PayoutRowSchema = z.object({
  id: z.string(),
  reference: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  /** Minor units (cents) of `currency`. */
  amountMinor: z.number().int(),
  currency: z.string(),
  status: PayoutStatusSchema,
  schedule: PayoutScheduleSchema,
  /** ISO dates (YYYY-MM-DD). */
  periodStart: z.string(),
  periodEnd: z.string(),
  paidAt: z.string().nullable(),
  /** How many attempts the payout has had (retries add attempts, never payouts). */
  attempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * What the merchant's fee schedules charge for the Paid orders this payout settles, and the payout
   * amount less that fee (minor units; decision 0291). Null when no schedule was in force in the period.
   */
  feeMinor: z.number().int().nullable(),
  netMinor: z.number().int().nullable(),
});
export type PayoutRow = z.infer<typeof PayoutRowSchema>;
/** Screen-only columns: computed per page from the fee schedules, so not sortable and not exported. */
export const PAYOUT_FEE_COLUMNS = [
  { id: 'fee', labelKey: 'payouts.columns.fee', label: 'Fee' },
  { id: 'net', labelKey: 'payouts.columns.net', label: 'Net amount' },
] as const;

export const PayoutAttemptSchema = z.object({
  id: z.string(),
  attemptNo: z.number().int(),
  status: z.enum(PAYOUT_ATTEMPT_STATUSES),
  error: z.string().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
});
export const PayoutDetailSchema = PayoutRowSchema.extend({ attemptList: z.array(PayoutAttemptSchema) });
export type PayoutDetail = z.infer<typeof PayoutDetailSchema>;

export const PayoutSearchAnswerSchema = PagedSchema(PayoutRowSchema);
export type PayoutSearchAnswer = z.infer<typeof PayoutSearchAnswerSchema>;
export const PayoutIdParamsSchema = z.object({ id: z.uuid({ message: 'not a payout id' }) });

/**
 * A payout asked for by hand (decision 0704): a property paid "Manually" is not paid by the run; a user who may act
 * on payouts asks, and the run's own rule makes one payout per currency of everything settled up to the end of
 * yesterday (UTC), its minimum payout applying.
 */
export const PayoutRequestBodySchema = z.object({ merchantId: z.uuid({ message: 'not a property id' }) });
export const RequestablePropertiesQuerySchema = z.object({ search: z.string().max(100).optional() });
export const RequestablePropertiesSchema = z.object({ items: z.array(WorkablePropertySchema), total: z.number().int() });
export type PayoutRequestBody = z.infer<typeof PayoutRequestBodySchema>;
export const PayoutRequestAnswerSchema = z.object({ payouts: z.array(PayoutRowSchema) });
export type PayoutRequestAnswer = z.infer<typeof PayoutRequestAnswerSchema>;
/** What a request would pay now, per currency: its net amount and period (nothing is made). */
export const PayoutDueSchema = PayoutRowSchema.pick({ merchantName: true, amountMinor: true, currency: true, periodStart: true, periodEnd: true });
export type PayoutDue = z.infer<typeof PayoutDueSchema>;
export const PayoutDueAnswerSchema = z.object({ due: z.array(PayoutDueSchema) });
export type PayoutDueAnswer = z.infer<typeof PayoutDueAnswerSchema>;

export const payoutEndpoints = endpointTable([
  defineEndpoint({
    id: 'searchPayouts',
    method: 'POST',
    path: `${MERCHANT_API}/payouts/search`,
    summary: "Payouts page: filters, sorting, 0-based page; scoped to the caller's merchants (and to the merchant header when sent)",
    access: { resource: 'Payouts', action: 'Read' },
    merchantHeader: true,
    body: PayoutSearchBodySchema,
    response: PayoutSearchAnswerSchema,
  }),
  defineEndpoint({
    id: 'getPayout',
    method: 'GET',
    path: `${MERCHANT_API}/payouts/{id}`,
    summary: "One payout with its attempts; 404 when outside the caller's merchants",
    access: { resource: 'Payouts', action: 'Read' },
    params: PayoutIdParamsSchema,
    response: PayoutDetailSchema,
  }),
  defineEndpoint({
    id: 'retryPayout',
    method: 'POST',
    path: `${MERCHANT_API}/payouts/{id}/retry`,
    summary:
      'Retry a Failed payout: adds a Processing attempt to the same payout; 409 unless Failed with no attempt in progress. Send an Idempotency-Key per user intent',
    access: { resource: 'Payouts', action: 'Update' },
    idempotent: true,
    params: PayoutIdParamsSchema,
    response: PayoutDetailSchema,
  }),
  defineEndpoint({
    id: 'requestPayout',
    method: 'POST',
    path: `${MERCHANT_API}/payouts/request`,
    summary:
      'Ask for a payout of a property paid "Manually": one Scheduled payout per currency of everything settled up to the end of yesterday (UTC), as the payout run makes them; ' +
      "409 when the property is paid on a schedule (payout.notManual), when nothing is due (payout.nothingDue) or when it is below the property's minimum payout (payout.belowMinimum); " +
      "404 when the property is outside the caller's merchants. Send an Idempotency-Key per user intent",
    access: { resource: 'Payouts', action: 'Insert' },
    idempotent: true,
    body: PayoutRequestBodySchema,
    response: PayoutRequestAnswerSchema,
  }),
  defineEndpoint({
    id: 'searchRequestableProperties',
    method: 'GET',
    path: `${MERCHANT_API}/payouts/request/properties`,
    summary:
      'The properties a payout may be asked for: those paid "Manually" (their own payout setting, else their group\'s) in the caller\'s merchants, ' +
      `by property or group name, the first ${WORKABLE_PROPERTIES_LIMIT} by name (as many as the properties picker lists), and how many there are`,
    access: { resource: 'Payouts', action: 'Insert' },
    query: RequestablePropertiesQuerySchema,
    response: RequestablePropertiesSchema,
  }),
  defineEndpoint({
    id: 'previewPayoutRequest',
    method: 'GET',
    path: `${MERCHANT_API}/payouts/request`,
    summary:
      'What a payout request for the property would make now (amount and period per currency), by the same rule, making nothing; the same 409s and 404 as the request',
    access: { resource: 'Payouts', action: 'Insert' },
    query: PayoutRequestBodySchema,
    response: PayoutDueAnswerSchema,
  }),
]);
