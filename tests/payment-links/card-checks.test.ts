import { describe, expect, it } from 'vitest';
import { cardExpired, passesLuhn } from '../../contract/card-checks';
import { cardErrors, cardFormSchema } from '../../src/components/guest-checkout/card-form';

// Decision 0351: the guest's card form refuses what the card's own digits and date can tell, and
// says which field to correct, before the card is sent.

const GOOD = { cardholderName: 'Ada Guest', cardNumber: '4242 4242 4242 4242', expiryMonth: 12, expiryYear: 2030, cvc: '123' };
const NOW = new Date('2026-11-15T12:00:00Z');

describe('card checks', () => {
  it('a card number passes its check digit only when no digit is mistyped', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242424242424224')).toBe(false);
  });

  it('a card is good through the last day of its expiry month', () => {
    expect(cardExpired(11, 2026, NOW)).toBe(false);
    expect(cardExpired(10, 2026, NOW)).toBe(true);
    expect(cardExpired(1, 2027, NOW)).toBe(false);
    expect(cardExpired(12, 2025, NOW)).toBe(true);
  });
});

describe('the guest card form', () => {
  it('sends a well-formed, unexpired card', () => {
    expect(cardErrors(GOOD, NOW)).toEqual({});
  });

  it('names each field to correct, with the words for its fault', () => {
    expect(cardErrors({ cardholderName: ' ', cardNumber: '4242', expiryMonth: 0, expiryYear: Number.NaN, cvc: '12' }, NOW)).toEqual({
      cardholderName: 'cardholderName',
      cardNumber: 'cardNumber',
      expiryMonth: 'expiryMonth',
      expiryYear: 'expiryYear',
      cvc: 'cvc',
    });
    expect(cardErrors({ ...GOOD, cardholderName: 'x'.repeat(101) }, NOW)).toEqual({ cardholderName: 'nameTooLong' });
    expect(cardErrors({ ...GOOD, cardholderName: 'Ada\u0000' }, NOW)).toEqual({ cardholderName: 'nameCharacters' });
    expect(cardErrors({ ...GOOD, expiryMonth: 1.5 }, NOW)).toEqual({ expiryMonth: 'expiryMonth' });
  });

  it('holds back a mistyped number and an expired card', () => {
    expect(cardErrors({ ...GOOD, cardNumber: '4242 4242 4242 4241', expiryMonth: 10, expiryYear: 2026 }, NOW)).toEqual({
      cardNumber: 'numberMistyped',
      expiryYear: 'expired',
    });
  });

  it('names a mistyped number and an expired card at the same press as the faults of other fields (issue 34)', () => {
    expect(cardErrors({ ...GOOD, cardholderName: '', cardNumber: '4242 4242 4242 4241', expiryMonth: 10, expiryYear: 2026 }, NOW)).toEqual({
      cardholderName: 'cardholderName',
      cardNumber: 'numberMistyped',
      expiryYear: 'expired',
    });
    expect(cardErrors({ ...GOOD, cardNumber: '4242 4242 4242 4241', expiryMonth: 13 }, NOW)).toEqual({
      cardNumber: 'numberMistyped',
      expiryMonth: 'expiryMonth',
    });
  });
});

describe('the guest card form on the form kit (issue 34)', () => {
  const schema = cardFormSchema(
    (key) => `say:${key}`,
    () => NOW,
  );
  const typed = { cardholderName: 'Ada Guest', cardNumber: '4242 4242 4242 4242', expiryMonth: '12', expiryYear: '30', cvc: '123' };

  it('says every problem at the first press, each once and at its own field', () => {
    const checked = schema.safeParse({ ...typed, cardholderName: '', cardNumber: '4242 4242 4242 4241', expiryMonth: '10', expiryYear: '2026', cvc: '1' });
    expect(checked.success).toBe(false);
    const issues = checked.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toHaveLength(new Set(issues.map(([field]) => field)).size);
    expect(Object.fromEntries(issues)).toEqual({
      cardholderName: 'say:cardholderName',
      cardNumber: 'say:numberMistyped',
      expiryYear: 'say:expired',
      cvc: 'say:cvc',
    });
  });

  it('hands a good card over as the contract has it (a two-digit year is of this century)', () => {
    expect(schema.parse(typed)).toEqual({ cardholderName: 'Ada Guest', cardNumber: '4242 4242 4242 4242', expiryMonth: 12, expiryYear: 2030, cvc: '123' });
  });
});
