import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { maxExpiryHours, paymentLinkEndpoints, type LinkState, type PaymentLink } from '../../contract/payment-links';
import type { OrderStatus } from '../../contract/transactions';
import { PROPERTY_INACTIVE_DETAIL, PROPERTY_NOT_ACTIVE_DETAIL } from '../../contract/properties';
import { audit } from '../audit';
import { madeBy } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { linkOrigin } from '../mail/link-origin';
import { formatInstant, formatMinor } from '../mail/money-text';
import { propertyCheckout, type PropertyCheckout } from './property-checkout';
import { effectiveSettingsOf } from '../settings/settings-store';

const { getPaymentLinkSetup, createPaymentLink } = paymentLinkEndpoints;

/** 24 random bytes: 192 bits, far beyond guessing; base64url keeps it short in a URL (decision 0220). */
export const newLinkToken = () => randomBytes(24).toString('base64url');
export const GUEST_PAGE_PATH = '/pay';

export function linkState(link: { completed_at: Date | null; expires_at: Date }, orderStatus: string, now = new Date()): LinkState {
  if (link.completed_at) return 'Completed';
  if (orderStatus === 'Cancelled') return 'Cancelled';
  return new Date(link.expires_at) <= now ? 'Expired' : 'Payable';
}

async function activeProperty(db: Db, merchantId: string) {
  const property = await propertyCheckout(db, merchantId);
  if (!property) throw problems.notFound('property not found');
  return property;
}

/** What the property's payment settings let a link ask for (issue 32): its payment types and charge categories. */
async function linkChoices(db: Db, property: PropertyCheckout) {
  const settings = await effectiveSettingsOf(db, property.merchantGroupId, property.merchantId, 'payment');
  return {
    paymentTypes: settings.paymentTypes,
    chargeCategories: settings.chargeCategories,
  };
}

/** Spec 2 "/generate-payment-link": the active property's setup, and the link with its order and e-mail. */
export function registerPaymentLinkRoutes(app: FastifyInstance): void {
  registerEndpoint(app, getPaymentLinkSetup, async ({ merchantId, ctx }) => {
    const property = await activeProperty(ctx.db, merchantId);
    return {
      merchantId: property.merchantId,
      propertyName: property.name,
      currencies: property.currencies,
      ...(await linkChoices(ctx.db, property)),
      defaultExpiryHours: property.defaultExpiryHours,
      maxExpiryHours: maxExpiryHours(),
      branding: property.branding,
      cards: { acceptedCards: property.cards.accepted, cardholderNameRequired: property.cards.holderNameRequired },
    };
  });

  registerEndpoint(app, createPaymentLink, async ({ body, caller, merchantId, ctx, request, afterCommit }) => {
    const property = await activeProperty(ctx.db, merchantId);
    // Only a property the provider has reviewed and priced takes money (decision 0346).
    if (property.status === 'Inactive') throw problems.conflict(PROPERTY_INACTIVE_DETAIL).withCode('property.inactive');
    if (property.status !== 'Active') throw problems.conflict(PROPERTY_NOT_ACTIVE_DETAIL).withCode('property.notActive');
    const choices = await linkChoices(ctx.db, property);
    const refused: Record<string, string[]> = {};
    if (!property.currencies.includes(body.currency)) refused.currency = [`${property.name} takes ${property.currencies.join(', ')}`];
    if (!choices.paymentTypes.includes(body.paymentType))
      refused.paymentType = [`${property.name}'s payment settings allow ${choices.paymentTypes.join(', ')}`];
    if (!choices.chargeCategories.includes(body.chargeCategory))
      refused.chargeCategory = [`${property.name}'s payment settings allow ${choices.chargeCategories.join(', ')}`];
    // The form offers only the setup's choices: one refused here changed after the form read them.
    if (Object.keys(refused).length > 0) throw problems.validation(refused, 'the request has invalid fields').withCode('paymentLink.choicesChanged');
    const booking = await ctx.db
      .selectFrom('bookings')
      .select('id')
      .where('merchant_id', '=', property.merchantId)
      .where('reference', '=', body.bookingReference)
      .executeTakeFirst();
    const order = await ctx.db
      .insertInto('orders')
      .values({
        merchant_id: property.merchantId,
        booking_id: booking?.id ?? null,
        reference_no: body.bookingReference,
        guest_name: body.guestName,
        guest_email: body.guestEmail,
        amount_minor: body.amountMinor,
        currency: body.currency,
        status: 'PaymentLinkSentNoProcessing' satisfies OrderStatus,
        payment_type: body.paymentType,
        charge_category: body.chargeCategory,
      })
      .returning(['id', 'status', 'created_at'])
      .executeTakeFirstOrThrow();
    const token = newLinkToken();
    const expiresAt = new Date(Date.now() + body.expiryHours * 3_600_000);
    const link = await ctx.db
      .insertInto('payment_links')
      .values({
        merchant_id: property.merchantId,
        order_id: order.id,
        token,
        amount_minor: body.amountMinor,
        currency: body.currency,
        guest_name: body.guestName,
        guest_email: body.guestEmail,
        payment_type: body.paymentType,
        charge_category: body.chargeCategory,
        booking_reference: body.bookingReference,
        deposit_basis: body.depositBasis,
        message: body.message || null,
        expires_at: expiresAt,
        created_by: madeBy(caller).userId,
        created_by_key_id: madeBy(caller).keyId,
      })
      .returning(['id', 'created_at', 'expires_at', 'completed_at'])
      .executeTakeFirstOrThrow();
    const url = `${linkOrigin(ctx.config, request)}${GUEST_PAGE_PATH}/${token}`;
    const subject = `Your payment link from ${property.name}`;
    await ctx.db.insertInto('order_email_history').values({ order_id: order.id, recipient: body.guestEmail, subject, status: 'Sent' }).execute();
    await audit(ctx.db, caller, 'payment-link.create', 'order', order.id, {
      paymentLinkId: link.id,
      amountMinor: body.amountMinor,
      currency: body.currency,
      paymentType: body.paymentType,
    });
    const amount = formatMinor(body.amountMinor, body.currency);
    const text = [
      `Dear ${body.guestName},`,
      '',
      `${property.name} asks you to pay ${amount} for your reservation ${body.bookingReference}.`,
      ...(body.message ? ['', body.message] : []),
      '',
      `Pay securely here: ${url}`,
      `The link is valid until ${formatInstant(expiresAt, property.timeZone)}.`,
    ].join('\n');
    // Sent once the order and the history entry are committed (the mailer writes its own outbox row).
    afterCommit(() => app.ctx.mailer.send({ to: body.guestEmail, subject, text }));
    const answer: PaymentLink = {
      id: link.id,
      url,
      orderId: Number(order.id),
      orderStatus: order.status as OrderStatus,
      state: linkState(link, order.status),
      merchantId: property.merchantId,
      propertyName: property.name,
      guestName: body.guestName,
      guestEmail: body.guestEmail,
      amountMinor: body.amountMinor,
      currency: body.currency,
      paymentType: body.paymentType,
      chargeCategory: body.chargeCategory,
      bookingReference: body.bookingReference,
      depositBasis: body.depositBasis,
      message: body.message || null,
      expiresAt: new Date(link.expires_at).toISOString(),
      createdAt: new Date(link.created_at).toISOString(),
    };
    return answer;
  });
}
