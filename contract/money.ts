// Money as both sides write it, in one place (issue 35 "Each rule in one place"): amounts travel as
// integer minor units with an ISO 4217 currency, and a currency's number of minor digits is its
// ISO 4217 exponent (JPY 0, EUR 2, KWD 3). Intl knows them in the browser and on the server alike;
// 2 for a code it does not know. The SPA's formatting (src/lib/format.ts), the e-mails' amounts
// (server/mail/money-text.ts) and the contract's rules all read them here, and write money as text with
// moneyText, so a screen and an e-mail show the same amount alike.

// Building an Intl formatter costs far more than using one (a list page asks this for every amount
// cell), so each currency is asked once.
const digitsByCurrency = new Map<string, number>();

/** Minor digits of a currency (its ISO 4217 exponent); 2 for a code Intl does not know. */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    if (digitsByCurrency.size < 1000) digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** Whether an amount in major units has no more decimals than the currency has (250.75 JPY has too many). */
export function fitsCurrencyDigits(amount: number, currency: string): boolean {
  const scaled = amount * 10 ** currencyDigits(currency);
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * Minor units as a plain decimal with `digits` decimals and no grouping, by integer digits alone (no
 * float division): 1250, 2 -> "12.50"; 1234, 3 -> "1.234"; 1200, 0 -> "1200"; -5, 2 -> "-0.05".
 */
export function minorToPlain(minor: number, digits: number): string {
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Minor units as a plain decimal in the currency's own decimals: 12500 EUR -> "125.00", 1200 JPY -> "1200". */
export function minorToText(minor: number, currency: string): string {
  return minorToPlain(minor, currencyDigits(currency));
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Minor units as money text in a locale, with the currency's sign and grouping: 124844 EUR -> "€1,248.44", 1200 JPY ->
 * "¥1,200", 12345 KWD -> "KWD 12.345". Exact at any size: Intl formats the decimal text of the minor units, not a
 * float. Throws for a currency code Intl refuses (callers choose their fallback).
 */
export function moneyText(minor: number, currency: string, locale?: string): string {
  const key = `${locale ?? ''}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    if (moneyFormats.size < 1000) moneyFormats.set(key, format);
  }
  // A decimal string is formatted as written (ECMA-402 since 2023), so no digit is lost to a float.
  return format.format(minorToText(minor, currency) as Intl.StringNumericLiteral);
}
