import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { OrderIdParamsSchema, OrderRowSchema } from './transactions';
import { BACKOFFICE_API } from './product';
import { safeText } from './text';
import { MoneyCurrencySchema } from './currency';

// Spec 7 "Orders" and "Payments": an order's payment operations and the calls that act on it.
// The order payment statechart (machines/order-payment.machine.ts, decision 0205) says which
// action each status allows; amounts are integer minor units of the order's currency.

/** What staff may do to an order, in the order the SPA lists them. */
export const ORDER_PAYMENT_ACTIONS = ['authorize', 'capture', 'void', 'cancel', 'updateReferenceNo'] as const;
export type OrderPaymentAction = (typeof ORDER_PAYMENT_ACTIONS)[number];

/** Refund: the acquirer's answer to one of the order's refund requests (decision 0520), beside the order's own operations. */
export const PAYMENT_OPERATION_KINDS = ['Authorization', 'Capture', 'Void', 'Cancel', 'ReferenceChange', 'Refund'] as const;
/** Pending, PartiallyAccepted and Changed are refund answers only (contract/refunds.ts REFUND_EXECUTION_OUTCOMES). */
export const PAYMENT_OPERATION_OUTCOMES = ['Succeeded', 'Declined', 'Pending', 'PartiallyAccepted', 'Changed'] as const;

/** The only cancel reason code the spec's call carries (`order/{id}/cancel/5`). */
export const CANCEL_REASON_CODE = 5;

export const PaymentOperationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_OPERATION_KINDS),
  outcome: z.enum(PAYMENT_OPERATION_OUTCOMES),
  /** Minor units of `currency`; null for operations without an amount (a reference change). */
  amountMinor: z.number().int().nullable(),
  currency: z.string(),
  acquirerReference: z.string().nullable(),
  /** Why: the cancel reason text, the decline message, or the old -> new reference. */
  note: z.string().nullable(),
  byName: z.string().nullable(),
  byEmail: z.string().nullable(),
  at: z.string(),
});
export type PaymentOperation = z.infer<typeof PaymentOperationSchema>;

export const OrderDetailSchema = OrderRowSchema.extend({
  /** Ledger of the authorization, minor units: captured + voided never exceed authorized. */
  authorizedMinor: z.number().int(),
  capturedMinor: z.number().int(),
  voidedMinor: z.number().int(),
  /** Authorized and neither captured nor voided yet. */
  openAuthorizationMinor: z.number().int(),
  /**
   * What a refund request may still ask for, as the server checks it: captured, minus refunded,
   * minus what open refund requests reserve (Created, Accepted, Pending); never below 0.
   */
  refundableMinor: z.number().int().nonnegative(),
  /** A card token was kept at tokenization: the card can be authorized (AUREQ) without the guest. */
  cardOnFile: z.boolean(),
  /** What the order's state and the caller's grants allow now. */
  allowedActions: z.array(z.enum(ORDER_PAYMENT_ACTIONS)),
  /** The caller may act on orders (Transactions Update): resend e-mails, whatever the status. */
  mayAct: z.boolean(),
  operations: z.array(PaymentOperationSchema),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

const orderId = z.number().int().positive({ message: 'not an order id' });

export const CaptureBodySchema = z.object({
  orderId,
  /** Minor units; at most the open authorization. Omitted = capture all that is open. */
  amountMinor: z.number().int().positive({ message: 'capture a positive amount' }).max(Number.MAX_SAFE_INTEGER).optional(),
  /** The currency the user confirmed; must be the order's. */
  currency: MoneyCurrencySchema,
});
/** Spec 3: the authorize request code. */
export const AUTHORIZE_REQUEST_CODE = 'AUREQ';
export const AuthorizeBodySchema = z.object({
  orderId,
  requestCode: z.literal(AUTHORIZE_REQUEST_CODE, { message: `the request code of an authorization is ${AUTHORIZE_REQUEST_CODE}` }),
  /** Minor units; at most the order's amount. Omitted = the order's amount. */
  amountMinor: z.number().int().positive({ message: 'authorize a positive amount' }).max(Number.MAX_SAFE_INTEGER).optional(),
  /** The currency the user confirmed; must be the order's. */
  currency: MoneyCurrencySchema,
});
export const VoidBodySchema = z.object({ orderId });
export const CancelBodySchema = z.object({ reason: safeText().trim().min(1, { message: 'give a reason' }).max(500) });
export const CancelParamsSchema = OrderIdParamsSchema;
export const UpdateReferenceBodySchema = z.object({ orderId, referenceNo: safeText().trim().min(1, { message: 'enter a reference number' }).max(100) });

const update = { resource: 'Transactions', action: 'Update' } as const;

export const paymentEndpoints = endpointTable([
  defineEndpoint({
    id: 'getOrder',
    method: 'GET',
    path: `${BACKOFFICE_API}/order/{id}`,
    summary: "One order with its authorization ledger, payment operations timeline and the actions the caller may take now; 404 outside the caller's merchants",
    access: { resource: 'Transactions', action: 'Read' },
    merchantHeader: true,
    params: OrderIdParamsSchema,
    response: OrderDetailSchema,
  }),
  defineEndpoint({
    id: 'captureAuthorization',
    method: 'POST',
    path: `${BACKOFFICE_API}/payment/captures`,
    summary:
      'Capture all or part of the open authorization of a Tokenized order; 409 when the order or the amount does not allow it. Send an Idempotency-Key per user intent',
    access: update,
    merchantHeader: true,
    idempotent: true,
    body: CaptureBodySchema,
    response: OrderDetailSchema,
  }),
  defineEndpoint({
    id: 'authorizeOrder',
    method: 'POST',
    path: `${BACKOFFICE_API}/payment/authorizations`,
    summary:
      'Authorize the card kept at tokenization (request code AUREQ) for the order amount or less, on a Tokenized order with no open hold and nothing captured; 409 otherwise. A decline answers 200 with the Declined attempt in the timeline. Send an Idempotency-Key per user intent',
    access: update,
    merchantHeader: true,
    idempotent: true,
    body: AuthorizeBodySchema,
    response: OrderDetailSchema,
  }),
  defineEndpoint({
    id: 'voidAuthorization',
    method: 'POST',
    path: `${BACKOFFICE_API}/payment/authorizations/void`,
    summary: 'Release what is left of the open authorization; 409 when nothing is open. Send an Idempotency-Key per user intent',
    access: update,
    merchantHeader: true,
    idempotent: true,
    body: VoidBodySchema,
    response: OrderDetailSchema,
  }),
  defineEndpoint({
    id: 'cancelOrder',
    method: 'POST',
    path: `${BACKOFFICE_API}/order/{id}/cancel/5`,
    summary:
      'Cancel an order with reason code 5 and a reason text (an open authorization is voided first); 409 once anything is captured. Send an Idempotency-Key per user intent',
    access: update,
    merchantHeader: true,
    idempotent: true,
    params: CancelParamsSchema,
    body: CancelBodySchema,
    response: OrderDetailSchema,
  }),
  defineEndpoint({
    id: 'updateReferenceNo',
    method: 'PUT',
    path: `${BACKOFFICE_API}/order/updateReferenceNo`,
    summary: 'Change the reference number of an order that is not Cancelled',
    access: update,
    merchantHeader: true,
    body: UpdateReferenceBodySchema,
    response: OrderDetailSchema,
  }),
]);
