import { minorToText, moneyText } from '../../contract/money';

/**
 * An amount in minor units as e-mail text, written as the screens write it ("€1,250.00", "¥1,200", "KWD 12.345";
 * contract/money.ts), in the product's language (en). A code Intl refuses is written "XYZ 12.50".
 */
export function formatMinor(amountMinor: number, currency: string): string {
  try {
    return moneyText(amountMinor, currency, 'en');
  } catch {
    return `${currency} ${minorToText(amountMinor, currency)}`;
  }
}

/**
 * An instant as e-mail text in the hotel's time zone, named, so the guest can place it: "Monday, 30 November 2026
 * at 21:00 CET (Europe/Amsterdam)". The guest's own zone is unknown to an e-mail; the hotel's is the one their stay
 * is in (decision 0348). A zone the runtime does not know falls back to UTC rather than fail the link.
 */
export function formatInstant(at: Date, timeZone: string): string {
  const format = (zone: string) =>
    `${new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'full', timeStyle: 'short' }).format(at)} ${zoneAbbreviation(at, zone)} (${zone})`;
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

function zoneAbbreviation(at: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'short' }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}
