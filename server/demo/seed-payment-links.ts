import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';

// Demo payment links (issue 15), so the home screens and the guest page have something to show:
// for every Active property without links, one link waiting for the guest, one expired and one
// paid. Tokens are random like real ones; staff find them on the property management screen.
const HOUR = 3_600_000;

/** `now`: the demo's start (a test gives a time just after midnight). */
export async function seedPaymentLinks(db: Db, now = Date.now()): Promise<void> {
  const properties = await db
    .selectFrom('merchants as m')
    .select(['m.id', 'm.currency'])
    .where('m.status', '=', 'Active')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payment_links as l')
            .select(sql`1`.as('one'))
            .whereRef('l.merchant_id', '=', 'm.id'),
        ),
      ),
    )
    .orderBy('m.position')
    .execute();
  // The paid link's capture is today's (UTC), however soon after midnight the demo starts: a capture of a closed
  // day after the seeded payout periods is the payout run's to pay out, and a fresh demo has nothing due (decision
  // 0582). Six hours back crossed midnight between 00:00 and 06:00 UTC, and the run then made four payouts at once.
  const startOfToday = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  const paidCreated = Math.max(now - 6 * HOUR, startOfToday);
  const paidAfter = Math.min(HOUR, Math.floor((now - paidCreated) / 2));
  for (const [index, property] of properties.entries()) {
    const currency = property.currency.trim();
    const links = [
      {
        guest: 'Olivia Open',
        reference: `LINK-OPEN-${index + 1}`,
        amount: 18_000 + index * 500,
        status: 'PaymentLinkSentNoProcessing',
        created: now - 3 * HOUR,
        expires: now + 45 * HOUR,
      },
      {
        guest: 'Eddie Expired',
        reference: `LINK-EXPIRED-${index + 1}`,
        amount: 9_900,
        status: 'PaymentLinkSentNoProcessing',
        created: now - 50 * HOUR,
        expires: now - 2 * HOUR,
      },
      { guest: 'Paula Paid', reference: `LINK-PAID-${index + 1}`, amount: 25_000, status: 'Paid', created: paidCreated, expires: now + 66 * HOUR },
    ];
    for (const link of links) {
      const paid = link.status === 'Paid';
      const order = await db
        .insertInto('orders')
        .values({
          merchant_id: property.id,
          reference_no: link.reference,
          guest_name: link.guest,
          guest_email: `${link.guest.split(' ')[0]!.toLowerCase()}@guest.example.test`,
          amount_minor: link.amount,
          currency,
          status: link.status,
          payment_type: 'PN',
          charge_category: 'Rooms',
          card_brand: paid ? 'Visa' : null,
          card_last4: paid ? '4242' : null,
          authorized_minor: paid ? link.amount : 0,
          captured_minor: paid ? link.amount : 0,
          created_at: new Date(link.created),
          updated_at: new Date(paid ? link.created + paidAfter : link.created),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('payment_links')
        .values({
          merchant_id: property.id,
          order_id: order.id,
          token: randomBytes(24).toString('base64url'),
          amount_minor: link.amount,
          currency,
          guest_name: link.guest,
          guest_email: `${link.guest.split(' ')[0]!.toLowerCase()}@guest.example.test`,
          payment_type: 'PN',
          booking_reference: link.reference,
          expires_at: new Date(link.expires),
          created_at: new Date(link.created),
          completed_at: paid ? new Date(link.created + paidAfter) : null,
          card_token: paid ? `demo-tok-seed-${index + 1}` : null,
          card_brand: paid ? 'Visa' : null,
          card_last4: paid ? '4242' : null,
          card_expiry: paid ? '12/30' : null,
        })
        .execute();
      await db
        .insertInto('order_email_history')
        .values({
          order_id: order.id,
          recipient: `${link.guest.split(' ')[0]!.toLowerCase()}@guest.example.test`,
          subject: 'Your payment link',
          status: 'Delivered',
          sent_at: new Date(link.created),
        })
        .execute();
    }
  }
}
