import { describe, expect, it } from 'vitest';
import { GeneratePaymentLinkBodySchema } from '../../../contract/payment-links';
import forms from '../../i18n/en/forms.json';
import paymentLinks from '../../i18n/en/payment-links.json';
import { catalogueOf, faultsShown } from '../../../testing/forms/fault-words';
import { linkFaultWords } from './link-fault-words';

// The payment link form says what the contract refuses in the catalogue's sentences, not the contract's
// lower-case words for integrations (a phone walk saw "enter an amount above zero" under the amount).

const t = catalogueOf(forms, paymentLinks);
const words = linkFaultWords(t, 26_000);
const valid = {
  guestName: 'Ada Guest',
  guestEmail: 'ada@example.test',
  amountMinor: 100_00,
  currency: 'EUR',
  paymentType: 'PN',
  chargeCategory: 'Rooms',
  bookingReference: 'BK-1',
  expiryHours: 24,
};
/** What the form shows at each field the schema refuses. */
const shown = faultsShown(GeneratePaymentLinkBodySchema, words, valid);

describe('the payment link form says what the contract refuses', () => {
  it('empty fields', () => {
    expect(shown({ guestName: '', guestEmail: '', amountMinor: undefined, bookingReference: '', expiryHours: undefined })).toEqual({
      guestName: "Enter the guest's name.",
      guestEmail: 'Enter a valid e-mail address.',
      amountMinor: 'Enter an amount.',
      bookingReference: 'Enter the booking reference.',
      expiryHours: 'Enter how many hours the link stays valid.',
    });
  });

  it('amounts of zero and too large, a link of no hours or past its last day', () => {
    expect(shown({ amountMinor: 0, expiryHours: 0 })).toEqual({
      amountMinor: 'Enter an amount above zero.',
      expiryHours: 'A link stays valid for at least 1 hour.',
    });
    expect(shown({ amountMinor: 999_999_999_99, expiryHours: 10_000_000 })).toEqual({
      amountMinor: 'The amount is too large for one payment link.',
      expiryHours: 'A link can stay valid for at most 26000 hours: no link outlives 31 Dec 2029.',
    });
  });

  it('text over its limit and a character that cannot be stored', () => {
    expect(shown({ guestName: 'a'.repeat(201), bookingReference: 'b'.repeat(101), message: 'c'.repeat(1001), guestEmail: 'ada\u0000@example.test' })).toEqual({
      guestName: 'Use at most 200 characters.',
      bookingReference: 'Use at most 100 characters.',
      message: 'Use at most 1000 characters.',
      guestEmail: 'Enter a valid e-mail address.',
    });
    expect(shown({ guestName: 'Ada\u0000' })).toEqual({ guestName: 'This text contains a character that cannot be stored.' });
  });

  it("keeps a server's refusal as the server wrote it", () => {
    expect(words({ path: 'currency', type: 'server', message: 'this property does not take USD' }, {})).toBe('this property does not take USD');
  });
});
