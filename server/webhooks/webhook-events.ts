import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '../../contract/webhooks';
import type { Db } from '../db/database';

// Events for merchants' receivers (decision 0282). A module that changes an order or a payout calls
// enqueueWebhookEvent with ITS transaction: the delivery row commits with the change or not at all,
// and the webhook worker delivers it afterwards, with retries. Nothing is sent from inside a request.

export interface WebhookEvent {
  type: WebhookEventType;
  /** The property the event is about; its own webhook settings win over its group's. */
  merchantId: string;
  data: Record<string, unknown>;
  /** The booking the event belongs to: its log (source Webhook) records every attempt. */
  bookingId?: string | null;
  /** Pay-later orders go to the pay-later URL when one is set. */
  payLater?: boolean;
}

export interface WebhookTarget {
  id: string;
  merchant_group_id: string;
  merchant_id: string | null;
  url: string;
  pay_later_url: string | null;
}

/** The settings that apply to a property: its own, else its group's; undefined when neither has any. */
export async function webhookTargetOf(db: Db, merchantGroupId: string, merchantId: string | null): Promise<WebhookTarget | undefined> {
  const rows = await db
    .selectFrom('webhook_settings')
    .select(['id', 'merchant_group_id', 'merchant_id', 'url', 'pay_later_url'])
    .where('merchant_group_id', '=', merchantGroupId)
    .where((eb) => (merchantId === null ? eb('merchant_id', 'is', null) : eb.or([eb('merchant_id', 'is', null), eb('merchant_id', '=', merchantId)])))
    .execute();
  return rows.find((row) => row.merchant_id !== null) ?? rows[0];
}

/** Queues one delivery to a known target; returns its id. */
export async function enqueueDelivery(db: Db, target: WebhookTarget, event: Omit<WebhookEvent, 'merchantId'> & { merchantId: string | null }): Promise<string> {
  const eventId = randomUUID();
  const payload = {
    id: eventId,
    type: event.type,
    createdAt: new Date().toISOString(),
    merchantGroupId: target.merchant_group_id,
    merchantId: event.merchantId,
    data: event.data,
  };
  const row = await db
    .insertInto('webhook_deliveries')
    .values({
      webhook_settings_id: target.id,
      merchant_group_id: target.merchant_group_id,
      merchant_id: event.merchantId,
      event_id: eventId,
      event_type: event.type,
      payload: JSON.stringify(payload),
      booking_id: event.bookingId ?? null,
      target_url: event.payLater && target.pay_later_url ? target.pay_later_url : target.url,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Queues an event for the property's receiver, in the caller's transaction. Returns the delivery id,
 * or undefined when neither the property nor its group has a webhook configured (nothing to send).
 */
export async function enqueueWebhookEvent(trx: Db, event: WebhookEvent): Promise<string | undefined> {
  const merchant = await trx.selectFrom('merchants').select('merchant_group_id').where('id', '=', event.merchantId).executeTakeFirst();
  if (!merchant) return undefined;
  const target = await webhookTargetOf(trx, merchant.merchant_group_id, event.merchantId);
  return target ? enqueueDelivery(trx, target, event) : undefined;
}

/** An order's event, its data read from the order as it stands in the transaction. */
export async function enqueueOrderEvent(trx: Db, orderId: string, type: WebhookEventType, extra: Record<string, unknown> = {}): Promise<string | undefined> {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'merchant_id', 'booking_id', 'reference_no', 'amount_minor', 'currency', 'status', 'payment_type'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  return enqueueWebhookEvent(trx, {
    type,
    merchantId: order.merchant_id,
    bookingId: order.booking_id,
    payLater: order.payment_type === 'PL',
    data: {
      orderId: Number(order.id),
      referenceNo: order.reference_no,
      amountMinor: Number(order.amount_minor),
      currency: order.currency.trim(),
      status: order.status,
      paymentType: order.payment_type,
      bookingId: order.booking_id,
      ...extra,
    },
  });
}

/** A payout's event (sent to the bank, Paid or Failed), its data read in the transaction. */
export async function enqueuePayoutEvent(
  trx: Db,
  payoutId: string,
  type: 'payout.sent' | 'payout.paid' | 'payout.failed',
  extra: Record<string, unknown> = {},
) {
  const payout = await trx
    .selectFrom('payouts')
    .select(['id', 'merchant_id', 'reference', 'amount_minor', 'currency', 'status', 'paid_at'])
    .where('id', '=', payoutId)
    .executeTakeFirst();
  if (!payout) return undefined;
  return enqueueWebhookEvent(trx, {
    type,
    merchantId: payout.merchant_id,
    data: {
      payoutId: payout.id,
      reference: payout.reference,
      amountMinor: Number(payout.amount_minor),
      currency: payout.currency.trim(),
      status: payout.status,
      paidAt: payout.paid_at ? new Date(payout.paid_at).toISOString() : null,
      ...extra,
    },
  });
}
