// The one place where the SPA turns money and dates into text (decision 0196). Money travels as
// integer minor units with an ISO 4217 currency; the number of minor digits is the currency's own
// (Intl knows the ISO 4217 exponent: JPY 0, EUR 2, KWD 3). Dates show in the user's locale and time
// zone; `locale` and `timeZone` are parameters only so tests can pin them.

import { currencyDigits, minorToPlain, moneyText } from '../../contract/money';

export interface FormatOptions {
  locale?: string;
  timeZone?: string;
}

// Building an Intl formatter costs far more than formatting with it (a list page formats every amount
// and date cell of every row, on every render): each kind of formatter is built once per locale, zone
// and currency, and kept. The keys are few (the user's locale and zone, the currencies on screen).
// Money's formatters are the contract's (moneyText, contract/money.ts), shared with the e-mails.
const countFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function countFormat(locale: string | undefined): Intl.NumberFormat {
  let format = countFormats.get(locale ?? '');
  if (!format) {
    format = new Intl.NumberFormat(locale);
    countFormats.set(locale ?? '', format);
  }
  return format;
}

function dateFormat(locale: string | undefined, timeZone: string | undefined, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${timeZone ?? ''}|${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, withTime ? { dateStyle: 'medium', timeStyle: 'short', timeZone } : { dateStyle: 'medium', timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

// Minor digits and minor-to-text are the contract's (contract/money.ts), shared with the server;
// the names stay here for the SPA's callers.
export { currencyDigits as minorDigitsOf, minorToPlain } from '../../contract/money';

/** Minor units as money in the currency's own decimals: 124844 EUR -> "€1,248.44", 1200 JPY -> "¥1,200". */
export function formatMoney(minor: number, currency: string, options: FormatOptions = {}): string {
  try {
    return moneyText(minor, currency, options.locale);
  } catch {
    return `${minorToPlain(minor, currencyDigits(currency))} ${currency}`;
  }
}

/** "1,250.50" as the lists write numbers: commas between groups of three digits are grouping, and go. */
function ungrouped(typed: string): string {
  return /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/.test(typed) ? typed.replace(/,/g, '') : typed;
}

/**
 * A typed non-negative amount ("12.5", "0.05", "1200", "1,200.50") as integer minor units with `digits` decimals,
 * worked out on the digits themselves so no float rounding can creep in. Undefined when the text is
 * not an amount, has more decimals than the currency allows, or is too large to be exact.
 */
export function parseMinorUnits(text: string, digits: number): number | undefined {
  const plain = ungrouped(text.trim());
  const match = /^(\d+)(?:\.(\d*))?$/.exec(plain);
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > digits) return undefined;
  const minor = Number(`${whole}${fraction.padEnd(digits, '0')}`);
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/**
 * A typed non-negative decimal that is not money (a percentage): "2.5", "2,5", ".5", "1,000" (grouped as amounts are,
 * so one thousand, never 1). Undefined for anything else: letters, signs, exponents ("1e2"), hexadecimal ("0x10").
 */
export function parseDecimal(text: string): number | undefined {
  const plain = ungrouped(text.trim());
  if (!/^(?:\d+(?:[.,]\d*)?|[.,]\d+)$/.test(plain)) return undefined;
  return Number(plain.replace(',', '.'));
}

/** parseMinorUnits with the currency's own number of decimals. */
export function toMinorUnits(text: string, currency: string): number | undefined {
  return parseMinorUnits(text, currencyDigits(currency));
}

function validDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** An instant (ISO text) with date and minutes, in the user's locale and time zone; '' for none. */
export function formatDateTime(iso: string | null | undefined, options: FormatOptions = {}): string {
  const date = validDate(iso);
  if (!date) return iso ?? '';
  return dateFormat(options.locale, options.timeZone, true).format(date);
}

/**
 * A calendar date. A date-only value ("2026-10-31", a payout period) is a day, not an instant: it is
 * shown as that very day whatever the user's time zone. An instant shows the day it is where the user is.
 */
export function formatDate(value: string | null | undefined, options: FormatOptions = {}): string {
  const date = validDate(value);
  if (!date || !value) return value ?? '';
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return dateFormat(options.locale, dateOnly ? 'UTC' : options.timeZone, false).format(date);
}

/** A count with the locale's grouping: 12345 -> "12,345". */
export function formatCount(count: number, options: FormatOptions = {}): string {
  return countFormat(options.locale).format(count);
}

/**
 * An amount typed into a list filter, in minor units: with the decimals of the currency filter when
 * one is chosen (JPY 0, KWD 3), else with 2.
 */
export function filterAmountToMinor(text: string, currency: string): number | undefined {
  const code = currency.trim().toUpperCase();
  return parseMinorUnits(text, /^[A-Z]{3}$/.test(code) ? currencyDigits(code) : 2);
}

const PLAIN_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first instant of a plain day, `later` days on, in the user's time zone; anything else as it is. */
function localMidnight(day: string, later: number): string {
  const match = PLAIN_DAY.exec(day);
  if (!match) return day;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + later).toISOString();
}

/**
 * A day picked in a list's date filter, as the instant it begins in the user's own time zone. The
 * lists show times in that zone, so "from 20 October" must mean the user's 20 October, not UTC's
 * (decision 0345). Anything but a plain day is sent as it is.
 */
export function localDayStart(day: string): string {
  return localMidnight(day, 0);
}

/** The end of a picked day in the user's time zone: the next day's start (a list's `createdTo` is exclusive). */
export function localDayEnd(day: string): string {
  return localMidnight(day, 1);
}
