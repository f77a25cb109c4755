import { describe, expect, it } from 'vitest';
import { formatInstant, formatMinor } from '../../server/mail/money-text';
import { formatMoney } from '../../src/lib/format';

// The guest's e-mail words (decisions 0220, 0348): amounts by the currency's own decimals from integer
// minor units, and the link's expiry in the hotel's time zone, named.

describe('e-mail text', () => {
  it('writes minor units as the screens do: the currency’s sign, grouping and own decimals, exact at any size', () => {
    expect(formatMinor(12_500, 'EUR')).toBe('€125.00');
    expect(formatMinor(5, 'EUR')).toBe('€0.05');
    expect(formatMinor(250_000, 'EUR')).toBe('€2,500.00');
    expect(formatMinor(1_234, 'JPY')).toBe('¥1,234');
    expect(formatMinor(7, 'KWD')).toBe('KWD\u00a00.007');
    expect(formatMinor(9_007_199_254_740_991, 'EUR')).toBe('€90,071,992,547,409.91');
    expect(formatMinor(-250, 'EUR')).toBe('-€2.50');
    // The same text as the SPA's formatMoney in English (one rule, contract/money.ts).
    expect(formatMinor(124_844, 'GBP')).toBe(formatMoney(124_844, 'GBP', { locale: 'en' }));
  });

  it('gives an instant in the hotel’s zone, named, and UTC for a zone it cannot read', () => {
    const at = new Date('2026-11-30T20:00:00Z');
    expect(formatInstant(at, 'Europe/Amsterdam')).toBe('Monday, 30 November 2026 at 21:00 CET (Europe/Amsterdam)');
    expect(formatInstant(at, 'Asia/Tokyo')).toBe('Tuesday, 1 December 2026 at 05:00 GMT+9 (Asia/Tokyo)');
    expect(formatInstant(new Date('2026-07-01T12:00:00Z'), 'Europe/Lisbon')).toBe('Wednesday, 1 July 2026 at 13:00 WEST (Europe/Lisbon)');
    expect(formatInstant(at, 'Not/AZone')).toBe('Monday, 30 November 2026 at 20:00 UTC (UTC)');
  });
});
