import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { paymentLinkEndpoints, type PaymentLink, type StaffLinkState } from '../../contract/payment-links';
import type { OrderStatus } from '../../contract/transactions';
import { PROPERTY_INACTIVE_DETAIL, PROPERTY_NOT_ACTIVE_DETAIL } from '../../contract/properties';
import { audit } from '../audit';
import type { AnyCaller } from '../auth/caller';
import type { Db } from '../db/database';
import type { ColumnOf, ColumnsOf } from '../db/row-types';
import { effectiveMerchants } from '../lists/list-query';
import { problems, type HttpProblem } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { linkOrigin } from '../mail/link-origin';
import { formatInstant, formatMinor } from '../mail/money-text';
import { staffLinkState } from './link-state';
import { GUEST_PAGE_PATH, linkState } from './payment-link-routes';
import { propertyCheckout } from './property-checkout';

// A created link stays addressable by its id, and staff cancel or re-send it from its screen (issue 34,
// decision 0464). The link's own state is said in staff terms, the same words wherever it appears.

const { getPaymentLink, cancelPaymentLink, resendPaymentLink } = paymentLinkEndpoints;

/** The link with its order's status and property's name, typed from the schema (decision 0610). */
type LinkRecord = ColumnsOf<
  'payment_links',
  | 'id'
  | 'token'
  | 'merchant_id'
  | 'amount_minor'
  | 'currency'
  | 'booking_reference'
  | 'message'
  | 'expires_at'
  | 'created_at'
  | 'completed_at'
  | 'failed_attempts'
> & {
  merchant_name: ColumnOf<'merchants', 'name'>;
  // Every link is made with both (the create body requires them); the columns allow NULL.
  guest_name: NonNullable<ColumnOf<'payment_links', 'guest_name'>>;
  guest_email: NonNullable<ColumnOf<'payment_links', 'guest_email'>>;
  /** Through the inner join: never NULL here. */
  order_id: ColumnOf<'orders', 'id'>;
  order_status: ColumnOf<'orders', 'status'>;
  // The table's CHECK constraints hold these to the contract's values.
  payment_type: PaymentLink['paymentType'];
  charge_category: PaymentLink['chargeCategory'];
  deposit_basis: PaymentLink['depositBasis'];
};

/** The link when the caller may see it; 404 otherwise, the same answer as for a missing link. */
async function visibleLink(db: Db, id: string, caller: AnyCaller, merchantHeader: string | undefined, lock = false): Promise<LinkRecord> {
  const merchants = effectiveMerchants(caller.merchantScope, merchantHeader, undefined);
  const result = await sql<LinkRecord>`
    SELECT l.id, l.token, l.merchant_id, m.name AS merchant_name, l.order_id, o.status AS order_status, l.guest_name, l.guest_email,
           l.amount_minor, l.currency, l.payment_type, l.charge_category, l.booking_reference, l.deposit_basis, l.message,
           l.expires_at, l.created_at, l.completed_at, l.failed_attempts
    FROM payment_links l JOIN orders o ON o.id = l.order_id JOIN merchants m ON m.id = l.merchant_id
    WHERE l.id = ${id}::uuid ${lock ? sql`FOR UPDATE OF l, o` : sql``}`.execute(db);
  const link = result.rows[0];
  if (!link || (merchants !== 'all' && !merchants.includes(link.merchant_id))) throw problems.notFound('payment link not found');
  return link;
}

function toPaymentLink(link: LinkRecord, url: string): PaymentLink {
  return {
    id: link.id,
    url,
    orderId: Number(link.order_id),
    orderStatus: link.order_status as OrderStatus,
    state: linkState(link, link.order_status),
    staffState: staffLinkState(link, link.order_status),
    failedAttempts: Number(link.failed_attempts),
    merchantId: link.merchant_id,
    propertyName: link.merchant_name,
    guestName: link.guest_name,
    guestEmail: link.guest_email,
    amountMinor: Number(link.amount_minor),
    currency: link.currency.trim(),
    paymentType: link.payment_type,
    chargeCategory: link.charge_category,
    bookingReference: link.booking_reference,
    depositBasis: link.deposit_basis,
    message: link.message,
    expiresAt: new Date(link.expires_at).toISOString(),
    createdAt: new Date(link.created_at).toISOString(),
  };
}

/** Why a link that is not open cannot be cancelled or re-sent, in the caller's terms. */
const NOT_OPEN: Record<Exclude<StaffLinkState, 'Open'>, () => HttpProblem> = {
  Paid: () => problems.conflict('the guest has already paid with this link').withCode('paymentLink.paid'),
  Cancelled: () => problems.conflict('this payment link is already cancelled').withCode('paymentLink.cancelled'),
  Locked: () => problems.conflict('this payment link stopped taking cards after too many refused cards').withCode('paymentLink.locked'),
  Expired: () => problems.conflict('this payment link has expired').withCode('paymentLink.expired'),
};

export function registerPaymentLinkActions(app: FastifyInstance): void {
  registerEndpoint(app, getPaymentLink, async ({ params, caller, merchantId, ctx, request }) => {
    const link = await visibleLink(ctx.db, params.id, caller, merchantId);
    return toPaymentLink(link, `${linkOrigin(ctx.config, request)}${GUEST_PAGE_PATH}/${link.token}`);
  });

  registerEndpoint(app, cancelPaymentLink, async ({ params, caller, merchantId, ctx, request }) => {
    const link = await visibleLink(ctx.db, params.id, caller, merchantId, true);
    const state = staffLinkState(link, link.order_status);
    // A paid link's money is the order's to refund; a locked or expired one can still be closed for good.
    if (state === 'Paid' || state === 'Cancelled') throw NOT_OPEN[state]();
    await ctx.db.updateTable('orders').set({ status: 'Cancelled', updated_at: new Date() }).where('id', '=', String(link.order_id)).execute();
    await audit(ctx.db, caller, 'payment-link.cancel', 'order', String(link.order_id), { paymentLinkId: link.id });
    return toPaymentLink({ ...link, order_status: 'Cancelled' }, `${linkOrigin(ctx.config, request)}${GUEST_PAGE_PATH}/${link.token}`);
  });

  registerEndpoint(app, resendPaymentLink, async ({ params, caller, merchantId, ctx, request, afterCommit }) => {
    const link = await visibleLink(ctx.db, params.id, caller, merchantId, true);
    const state = staffLinkState(link, link.order_status);
    if (state !== 'Open') throw NOT_OPEN[state]();
    const property = await propertyCheckout(ctx.db, link.merchant_id);
    // A link e-mailed again asks for new money: only from a property that takes it (decision 0346).
    if (property?.status === 'Inactive') throw problems.conflict(PROPERTY_INACTIVE_DETAIL).withCode('property.inactive');
    if (property?.status !== 'Active') throw problems.conflict(PROPERTY_NOT_ACTIVE_DETAIL).withCode('property.notActive');
    const url = `${linkOrigin(ctx.config, request)}${GUEST_PAGE_PATH}/${link.token}`;
    const subject = `Your payment link from ${property.name}`;
    await ctx.db.insertInto('order_email_history').values({ order_id: link.order_id, recipient: link.guest_email, subject, status: 'Resent' }).execute();
    await audit(ctx.db, caller, 'payment-link.resend', 'order', String(link.order_id), { paymentLinkId: link.id, recipient: link.guest_email });
    const text = [
      `Dear ${link.guest_name},`,
      '',
      `${property.name} asks you to pay ${formatMinor(Number(link.amount_minor), link.currency.trim())} for your reservation ${link.booking_reference}.`,
      ...(link.message ? ['', link.message] : []),
      '',
      `Pay securely here: ${url}`,
      `The link is valid until ${formatInstant(new Date(link.expires_at), property.timeZone)}.`,
    ].join('\n');
    afterCommit(() => app.ctx.mailer.send({ to: link.guest_email, subject, text }));
    return toPaymentLink(link, url);
  });
}
