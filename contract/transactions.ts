import { z } from 'zod';
import { PAGE_SIZES } from './paging';
import { defineEndpoint, endpointTable } from './endpoint';
import { BACKOFFICE_API } from './product';
import { safeText } from './text';
import { CurrencyFilterSchema } from './paging';
import { OrderLinkSchema } from './link-state';
import { refuseInvertedRanges } from './ranges';

// Spec 2 "/transactions", spec 3 "Enumerations", spec 7 "Orders", spec 9 page sizes.
// Decisions: docs/decisions/0120-order-status-codes.md, 0121-list-paging-sorting-counts.md.

export const PageSizeSchema = z.union(
  PAGE_SIZES.map((size) => z.literal(size)),
  {
    message: 'page size must be 10, 25, 50 or 100',
  },
);

export const PaginationSchema = z.object({
  /** 0-based page index. */
  page: z.number().int().min(0).max(100_000).default(0),
  pageSize: PageSizeSchema.default(25),
});

/** Spec 3 order statuses, in the spec's (and the legacy numeric enum's) order. */
export const ORDER_STATUSES = ['Pending', 'Created', 'Tokenized', 'Paid', 'Failed', 'Cancelled', 'PaymentLinkSentNoProcessing'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const OrderStatusSchema = z.enum(ORDER_STATUSES);

/**
 * Legacy numeric codes, kept on the wire as `statusCode` for compatibility (decision 0120).
 * The legacy text map had Pending and Created crossed (0 was labelled "Created"); the text
 * `status` is the truth and the words shown come from it, never from the code.
 */
export const ORDER_STATUS_CODE: Record<OrderStatus, number> = {
  Pending: 0,
  Created: 1,
  Tokenized: 2,
  Paid: 3,
  Failed: 4,
  Cancelled: 5,
  PaymentLinkSentNoProcessing: 6,
};
export function orderStatusOfCode(code: number): OrderStatus | undefined {
  return ORDER_STATUSES.find((status) => ORDER_STATUS_CODE[status] === code);
}

export const PAYMENT_TYPES = ['PN', 'PL', 'AU'] as const;
export const PaymentTypeSchema = z.enum(PAYMENT_TYPES);

// The English words the screen shows for codes (src/i18n/en/transactions.json has the same, pinned
// by tests/exports/screen-labels.test.ts); xlsx exports write them (decision 0202).
export const PAYMENT_TYPE_LABELS_EN: Record<(typeof PAYMENT_TYPES)[number], string> = { PN: 'Pay now', PL: 'Pay later', AU: 'Authorize' };
export const ORDER_STATUS_LABELS_EN: Record<OrderStatus, string> = {
  Pending: 'Pending',
  Created: 'Created',
  Tokenized: 'Tokenized',
  Paid: 'Paid',
  Failed: 'Failed',
  Cancelled: 'Cancelled',
  PaymentLinkSentNoProcessing: 'Payment link sent, not processed',
};
export const CHARGE_CATEGORIES = ['Rooms', 'FnB', 'Spa', 'Other', 'CheckOut', 'CheckIn'] as const;
export const ChargeCategorySchema = z.enum(CHARGE_CATEGORIES);

/**
 * A date-range bound: an ISO date (`2026-03-01`, read as UTC midnight; as `createdTo` it covers
 * that whole day) or an ISO date-time with offset. `createdFrom` inclusive, `createdTo` exclusive.
 */
export const DateBoundSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  message: 'use a date (YYYY-MM-DD) or an ISO date-time',
});

export const OrderFilterSchema = z
  .object({
    createdFrom: DateBoundSchema.optional(),
    createdTo: DateBoundSchema.optional(),
    statuses: z.array(OrderStatusSchema).max(ORDER_STATUSES.length).optional(),
    paymentTypes: z.array(PaymentTypeSchema).max(PAYMENT_TYPES.length).optional(),
    chargeCategories: z.array(ChargeCategorySchema).max(CHARGE_CATEGORIES.length).optional(),
    /** Properties; always intersected with the caller's merchant scope on the server. */
    merchantIds: z.array(z.uuid()).max(500).optional(),
    currency: CurrencyFilterSchema.optional(),
    /** Amount bounds in MINOR units (cents), inclusive. */
    amountMin: z.number().int().min(0).optional(),
    amountMax: z.number().int().min(0).optional(),
    /** Reference number prefix (starts-with, case-sensitive: served by an index). */
    referenceNo: safeText().trim().min(1).max(100).optional(),
    /** Guest name or e-mail contains (case-insensitive). */
    guest: safeText().trim().min(1).max(100).optional(),
    cardLast4: z
      .string()
      .regex(/^\d{4}$/, { message: 'use the last 4 digits' })
      .optional(),
  })
  // An inverted range matches nothing; the caller is told which bound to change (decision 0461).
  .superRefine(refuseInvertedRanges({ from: 'createdFrom', to: 'createdTo', kind: 'dates' }, { from: 'amountMin', to: 'amountMax', kind: 'amounts' }));

export type OrderFilter = z.infer<typeof OrderFilterSchema>;

/** Columns of the transactions table and of its export; `id` is the wire/column id. */
export const ORDER_COLUMNS = [
  { id: 'id', labelKey: 'transactions.columns.id', label: 'Order ID', sortable: true },
  { id: 'referenceNo', labelKey: 'transactions.columns.referenceNo', label: 'Reference No', sortable: true },
  { id: 'merchantId', labelKey: 'transactions.columns.merchantId', label: 'Property ID', sortable: false },
  { id: 'merchantName', labelKey: 'transactions.columns.merchantName', label: 'Property', sortable: false },
  { id: 'guestName', labelKey: 'transactions.columns.guestName', label: 'Guest', sortable: true },
  { id: 'guestEmail', labelKey: 'transactions.columns.guestEmail', label: 'Guest e-mail', sortable: false },
  { id: 'amount', labelKey: 'transactions.columns.amount', label: 'Amount', sortable: true },
  { id: 'currency', labelKey: 'transactions.columns.currency', label: 'Currency', sortable: false },
  { id: 'status', labelKey: 'transactions.columns.status', label: 'Status', sortable: true },
  // The own state of the link that made the order (decision 0535); empty for an order no link made.
  { id: 'linkState', labelKey: 'transactions.columns.linkState', label: 'Payment link', sortable: false },
  { id: 'statusCode', labelKey: 'transactions.columns.statusCode', label: 'Status code', sortable: false },
  { id: 'paymentType', labelKey: 'transactions.columns.paymentType', label: 'Payment type', sortable: false },
  { id: 'chargeCategory', labelKey: 'transactions.columns.chargeCategory', label: 'Charge category', sortable: false },
  { id: 'cardBrand', labelKey: 'transactions.columns.cardBrand', label: 'Card brand', sortable: false },
  { id: 'cardLast4', labelKey: 'transactions.columns.cardLast4', label: 'Card last 4', sortable: false },
  { id: 'createdAt', labelKey: 'transactions.columns.createdAt', label: 'Created', sortable: true },
  { id: 'updatedAt', labelKey: 'transactions.columns.updatedAt', label: 'Updated', sortable: true },
] as const;
export type OrderColumnId = (typeof ORDER_COLUMNS)[number]['id'];
export const ORDER_COLUMN_IDS = ORDER_COLUMNS.map((column) => column.id) as [OrderColumnId, ...OrderColumnId[]];
export const OrderColumnIdSchema = z.enum(ORDER_COLUMN_IDS);
export const ORDER_SORTABLE_COLUMNS = ORDER_COLUMNS.filter((column) => column.sortable).map((column) => column.id);
/** Default visible columns of the table (the export dialog preselects the visible ones). */
export const ORDER_DEFAULT_COLUMNS: OrderColumnId[] = [
  'id',
  'referenceNo',
  'merchantName',
  'guestName',
  'amount',
  'currency',
  'status',
  'paymentType',
  'createdAt',
];

export const OrderSortSchema = z.object({
  id: z.enum(['id', 'referenceNo', 'guestName', 'amount', 'status', 'createdAt', 'updatedAt'], { message: 'this column cannot be sorted' }),
  desc: z.boolean().default(false),
});
/** TanStack's sorting state; the server appends `id` as the unique tiebreak. Empty = newest first. */
export const OrderSortingSchema = z.array(OrderSortSchema).max(3).default([]);

/** Filter + sorting, without paging: also the export's `orderQueryListRequest`. */
export const OrderQuerySchema = z.object({
  filters: OrderFilterSchema.default({}),
  sorting: OrderSortingSchema,
});
export type OrderQuery = z.infer<typeof OrderQuerySchema>;

/**
 * The transactions pager: `fromEnd` counts pages from the oldest end of the sort (page 0 = the last
 * page), so the last page is reachable when the total is only an estimate (decision 0460).
 */
export const OrderPaginationSchema = PaginationSchema.extend({ fromEnd: z.boolean().default(false) });
export const OrderSearchBodySchema = OrderQuerySchema.extend({ pagination: OrderPaginationSchema.default({ page: 0, pageSize: 25, fromEnd: false }) });
export type OrderSearchBody = z.input<typeof OrderSearchBodySchema>;

export const OrderRowSchema = z.object({
  id: z.number().int(),
  referenceNo: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  guestName: z.string(),
  guestEmail: z.string().nullable(),
  /** Minor units (cents) of `currency`. */
  amountMinor: z.number().int(),
  currency: z.string(),
  status: OrderStatusSchema,
  /** Legacy numeric code of `status` (decision 0120). */
  statusCode: z.number().int(),
  paymentType: PaymentTypeSchema,
  chargeCategory: ChargeCategorySchema,
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The payment link that made the order and its own state (decision 0535); null when no link made it. */
  paymentLink: OrderLinkSchema.nullable(),
});
export type OrderRow = z.infer<typeof OrderRowSchema>;

/**
 * `total` is exact when `totalExact`; past the count cap it is the planner's estimate
 * (decision 0121), so a pager should also allow "next" while a page comes back full.
 */
export const PagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    totalExact: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Present (true) when `page` counts from the end of the list (decision 0460). */
    fromEnd: z.boolean().optional(),
  });
export const OrderSearchAnswerSchema = PagedSchema(OrderRowSchema);
export type OrderSearchAnswer = z.infer<typeof OrderSearchAnswerSchema>;

export const OrderIdParamsSchema = z.object({ id: z.coerce.number().int().positive({ message: 'not an order id' }) });

export const orderEndpoints = endpointTable([
  defineEndpoint({
    id: 'searchOrders',
    method: 'POST',
    path: `${BACKOFFICE_API}/order/search`,
    summary: "Orders (transactions) page: filters, sorting, 0-based page; scoped to the caller's merchants (and to the merchant header when sent)",
    access: { resource: 'Transactions', action: 'Read' },
    merchantHeader: true,
    body: OrderSearchBodySchema,
    response: OrderSearchAnswerSchema,
  }),
]);
