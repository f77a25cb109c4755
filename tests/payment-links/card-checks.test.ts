import { describe, expect, it } from 'vitest';
import { cardExpired, passesLuhn } from '../../contract/card-checks';
import { cardFormSchema, cardWords } from '../../src/features/guest-checkout/card-form';
import { kitResolver } from '../../src/components/form/use-form';

// Decision 0351: the guest's card form refuses what the card's own digits and date can tell, and
// says which field to correct, before the card is sent.

const TYPED = { cardholderName: 'Ada Guest', cardNumber: '4242 4242 4242 4242', expiryMonth: '12', expiryYear: '30', cvc: '123' };
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

/** What the guest sees at each field after pressing pay with these values typed: the kit's check of the form's schema, in the form's words. */
async function shown(typed: Partial<typeof TYPED>): Promise<Record<string, string | undefined>> {
  const check = kitResolver(
    cardFormSchema(() => NOW),
    () => cardWords((key) => `say:${key}`),
  );
  const result = await check({ ...TYPED, ...typed }, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, error?.message]));
}

describe('the guest card form on the form kit', () => {
  it('sends a well-formed, unexpired card, as the contract has it (a two-digit year is of this century)', async () => {
    expect(await shown({})).toEqual({});
    expect(cardFormSchema(() => NOW).parse(TYPED)).toEqual({
      cardholderName: 'Ada Guest',
      cardNumber: '4242424242424242',
      expiryMonth: 12,
      expiryYear: 2030,
      cvc: '123',
    });
  });

  it('names each field to correct, with the words for its fault', async () => {
    expect(await shown({ cardholderName: ' ', cardNumber: '4242', expiryMonth: '0', expiryYear: 'x', cvc: '12' })).toEqual({
      cardholderName: 'say:cardholderName',
      cardNumber: 'say:cardNumber',
      expiryMonth: 'say:expiryMonth',
      expiryYear: 'say:expiryYear',
      cvc: 'say:cvc',
    });
    expect(await shown({ cardholderName: 'x'.repeat(101) })).toEqual({ cardholderName: 'say:nameTooLong' });
    expect(await shown({ cardholderName: 'Ada\u0000' })).toEqual({ cardholderName: 'say:nameCharacters' });
    expect(await shown({ expiryMonth: '1.5' })).toEqual({ expiryMonth: 'say:expiryMonth' });
  });

  it('holds back a mistyped number and an expired card', async () => {
    expect(await shown({ cardNumber: '4242 4242 4242 4241', expiryMonth: '10', expiryYear: '2026' })).toEqual({
      cardNumber: 'say:numberMistyped',
      expiryYear: 'say:expired',
    });
  });

  it('says every problem at the first press, each once and at its own field (issue 34)', async () => {
    expect(await shown({ cardholderName: '', cardNumber: '4242 4242 4242 4241', expiryMonth: '10', expiryYear: '2026', cvc: '1' })).toEqual({
      cardholderName: 'say:cardholderName',
      cardNumber: 'say:numberMistyped',
      expiryYear: 'say:expired',
      cvc: 'say:cvc',
    });
    expect(await shown({ cardNumber: '4242 4242 4242 4241', expiryMonth: '13' })).toEqual({
      cardNumber: 'say:numberMistyped',
      expiryMonth: 'say:expiryMonth',
    });
  });

  it("holds back a card of a network the property does not take, and asks the holder's name only where the property does", async () => {
    const amexOnly = kitResolver(
      cardFormSchema(() => NOW, { acceptedCards: ['Amex'], cardholderNameRequired: false }),
      () => cardWords((key) => `say:${key}`),
    );
    const said = async (typed: Partial<typeof TYPED>) => {
      const result = await amexOnly({ ...TYPED, ...typed }, undefined, { fields: {}, shouldUseNativeValidation: false });
      return Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, error?.message]));
    };
    expect(await said({})).toEqual({ cardNumber: 'say:notTaken' });
    expect(await said({ cardNumber: '4242 4242 4242 4241' })).toEqual({ cardNumber: 'say:numberMistyped' });
    expect(await said({ cardNumber: '3782 822463 10005', cardholderName: '' })).toEqual({});
    expect(await shown({ cardholderName: '' })).toEqual({ cardholderName: 'say:cardholderName' });
  });
});
