import { CHARGE_CATEGORIES, PAYMENT_TYPES } from '../../../contract/transactions';
import type { GuestCheckout } from '../../../contract/payment-links';

// What /payment-link-preview shows travels in its address, so "Preview" from the form or from a
// created link opens the same page and a reload keeps it.

export const PREVIEW_PATH = '/payment-link-preview';

/** What the guest page shows of a link, less the property's name (which the preview reads from the setup). */
export type PreviewContent = Pick<
  GuestCheckout,
  'guestName' | 'amountMinor' | 'currency' | 'paymentType' | 'chargeCategory' | 'bookingReference' | 'message' | 'expiresAt'
>;

export function previewAddress(content: PreviewContent): string {
  const search = new URLSearchParams({
    amountMinor: String(content.amountMinor),
    currency: content.currency,
    paymentType: content.paymentType,
    chargeCategory: content.chargeCategory,
    guestName: content.guestName,
    bookingReference: content.bookingReference,
    expiresAt: content.expiresAt,
  });
  if (content.message) search.set('message', content.message);
  return `${PREVIEW_PATH}?${search.toString()}`;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback);

/** The content named in the address, a sample for whatever it leaves out. */
export function previewContentOf(search: string, sample: { guestName: string; bookingReference: string; currency: string }): PreviewContent {
  const query = new URLSearchParams(search);
  const amount = Number(query.get('amountMinor'));
  const expires = query.get('expiresAt');
  return {
    amountMinor: Number.isSafeInteger(amount) && amount > 0 ? amount : 12_500,
    currency: /^[A-Z]{3}$/.test(query.get('currency') ?? '') ? query.get('currency')! : sample.currency,
    paymentType: oneOf(PAYMENT_TYPES, query.get('paymentType'), 'PN'),
    chargeCategory: oneOf(CHARGE_CATEGORIES, query.get('chargeCategory'), 'Rooms'),
    guestName: query.get('guestName') || sample.guestName,
    bookingReference: query.get('bookingReference') || sample.bookingReference,
    message: query.get('message'),
    expiresAt: expires && !Number.isNaN(Date.parse(expires)) ? expires : new Date(Date.now() + 72 * 3_600_000).toISOString(),
  };
}
