import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatMoney, localDayEnd, localDayStart, minorDigitsOf, minorToPlain, parseMinorUnits, toMinorUnits } from './format';

describe('money', () => {
  it('takes the minor digits from the currency (ISO 4217 exponent)', () => {
    expect(minorDigitsOf('EUR')).toBe(2);
    expect(minorDigitsOf('JPY')).toBe(0);
    expect(minorDigitsOf('KWD')).toBe(3);
  });

  it('reads minor units with the currency’s own decimals', () => {
    expect(formatMoney(124844, 'EUR', { locale: 'en' })).toBe('€1,248.44');
    expect(formatMoney(1200, 'JPY', { locale: 'en' })).toBe('¥1,200');
    expect(formatMoney(5, 'GBP', { locale: 'en' })).toBe('£0.05');
    expect(formatMoney(1234, 'KWD', { locale: 'en' })).toBe('KWD\u00a01.234');
  });

  it('follows the locale’s way of writing numbers', () => {
    expect(formatMoney(124844, 'EUR', { locale: 'de-DE' })).toBe('1.248,44\u00a0€');
  });

  it('turns a typed amount into integer minor units without float rounding', () => {
    expect(toMinorUnits('12.5', 'EUR')).toBe(1250);
    expect(toMinorUnits('0.1', 'EUR')).toBe(10);
    expect(toMinorUnits('1.15', 'EUR')).toBe(115); // 1.15 * 100 is 114.99999999999999 in floats
    expect(toMinorUnits('4.35', 'EUR')).toBe(435);
    expect(toMinorUnits('1200', 'JPY')).toBe(1200);
    expect(toMinorUnits('1.234', 'KWD')).toBe(1234);
    expect(toMinorUnits(' 7 ', 'EUR')).toBe(700);
  });

  it('refuses what is not an amount in that currency', () => {
    expect(toMinorUnits('12.5', 'JPY')).toBeUndefined();
    expect(toMinorUnits('1.234', 'EUR')).toBeUndefined();
    expect(toMinorUnits('12,5', 'EUR')).toBeUndefined();
    expect(toMinorUnits('-3', 'EUR')).toBeUndefined();
    expect(toMinorUnits('', 'EUR')).toBeUndefined();
    expect(toMinorUnits('1e3', 'EUR')).toBeUndefined();
    expect(parseMinorUnits('99999999999999999999', 2)).toBeUndefined();
  });

  it('writes minor units back as the plain text an input shows', () => {
    expect(minorToPlain(1250, 2)).toBe('12.50');
    expect(minorToPlain(5, 2)).toBe('0.05');
    expect(minorToPlain(1200, 0)).toBe('1200');
    expect(minorToPlain(1234, 3)).toBe('1.234');
    expect(minorToPlain(-5, 2)).toBe('-0.05');
  });
});

describe('dates', () => {
  it('shows an instant in the user’s time zone and locale', () => {
    const instant = '2026-10-31T23:30:00Z';
    expect(formatDateTime(instant, { locale: 'en-GB', timeZone: 'UTC' })).toBe('31 Oct 2026, 23:30');
    expect(formatDateTime(instant, { locale: 'en-GB', timeZone: 'Europe/Amsterdam' })).toBe('1 Nov 2026, 00:30');
    expect(formatDateTime(instant, { locale: 'en-US', timeZone: 'America/New_York' })).toBe('Oct 31, 2026, 7:30 PM');
  });

  it('shows a date-only value as that day in every time zone', () => {
    expect(formatDate('2026-10-31', { locale: 'en-GB', timeZone: 'America/Los_Angeles' })).toBe('31 Oct 2026');
    expect(formatDate('2026-10-31', { locale: 'en-GB', timeZone: 'Pacific/Kiritimati' })).toBe('31 Oct 2026');
  });

  it('gives nothing for nothing and the raw text for what is not a date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe("a list filter's days", () => {
  it("are the user's own days: from its first instant to the next day's first, in their time zone", () => {
    vi.stubEnv('TZ', 'America/New_York');
    expect(localDayStart('2026-10-20')).toBe('2026-10-20T04:00:00.000Z');
    expect(localDayEnd('2026-10-20')).toBe('2026-10-21T04:00:00.000Z');
    // The day the clocks go back lasts 25 hours.
    expect(localDayStart('2026-11-01')).toBe('2026-11-01T04:00:00.000Z');
    expect(localDayEnd('2026-11-01')).toBe('2026-11-02T05:00:00.000Z');
    vi.stubEnv('TZ', 'Asia/Tokyo');
    expect(localDayStart('2026-10-20')).toBe('2026-10-19T15:00:00.000Z');
    expect(localDayEnd('2026-12-31')).toBe('2026-12-31T15:00:00.000Z');
  });

  it('leave anything but a plain day as it is', () => {
    expect(localDayStart('2026-10-20T10:00:00Z')).toBe('2026-10-20T10:00:00Z');
    expect(localDayEnd('yesterday')).toBe('yesterday');
  });
});

describe('an amount typed as the lists write it', () => {
  it('reads commas between groups of three digits as grouping, and nothing else', () => {
    expect(parseMinorUnits('1,000', 2)).toBe(100_000);
    expect(parseMinorUnits('1,234,567.89', 2)).toBe(123_456_789);
    expect(parseMinorUnits(' 1,250.5 ', 3)).toBe(1_250_500);
    expect(parseMinorUnits('12,5', 2)).toBeUndefined();
    expect(parseMinorUnits('1,00', 2)).toBeUndefined();
    expect(parseMinorUnits('1,000.555', 2)).toBeUndefined();
  });
});
