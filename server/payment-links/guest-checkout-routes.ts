import type { FastifyInstance } from 'fastify';
import { GUEST_PROPERTY_NOT_ACTIVE_DETAIL, PROPERTY_INACTIVE_DETAIL } from '../../contract/properties';
import { sql } from 'kysely';
import { paymentLinkEndpoints, type GuestCheckout, type GuestLinkOutcome, type GuestPaymentAnswer, type LinkState } from '../../contract/payment-links';
import type { OrderStatus } from '../../contract/transactions';
import { audit } from '../audit';
import type { Db } from '../db/database';
import type { ColumnOf, ColumnsOf } from '../db/row-types';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { demoCardAcquirer, type CardAcquirer } from './card-acquirer';
import { MAX_FAILED_CARD_ATTEMPTS } from './link-limits';
import { cardNetworkOf } from '../../contract/card-checks';
import { linkState } from './payment-link-routes';
import { propertyCheckout } from './property-checkout';
import { sendPaymentNotice } from './payment-notices';
import { enqueueOrderEvent } from '../webhooks/webhook-events';
import { recordLiveEvent } from '../events/live-outbox';

const { getGuestCheckout, payGuestCheckout } = paymentLinkEndpoints;

/** Per client address: enough for a guest and their retries, too few to walk tokens or test stolen cards (decision 0220). */
export const GUEST_VIEWS_PER_MINUTE = 60;

/** The link with its order's and property's status, typed from the schema (decision 0610). */
type LinkRow = ColumnsOf<
  'payment_links',
  | 'merchant_id'
  | 'amount_minor'
  | 'currency'
  | 'guest_name'
  | 'booking_reference'
  | 'message'
  | 'expires_at'
  | 'completed_at'
  | 'card_brand'
  | 'card_last4'
  | 'failed_attempts'
> & {
  link_id: ColumnOf<'payment_links', 'id'>;
  /** Through the inner join: never NULL here. */
  order_id: ColumnOf<'orders', 'id'>;
  property_status: ColumnOf<'merchants', 'status'>;
  // The tables' CHECK constraints hold these to the contract's values.
  order_status: OrderStatus;
  /** What the order has captured: a pay-now link whose property only authorizes (decision 0698) completes with none. */
  captured_minor: ColumnOf<'orders', 'captured_minor'>;
  payment_type: 'PN' | 'PL' | 'AU';
  charge_category: GuestCheckout['chargeCategory'];
};

/** The link and its order; `lock` holds both rows for the rest of the transaction (a link pays at most once). */
async function linkByToken(db: Db, token: string, lock: boolean): Promise<LinkRow> {
  const result = await sql<LinkRow>`
    SELECT l.id AS link_id, l.merchant_id, l.order_id, o.status AS order_status, o.captured_minor, l.amount_minor, l.currency, l.guest_name,
           l.payment_type, l.charge_category, l.booking_reference, l.message, l.expires_at, l.completed_at, l.card_brand, l.card_last4, l.failed_attempts,
           m.status AS property_status
    FROM payment_links l JOIN orders o ON o.id = l.order_id JOIN merchants m ON m.id = l.merchant_id
    WHERE l.token = ${token} ${lock ? sql`FOR UPDATE OF l, o` : sql``}`.execute(db);
  const row = result.rows[0];
  // One answer for every token that is not a link: nothing tells a near miss from a wild guess.
  if (!row) throw problems.notFound('this payment link does not exist');
  // An Inactive property's links neither show nor pay (spec 2's inactive-property page, decision 0260).
  if (row.property_status === 'Inactive') throw problems.conflict(PROPERTY_INACTIVE_DETAIL);
  return row;
}

async function checkoutOf(db: Db, row: LinkRow): Promise<GuestCheckout> {
  const property = await propertyCheckout(db, row.merchant_id);
  const state = linkState(row, row.order_status);
  const paymentHeld = paymentHeldOf(row);
  return {
    state,
    propertyName: property?.name ?? '',
    guestName: row.guest_name ?? '',
    amountMinor: Number(row.amount_minor),
    currency: row.currency.trim(),
    // What the guest's card goes through: a pay-now link of a property that only authorizes holds the amount.
    paymentType: row.payment_type === 'PN' && property!.cards.authorizeOnly ? 'AU' : row.payment_type,
    chargeCategory: row.charge_category,
    bookingReference: row.booking_reference,
    message: row.message,
    expiresAt: new Date(row.expires_at).toISOString(),
    branding: property!.branding,
    card: row.completed_at && row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4.trim() } : null,
    paymentHeld,
    outcome: guestOutcomeOf(state, paymentHeld, row),
    cards: { acceptedCards: property!.cards.accepted, cardholderNameRequired: property!.cards.holderNameRequired },
  };
}

/**
 * One word for what became of the link (decision 0420): a completed link by what its payment did to the card. A
 * pay-now link of a property that only authorizes (decision 0698) held the amount until the hotel captures it.
 */
function guestOutcomeOf(state: LinkState, held: GuestCheckout['paymentHeld'], row: LinkRow): GuestLinkOutcome {
  if (state === 'Completed') {
    if (row.payment_type === 'PL') return 'CardSaved';
    return row.payment_type === 'PN' && Number(row.captured_minor) > 0 ? 'Paid' : 'AmountHeld';
  }
  if (state !== 'Payable') return state;
  if (held === 'TooManyRefusedCards') return 'Locked';
  if (held === 'PropertyNotActive') return 'NotTakingPayments';
  return 'Open';
}

/** The refusals the pay call would answer for a payable link, said before the guest types a card (decision 0349). */
function paymentHeldOf(row: LinkRow): GuestCheckout['paymentHeld'] {
  if (row.property_status !== 'Active') return 'PropertyNotActive';
  if (row.failed_attempts >= MAX_FAILED_CARD_ATTEMPTS) return 'TooManyRefusedCards';
  return null;
}

export { MAX_FAILED_CARD_ATTEMPTS };
const TOO_MANY_CARD_ATTEMPTS = 'too many cards were refused on this payment link; ask the hotel for a new one';

const REFUSALS = {
  Completed: 'this payment link has already been used',
  Expired: 'this payment link has expired',
  Cancelled: 'this payment link has been cancelled',
} as const;

async function recordOperation(
  db: Db,
  row: LinkRow,
  kind: 'Authorization' | 'Capture',
  outcome: 'Succeeded' | 'Declined',
  amount: number,
  note: string | null,
  reference: string | null,
) {
  await db
    .insertInto('payment_operations')
    .values({ order_id: row.order_id, kind, outcome, amount_minor: amount, currency: row.currency, acquirer_reference: reference, note, actor_id: null })
    .execute();
}

/** The guest's public payment page (issue 15): outside the session, scoped to one link by its token. */
export function registerGuestCheckoutRoutes(app: FastifyInstance, acquirer: CardAcquirer = demoCardAcquirer(app.ctx.config.demoAcquirerLatencyMs)): void {
  registerEndpoint(app, getGuestCheckout, async ({ params, ctx }) => checkoutOf(ctx.db, await linkByToken(ctx.db, params.token, false)), {
    rateLimit: { max: GUEST_VIEWS_PER_MINUTE, timeWindow: 60_000 },
  });

  registerEndpoint(
    app,
    payGuestCheckout,
    async ({ params, body, ctx, afterCommit }): Promise<GuestPaymentAnswer> => {
      const row = await linkByToken(ctx.db, params.token, true);
      const state = linkState(row, row.order_status);
      if (state !== 'Payable') throw problems.conflict(REFUSALS[state]);
      // Decision 0346: a property not (yet) Active takes no money, whatever links it holds; and one link is one
      // guest's: after a few refused cards it stops trying cards (card testing), the hotel sends a new one.
      const held = paymentHeldOf(row);
      if (held) throw problems.conflict(held === 'PropertyNotActive' ? GUEST_PROPERTY_NOT_ACTIVE_DETAIL : TOO_MANY_CARD_ATTEMPTS);
      const amount = Number(row.amount_minor);
      const refuse = async (outcome: 'Declined' | 'AuthenticationFailed', message: string, reference: string | null): Promise<GuestPaymentAnswer> => {
        // The failed attempt stays on the order; the link stays payable.
        await ctx.db
          .updateTable('payment_links')
          .set({ failed_attempts: sql`failed_attempts + 1` })
          .where('id', '=', row.link_id)
          .execute();
        await recordOperation(ctx.db, row, 'Authorization', 'Declined', amount, `guest payment: ${message}`, reference);
        await audit(ctx.db, null, 'payment-link.attempt-failed', 'order', row.order_id, { outcome });
        const orderId = Number(row.order_id);
        await recordLiveEvent(ctx.db, { type: 'order', orderId, merchantId: row.merchant_id, change: 'declined', status: row.order_status });
        if (row.failed_attempts + 1 >= MAX_FAILED_CARD_ATTEMPTS)
          await recordLiveEvent(ctx.db, { type: 'paymentLink', linkId: row.link_id, orderId, merchantId: row.merchant_id, change: 'locked', state: 'Payable' });
        return { outcome, message, checkout: await checkoutOf(ctx.db, { ...row, failed_attempts: row.failed_attempts + 1 }) };
      };
      // The property's processing settings (decision 0698): the card networks it takes and whether it asks for the
      // holder's name are answered before the acquirer is asked, and cost the link no card attempt.
      const property = (await propertyCheckout(ctx.db, row.merchant_id))!;
      if (property.cards.holderNameRequired && body.cardholderName === '')
        throw problems.validation({ cardholderName: ['enter the name on the card'] }).withCode('checkout.holderNameRequired');
      const network = cardNetworkOf(body.cardNumber);
      if (network === null || !property.cards.accepted.includes(network))
        throw problems
          .validation(
            { cardNumber: [network ? `${property.name} does not take ${network} cards` : `${property.name} does not take cards of this network`] },
            `the property takes ${property.cards.accepted.join(', ')} cards`,
          )
          .withCode('checkout.cardNotAccepted');
      const card = await acquirer.tokenize({
        number: body.cardNumber,
        expiryMonth: body.expiryMonth,
        expiryYear: body.expiryYear,
        cvc: body.cvc,
        holder: body.cardholderName,
        authenticate: property.cards.authenticateGuest,
      });
      if (card.outcome !== 'Tokenized') return refuse(card.outcome, card.message, null);
      let status: OrderStatus = 'Tokenized';
      let authorized = 0;
      let captured = 0;
      if (row.payment_type !== 'PL') {
        const capture = row.payment_type === 'PN' && !property.cards.authorizeOnly;
        const sale = await acquirer.sale({ cardToken: card.token, amountMinor: amount, currency: row.currency, capture });
        if (sale.outcome === 'Declined') return refuse('Declined', sale.message, sale.reference);
        authorized = amount;
        captured = capture ? amount : 0;
        status = capture ? 'Paid' : 'Tokenized';
        await recordOperation(ctx.db, row, 'Authorization', 'Succeeded', amount, 'guest payment', sale.reference);
        if (capture) await recordOperation(ctx.db, row, 'Capture', 'Succeeded', amount, 'guest payment', sale.reference);
      } else {
        await recordOperation(ctx.db, row, 'Authorization', 'Succeeded', 0, 'guest saved the card (pay later)', null);
      }
      const expiry = `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`;
      // `completed_at IS NULL` backs the row lock: whatever path got here, a link completes once.
      const completed = await ctx.db
        .updateTable('payment_links')
        .set({ completed_at: new Date(), card_token: card.token, card_brand: card.brand, card_last4: card.last4, card_expiry: expiry })
        .where('id', '=', row.link_id)
        .where('completed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!completed) throw problems.conflict(REFUSALS.Completed);
      await ctx.db
        .updateTable('orders')
        .set({
          status,
          card_brand: card.brand,
          card_last4: card.last4,
          // What an authorization (AUREQ, decision 0210) later charges without the guest.
          card_token: card.token,
          authorized_minor: authorized,
          captured_minor: captured,
          updated_at: new Date(),
        })
        .where('id', '=', row.order_id)
        .execute();
      await audit(ctx.db, null, 'payment-link.completed', 'order', row.order_id, { paymentType: row.payment_type, status });
      const outcome = row.payment_type === 'PL' ? 'Tokenized' : captured > 0 ? 'Paid' : 'Authorized';
      await enqueueOrderEvent(ctx.db, row.order_id, outcome === 'Paid' ? 'order.paid' : outcome === 'Tokenized' ? 'order.tokenized' : 'order.authorized');
      const orderId = Number(row.order_id);
      await recordLiveEvent(ctx.db, { type: 'order', orderId, merchantId: row.merchant_id, change: outcome === 'Paid' ? 'paid' : 'authorized', status });
      await recordLiveEvent(ctx.db, { type: 'paymentLink', linkId: row.link_id, orderId, merchantId: row.merchant_id, change: 'paid', state: 'Completed' });
      // The hotel's payment recipients hear of it once the payment has committed (decision 0701).
      const notice = {
        merchantId: row.merchant_id,
        merchantGroupId: property.merchantGroupId,
        property: property.name,
        guestName: row.guest_name ?? '',
        bookingReference: row.booking_reference,
        orderId,
        amountMinor: amount,
        currency: row.currency.trim(),
        outcome,
        card: { brand: card.brand, last4: card.last4 },
      } as const;
      afterCommit(() => sendPaymentNotice(app.ctx, notice));
      return { outcome, message: null, checkout: await checkoutOf(ctx.db, await linkByToken(ctx.db, params.token, false)) };
    },
    { rateLimit: { max: app.ctx.config.rateLimits.guestPaymentsPerTenMinutes, timeWindow: 600_000 } },
  );
}
