import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { EXPORT_MESSAGES, ExportFileTypeSchema, ExportResultSchema, ExportTimeZoneSchema, ExportTokenAnswerSchema, ExportTokenParamsSchema } from './exports';
import { DateBoundSchema, PagedSchema, PaginationSchema } from './transactions';
import { BACKOFFICE_API } from './product';
import { ROLES } from './roles';
import { safeText } from './text';
import { CurrencyFilterSchema } from './paging';
import { refuseInvertedRanges } from './ranges';
import { MoneyCurrencySchema } from './currency';

// Spec 4 "Refund approval status" and "Refund state"; spec 2 "/refund-management"; spec 7 "Refunds".
// The transitions between them are the refund approval machine's (machines/refund-approval.machine.ts,
// decision 0230).
export const REFUND_APPROVAL_STATUSES = ['Pending', 'PartiallyApproved', 'Approved', 'Rejected', 'ApprovedOverridden'] as const;
export type RefundApprovalStatus = (typeof REFUND_APPROVAL_STATUSES)[number];
export const RefundApprovalStatusSchema = z.enum(REFUND_APPROVAL_STATUSES);
/** The approval statuses of a refund still waiting for approvers: what the merchant home counts and its link lists. */
export const REFUND_AWAITING_APPROVAL = ['Pending', 'PartiallyApproved'] as const satisfies readonly RefundApprovalStatus[];

export const REFUND_STATES = ['Created', 'Accepted', 'PartiallyAccepted', 'Pending', 'Rejected', 'Completed', 'Failed', 'Changed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const RefundStateSchema = z.enum(REFUND_STATES);

/** What a user may do to a refund request (the SPA shows only these; the server refuses the rest). */
export const REFUND_DECISIONS = ['approve', 'reject', 'override'] as const;
export type RefundDecision = (typeof REFUND_DECISIONS)[number];

const Minor = z.number().int().min(0).max(1_000_000_000_000);
/** Money calls share one currency rule (contract/currency.ts): "eur" is refused here as on captures and links. */
const Currency = MoneyCurrencySchema;

// ---- Rules ---------------------------------------------------------------------------------

/**
 * A merchant's refund rule (optionally one property's). Amounts in minor units of `currency`:
 * up to `autoApproveUpToMinor` a refund is approved at once (while the property's auto-approved
 * total of the day stays within `dailyAutoApproveCapMinor`); above it one approval; above
 * `twoApprovalsAboveMinor` two approvals by different people, holding one of `approverRoles`.
 */
export const RefundRuleFieldsSchema = z
  .object({
    currency: Currency,
    autoApproveUpToMinor: Minor,
    twoApprovalsAboveMinor: Minor.nullable().default(null),
    dailyAutoApproveCapMinor: Minor.nullable().default(null),
    approverRoles: z.array(z.enum(ROLES)).min(1, { message: 'choose at least one approver role' }).max(ROLES.length),
  })
  .superRefine((rule, ctx) => {
    if (rule.twoApprovalsAboveMinor !== null && rule.twoApprovalsAboveMinor < rule.autoApproveUpToMinor)
      ctx.addIssue({
        code: 'custom',
        path: ['twoApprovalsAboveMinor'],
        message: 'the two-approval threshold must be at least the auto-approval limit',
      });
    if (rule.dailyAutoApproveCapMinor !== null && rule.dailyAutoApproveCapMinor < rule.autoApproveUpToMinor)
      ctx.addIssue({
        code: 'custom',
        path: ['dailyAutoApproveCapMinor'],
        message: 'the daily cap must be at least the auto-approval limit',
      });
  });

export const RefundRuleSaveBodySchema = z.object({
  /** The merchant (merchant group) the rule belongs to; merchant-side callers may leave it out (their own). */
  merchantGroupId: z.uuid().optional(),
  /** A property of that merchant, for a rule that applies to it alone; none = the merchant's rule. */
  merchantId: z.uuid().nullable().default(null),
  rule: RefundRuleFieldsSchema,
});
export type RefundRuleSaveBody = z.input<typeof RefundRuleSaveBodySchema>;

export const RefundRuleSchema = z.object({
  id: z.string(),
  merchantGroupId: z.string(),
  merchantGroupName: z.string(),
  merchantId: z.string().nullable(),
  merchantName: z.string().nullable(),
  currency: z.string(),
  autoApproveUpToMinor: z.number().int(),
  twoApprovalsAboveMinor: z.number().int().nullable(),
  dailyAutoApproveCapMinor: z.number().int().nullable(),
  approverRoles: z.array(z.string()),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type RefundRule = z.infer<typeof RefundRuleSchema>;

export const RefundRuleSearchBodySchema = z.object({ merchantGroupId: z.uuid().optional(), merchantIds: z.array(z.uuid()).max(500).optional() });
export const RefundRuleSearchAnswerSchema = z.object({ items: z.array(RefundRuleSchema) });

// ---- Requests ------------------------------------------------------------------------------

export const RefundRequestBodySchema = z.object({
  /** The property of the order (spec 3 "Refund request": merchantId). */
  merchantId: z.uuid(),
  orderId: z.number().int().positive(),
  amountMinor: z.number().int().positive({ message: 'the amount must be more than zero' }).max(1_000_000_000_000),
  currency: Currency,
  reason: safeText().trim().min(3, { message: 'say why (at least 3 characters)' }).max(500),
  note: safeText().trim().max(2000).optional(),
});

export const RefundApprovalSchema = z.object({
  decision: z.enum(REFUND_DECISIONS),
  byName: z.string(),
  byEmail: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});

/**
 * The acquirer's answers to a refund (decision 0520), in the order they came: Succeeded (all of it
 * refunded), Declined, Pending (not decided yet: a later answer follows), PartiallyAccepted (only
 * `amountMinor` refunded) and Changed (a later correction: the refund is now `amountMinor`).
 */
export const REFUND_EXECUTION_OUTCOMES = ['Succeeded', 'Declined', 'Pending', 'PartiallyAccepted', 'Changed'] as const;
export type RefundExecutionOutcome = (typeof REFUND_EXECUTION_OUTCOMES)[number];

export const RefundExecutionSchema = z.object({
  outcome: z.enum(REFUND_EXECUTION_OUTCOMES),
  amountMinor: z.number().int(),
  acquirerReference: z.string().nullable(),
  message: z.string().nullable(),
  at: z.string(),
});

export const RefundRequestRowSchema = z.object({
  id: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  orderId: z.number().int(),
  orderReference: z.string(),
  guestName: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  approvalStatus: RefundApprovalStatusSchema,
  state: RefundStateSchema,
  approvalsRequired: z.number().int(),
  approvalsGiven: z.number().int(),
  requestedByName: z.string(),
  requestedByEmail: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RefundRequestRow = z.infer<typeof RefundRequestRowSchema>;

export const RefundRequestDetailSchema = RefundRequestRowSchema.extend({
  note: z.string().nullable(),
  approvals: z.array(RefundApprovalSchema),
  executions: z.array(RefundExecutionSchema),
  /** What the acquirer has given back for this request so far (less than asked after a partial answer or a correction). */
  refundedMinor: z.number().int().nonnegative(),
  /** What the caller may do now (machine and people rules together). */
  allowedDecisions: z.array(z.enum(REFUND_DECISIONS)),
  /** The roles that may approve it (from the rule that applied). */
  approverRoles: z.array(z.string()),
});
export type RefundRequestDetail = z.infer<typeof RefundRequestDetailSchema>;

export const RefundDecisionBodySchema = z.object({ reason: safeText().trim().max(500).optional() });
/** The longest reason a refund decision may give (the dialog stops the typing there). */
export const REFUND_REASON_MAX_LENGTH = 500;
export const RefundRejectBodySchema = z.object({
  reason: safeText().trim().min(3, { message: 'say why (at least 3 characters)' }).max(REFUND_REASON_MAX_LENGTH),
});
export const RefundRequestIdParamsSchema = z.object({ id: z.uuid({ message: 'not a refund request id' }) });

// ---- The refunds table ---------------------------------------------------------------------

export const RefundFilterSchema = z
  .object({
    createdFrom: DateBoundSchema.optional(),
    createdTo: DateBoundSchema.optional(),
    states: z.array(RefundStateSchema).max(REFUND_STATES.length).optional(),
    approvalStatuses: z.array(RefundApprovalStatusSchema).max(REFUND_APPROVAL_STATUSES.length).optional(),
    /** Properties; always intersected with the caller's scope. */
    merchantIds: z.array(z.uuid()).max(500).optional(),
    /** The amounts' currency: amount bounds are minor units of it (ISO 4217 exponents differ: JPY 0, KWD 3). */
    currency: CurrencyFilterSchema.optional(),
    amountMin: Minor.optional(),
    amountMax: Minor.optional(),
    /** Requester's e-mail, starts-with. */
    requester: safeText().trim().min(1).max(200).optional(),
    orderId: z.number().int().positive().optional(),
    /** Only requests the caller may approve or reject now. */
    waitingForMe: z.boolean().optional(),
  })
  // An inverted range matches nothing; the caller is told which bound to change (decision 0525).
  .superRefine(refuseInvertedRanges({ from: 'createdFrom', to: 'createdTo', kind: 'dates' }, { from: 'amountMin', to: 'amountMax', kind: 'amounts' }));
export type RefundFilter = z.infer<typeof RefundFilterSchema>;

export const REFUND_COLUMNS = [
  { id: 'id', labelKey: 'refunds.columns.id', label: 'Request ID', sortable: false },
  { id: 'orderId', labelKey: 'refunds.columns.orderId', label: 'Order ID', sortable: true },
  { id: 'orderReference', labelKey: 'refunds.columns.orderReference', label: 'Reference', sortable: false },
  { id: 'merchantName', labelKey: 'refunds.columns.merchantName', label: 'Property', sortable: false },
  { id: 'guestName', labelKey: 'refunds.columns.guestName', label: 'Guest', sortable: false },
  { id: 'amount', labelKey: 'refunds.columns.amount', label: 'Amount', sortable: true },
  { id: 'currency', labelKey: 'refunds.columns.currency', label: 'Currency', sortable: false },
  { id: 'approvalStatus', labelKey: 'refunds.columns.approvalStatus', label: 'Approval', sortable: true },
  { id: 'state', labelKey: 'refunds.columns.state', label: 'Refund state', sortable: true },
  { id: 'approvals', labelKey: 'refunds.columns.approvals', label: 'Approvals', sortable: false },
  { id: 'reason', labelKey: 'refunds.columns.reason', label: 'Reason', sortable: false },
  { id: 'requestedBy', labelKey: 'refunds.columns.requestedBy', label: 'Requested by', sortable: true },
  { id: 'createdAt', labelKey: 'refunds.columns.createdAt', label: 'Requested', sortable: true },
  { id: 'updatedAt', labelKey: 'refunds.columns.updatedAt', label: 'Updated', sortable: true },
] as const;
export type RefundColumnId = (typeof REFUND_COLUMNS)[number]['id'];
export const REFUND_COLUMN_IDS = REFUND_COLUMNS.map((column) => column.id) as [RefundColumnId, ...RefundColumnId[]];
export const RefundColumnIdSchema = z.enum(REFUND_COLUMN_IDS);
export const REFUND_DEFAULT_COLUMNS: RefundColumnId[] = [
  'orderReference',
  'merchantName',
  'amount',
  'currency',
  'approvalStatus',
  'state',
  'requestedBy',
  'createdAt',
];
export const REFUND_SORTABLE = ['orderId', 'amount', 'approvalStatus', 'state', 'requestedBy', 'createdAt', 'updatedAt'] as const;

export const RefundSortSchema = z.object({ id: z.enum(REFUND_SORTABLE, { message: 'this column cannot be sorted' }), desc: z.boolean().default(false) });
export const RefundQuerySchema = z.object({ filters: RefundFilterSchema.default({}), sorting: z.array(RefundSortSchema).max(3).default([]) });
export type RefundQuery = z.infer<typeof RefundQuerySchema>;
export const RefundSearchBodySchema = RefundQuerySchema.extend({ pagination: PaginationSchema.default({ page: 0, pageSize: 25 }) });
export type RefundSearchBody = z.input<typeof RefundSearchBodySchema>;
export const RefundSearchAnswerSchema = PagedSchema(RefundRequestRowSchema);
export type RefundSearchAnswer = z.infer<typeof RefundSearchAnswerSchema>;

// The English words the screen shows; xlsx exports write them (decision 0202).
export const REFUND_APPROVAL_LABELS_EN: Record<RefundApprovalStatus, string> = {
  Pending: 'Pending',
  PartiallyApproved: 'Partially approved',
  Approved: 'Approved',
  Rejected: 'Rejected',
  ApprovedOverridden: 'Approved (overridden)',
};
export const REFUND_STATE_LABELS_EN: Record<RefundState, string> = {
  Created: 'Created',
  Accepted: 'Sent to the bank',
  PartiallyAccepted: 'Partly refunded',
  Pending: 'Waiting for the bank',
  Rejected: 'Rejected',
  Completed: 'Completed',
  Failed: 'Failed',
  Changed: 'Corrected by the bank',
};

export const RefundExportBodySchema = z.object({
  fileType: ExportFileTypeSchema,
  /** The refunds table's current filter and sorting (every matching row, no paging). */
  request: RefundQuerySchema.default({ filters: {}, sorting: [] }),
  /** The visible columns, in order. */
  orderColumns: z
    .array(RefundColumnIdSchema, { message: EXPORT_MESSAGES.noColumns })
    .min(1, { message: EXPORT_MESSAGES.noColumns })
    .transform((ids) => [...new Set(ids)]),
  timeZone: ExportTimeZoneSchema.optional(),
});
export type RefundExportBody = z.input<typeof RefundExportBodySchema>;

export const refundEndpoints = endpointTable([
  defineEndpoint({
    id: 'searchRefundRules',
    method: 'POST',
    path: `${BACKOFFICE_API}/refunds/rules/search`,
    summary: "The refund rules of the caller's merchants (the merchant's and each property's)",
    access: { resource: 'Refund', action: 'Read' },
    body: RefundRuleSearchBodySchema,
    response: RefundRuleSearchAnswerSchema,
  }),
  defineEndpoint({
    id: 'saveRefundRule',
    method: 'POST',
    path: `${BACKOFFICE_API}/refunds/rules`,
    summary: 'Create or replace the refund rule of a merchant or of one of its properties; thresholds must be consistent; audited',
    // Only approvers set the rules they are the checkers of: a requester cannot raise the auto-approval limit.
    access: { resource: 'Refund', action: 'Approve' },
    body: RefundRuleSaveBodySchema,
    response: RefundRuleSchema,
  }),
  defineEndpoint({
    id: 'createRefundRequest',
    method: 'POST',
    path: `${BACKOFFICE_API}/refunds/requests`,
    summary:
      'Request a refund of an order: at most captured - refunded - pending requests; the rules decide how many approvals it needs (0: refunded at once). Send an Idempotency-Key per intent',
    access: { resource: 'Refund', action: 'Insert' },
    merchantHeader: true,
    idempotent: true,
    successStatus: 201,
    body: RefundRequestBodySchema,
    response: RefundRequestDetailSchema,
  }),
  defineEndpoint({
    id: 'searchRefundRequests',
    method: 'POST',
    path: `${BACKOFFICE_API}/refunds/requests/search`,
    summary: "Refunds table: filters, sorting, 0-based page; scoped to the caller's merchants (and the merchant header when sent)",
    access: { resource: 'Refund', action: 'Read' },
    merchantHeader: true,
    body: RefundSearchBodySchema,
    response: RefundSearchAnswerSchema,
  }),
  defineEndpoint({
    id: 'getRefundRequest',
    method: 'GET',
    path: `${BACKOFFICE_API}/refunds/requests/{id}`,
    summary: "One refund request with its approvals and execution attempts; 404 outside the caller's merchants",
    access: { resource: 'Refund', action: 'Read' },
    params: RefundRequestIdParamsSchema,
    response: RefundRequestDetailSchema,
  }),
  defineEndpoint({
    id: 'approveRefundRequest',
    method: 'POST',
    path: `${BACKOFFICE_API}/refunds/requests/{id}/approve`,
    summary:
      'Approve (or, for a provider admin, override a rejection with a reason); 403 for the requester or a role the rule does not name; 409 when the machine or the refundable amount forbids it; the last approval refunds once',
    access: { resource: 'Refund', action: 'Approve' },
    idempotent: true,
    params: RefundRequestIdParamsSchema,
    body: RefundDecisionBodySchema,
    response: RefundRequestDetailSchema,
  }),
  defineEndpoint({
    id: 'rejectRefundRequest',
    method: 'POST',
    path: `${BACKOFFICE_API}/refunds/requests/{id}/reject`,
    summary: 'Reject a Pending or PartiallyApproved request with a reason; 409 otherwise',
    access: { resource: 'Refund', action: 'Approve' },
    idempotent: true,
    params: RefundRequestIdParamsSchema,
    body: RefundRejectBodySchema,
    response: RefundRequestDetailSchema,
  }),
  defineEndpoint({
    id: 'startRefundExport',
    method: 'POST',
    path: `${BACKOFFICE_API}/refunds/export`,
    summary: "Start a refunds export job (exportType REFUND) with the table's filter, sorting and visible columns, in the caller's scope",
    access: { resource: 'Refund', action: 'Read' },
    merchantHeader: true,
    body: RefundExportBodySchema,
    response: ExportTokenAnswerSchema,
  }),
  defineEndpoint({
    id: 'getRefundExport',
    method: 'GET',
    path: `${BACKOFFICE_API}/refunds/export/{token}`,
    summary: "Status of one of the caller's refund exports",
    access: { resource: 'Refund', action: 'Read' },
    params: ExportTokenParamsSchema,
    response: ExportResultSchema,
  }),
  defineEndpoint({
    id: 'stopRefundExport',
    method: 'POST',
    path: `${BACKOFFICE_API}/refunds/export/stop/{token}`,
    summary: "Stop one of the caller's refund exports and remove its file",
    access: { resource: 'Refund', action: 'Read' },
    params: ExportTokenParamsSchema,
    response: ExportResultSchema,
  }),
]);
