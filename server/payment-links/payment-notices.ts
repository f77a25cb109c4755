import type { AppContext } from '../app-context';
import { formatMinor } from '../mail/money-text';
import { effectiveSettingsOf } from '../settings/settings-store';

// The hotel hears of its guests' payments (decision 0701): when a guest completes a payment link, the property's
// PMNT (payment) notification recipients, else its DEFAULT ones (the notifications settings page, the property's own
// lists else its group's), each get one e-mail saying who paid what for which booking and how the card was taken.
// Sent after the payment commits; the card is named by its brand and last four digits only.

export interface PaymentNotice {
  merchantId: string;
  merchantGroupId: string;
  property: string;
  guestName: string;
  bookingReference: string;
  orderId: number;
  amountMinor: number;
  currency: string;
  /** What the guest's card went through: charged, the amount held, or saved for later. */
  outcome: 'Paid' | 'Authorized' | 'Tokenized';
  card: { brand: string; last4: string };
}

const DONE: Record<PaymentNotice['outcome'], { subject: string; sentence: string }> = {
  Paid: { subject: 'Payment received', sentence: 'paid' },
  Authorized: { subject: 'Amount held', sentence: 'had the amount held on their card for' },
  Tokenized: { subject: 'Card saved', sentence: 'saved their card for a later charge of' },
};

export function paymentNoticeMail(notice: PaymentNotice): { subject: string; text: string } {
  const amount = formatMinor(notice.amountMinor, notice.currency);
  const done = DONE[notice.outcome];
  // What is left for the hotel to do: nothing for a charged card.
  const next = { Paid: [], Authorized: ['Capture it from the order when the stay is charged.'], Tokenized: ['Charge it from the order when it is due.'] }[
    notice.outcome
  ];
  return {
    subject: `${done.subject}: ${amount} from ${notice.guestName} (${notice.bookingReference})`,
    text: [
      `${notice.guestName} ${done.sentence} ${amount} for booking ${notice.bookingReference} at ${notice.property}, with ${notice.card.brand} ending in ${notice.card.last4}.`,
      ...next,
      '',
      `Order ${notice.orderId} in the back office's transactions.`,
    ].join('\n'),
  };
}

/** Sends the notice to the property's payment recipients (else its default ones); a failure is logged, never undoes the payment. */
export async function sendPaymentNotice(ctx: AppContext, notice: PaymentNotice): Promise<void> {
  try {
    const lists = await effectiveSettingsOf(ctx.db, notice.merchantGroupId, notice.merchantId, 'notifications');
    const recipients = lists.PMNT.length > 0 ? lists.PMNT : lists.DEFAULT;
    const mail = paymentNoticeMail(notice);
    for (const to of new Set(recipients)) await ctx.mailer.send({ to, ...mail });
  } catch (error) {
    ctx.log.error({ err: error }, 'payment notice not sent');
  }
}
