import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { OrderIdParamsSchema } from './transactions';
import { BACKOFFICE_API } from './product';

// Spec 7 "Orders": `GET order/{id}/email-history` (query page, limit) and the resend of one of
// those e-mails (decision 0206; the spec does not name the resend call).

export const OrderEmailSchema = z.object({
  id: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  status: z.string(),
  sentAt: z.string(),
});
export type OrderEmail = z.infer<typeof OrderEmailSchema>;

export const OrderEmailHistoryQuerySchema = z.object({
  /** 0-based, like the other lists. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const OrderEmailHistorySchema = z.object({ items: z.array(OrderEmailSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
export type OrderEmailHistory = z.infer<typeof OrderEmailHistorySchema>;
export const ResendOrderEmailParamsSchema = OrderIdParamsSchema.extend({ emailId: z.coerce.number().int().positive({ message: 'not an e-mail id' }) });

export const orderEmailEndpoints = endpointTable([
  defineEndpoint({
    id: 'getOrderEmailHistory',
    method: 'GET',
    path: `${BACKOFFICE_API}/order/{id}/email-history`,
    summary: "The e-mails the guest got about an order, newest first; 404 outside the caller's merchants",
    access: { resource: 'Transactions', action: 'Read' },
    merchantHeader: true,
    params: OrderIdParamsSchema,
    query: OrderEmailHistoryQuerySchema,
    response: OrderEmailHistorySchema,
  }),
  defineEndpoint({
    id: 'resendOrderEmail',
    method: 'POST',
    path: `${BACKOFFICE_API}/order/{id}/email-history/{emailId}/resend`,
    summary: "Send one of the order's e-mails again to the same recipient; the copy joins the history. Send an Idempotency-Key per user intent",
    access: { resource: 'Transactions', action: 'Update' },
    merchantHeader: true,
    idempotent: true,
    params: ResendOrderEmailParamsSchema,
    response: OrderEmailSchema,
    successStatus: 201,
  }),
]);
