import { describe, expect, it } from 'vitest';
import { currencyDigits, minorToPlain, minorToText, moneyText } from '../../contract/money';
import { formatMoney, minorDigitsOf } from '../../src/lib/format';
import { formatMinor } from '../../server/mail/money-text';

// One home for a currency's minor digits and for minor units as text (issue 35): the SPA's
// formatting and the server's e-mail amounts read the same functions.
describe('money in minor units', () => {
  it('knows each currency its ISO 4217 digits, 2 for an unknown code', () => {
    expect(['JPY', 'EUR', 'KWD', 'XYZ', 'not a code'].map(currencyDigits)).toEqual([0, 2, 3, 2, 2]);
  });

  it('writes minor units by their digits alone, signs and leading zeros included', () => {
    expect(minorToPlain(1250, 2)).toBe('12.50');
    expect(minorToPlain(-5, 2)).toBe('-0.05');
    expect(minorToText(1234, 'KWD')).toBe('1.234');
    expect(minorToText(1200, 'JPY')).toBe('1200');
    // Beyond what a float division would print exactly.
    expect(minorToText(9_007_199_254_740_991, 'EUR')).toBe('90071992547409.91');
  });

  it('is the rule the SPA and the e-mails use', () => {
    expect(minorDigitsOf).toBe(currencyDigits);
    // One function writes money as text for both (decision 0705): an e-mail's amount reads as the screen's.
    for (const [minor, currency] of [
      [12_345, 'KWD'],
      [1200, 'JPY'],
      [9_007_199_254_740_991, 'EUR'],
    ] as const)
      expect(formatMinor(minor, currency)).toBe(moneyText(minor, currency, 'en'));
    expect(formatMoney(1200, 'JPY', { locale: 'en' })).toBe(moneyText(1200, 'JPY', 'en'));
    expect(formatMoney(1200, 'JPY', { locale: 'en' })).toBe('¥1,200');
  });
});
