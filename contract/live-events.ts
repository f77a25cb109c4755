import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { ExportStatusSchema, EXPORT_TYPES } from './exports';
import { OrderStatusSchema } from './transactions';
import { LinkStateSchema } from './payment-links';
import { PayoutStatusSchema } from './payouts';
import { BACKOFFICE_API } from './product';
import { RefundApprovalStatusSchema, RefundStateSchema } from './refunds';

// Issue 38: what the live event stream tells a signed-in browser. Each event names the object that
// changed (its ids) and its new status, never the row: the screen refetches through its own read
// endpoint, so there is one read path and one scope rule (decision 0440).

/** What happened to an order: a payment operation, or a payment through its link. */
export const ORDER_CHANGES = ['paid', 'authorized', 'captured', 'voided', 'cancelled', 'refunded', 'declined', 'referenceChanged'] as const;
export const OrderChangedSchema = z.object({
  type: z.literal('order'),
  orderId: z.number().int(),
  merchantId: z.uuid(),
  change: z.enum(ORDER_CHANGES),
  status: OrderStatusSchema,
});

export const PAYMENT_LINK_CHANGES = ['paid', 'expired', 'locked', 'cancelled'] as const;
export const PaymentLinkChangedSchema = z.object({
  type: z.literal('paymentLink'),
  linkId: z.uuid(),
  orderId: z.number().int().nullable(),
  merchantId: z.uuid(),
  change: z.enum(PAYMENT_LINK_CHANGES),
  state: LinkStateSchema,
});

export const REFUND_REQUEST_CHANGES = ['requested', 'approved', 'rejected', 'executed'] as const;
export const RefundRequestChangedSchema = z.object({
  type: z.literal('refundRequest'),
  refundRequestId: z.uuid(),
  orderId: z.number().int(),
  merchantId: z.uuid(),
  change: z.enum(REFUND_REQUEST_CHANGES),
  approvalStatus: RefundApprovalStatusSchema,
  state: RefundStateSchema,
});

/** An export belongs to the person who asked for it: only their streams hear of it. */
export const ExportChangedSchema = z.object({
  type: z.literal('export'),
  token: z.uuid(),
  exportType: z.enum(EXPORT_TYPES),
  status: ExportStatusSchema,
});

export const PayoutChangedSchema = z.object({
  type: z.literal('payout'),
  payoutId: z.uuid(),
  merchantId: z.uuid(),
  status: PayoutStatusSchema,
});

export const LiveEventSchema = z.discriminatedUnion('type', [
  OrderChangedSchema,
  PaymentLinkChangedSchema,
  RefundRequestChangedSchema,
  ExportChangedSchema,
  PayoutChangedSchema,
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/**
 * The names of the stream's Server-Sent Events. `change`: one LiveEvent as JSON, its `id:` the
 * position to resume from (Last-Event-ID). `ready`: the stream is open, its `id:` the current
 * position. `resync`: the position asked for is older than the server keeps; refetch everything.
 * A comment line (`: heartbeat`) keeps proxies from closing an idle stream.
 */
export const LIVE_SSE_EVENTS = { change: 'change', ready: 'ready', resync: 'resync' } as const;

/** Strict: any other parameter is a 400 rather than a stream opened on a request the caller did not mean. */
export const LiveStreamQuerySchema = z.strictObject({
  /** The position to resume from, for clients that cannot set the Last-Event-ID header. */
  lastEventId: z
    .string()
    .regex(/^\d{1,18}$/, { message: 'lastEventId is a whole number' })
    .optional(),
});

export const liveEndpoints = endpointTable([
  defineEndpoint({
    id: 'liveEvents',
    method: 'GET',
    path: `${BACKOFFICE_API}/live/events`,
    summary:
      'Server-Sent Events (text/event-stream) for the signed-in browser (bearer header or access-token cookie): `change` events naming what changed that the caller may read, resumable with Last-Event-ID; a heartbeat comment every 20 s; closed when the session ends',
    access: 'session',
    query: LiveStreamQuerySchema,
    response: LiveEventSchema.describe("each `change` event's data"),
  }),
]);
