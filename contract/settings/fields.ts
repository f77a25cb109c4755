import { z } from 'zod';
import { isCurrencyCode } from '../currency';
import { safeText } from '../text';

// Field schemas the settings kinds share. Messages are i18n keys (src/i18n/en/settings.json), so the
// form shows the server's field errors in words.

export const m = (key: string) => `settings.validation.${key}`;

export function text(max: number, required = true) {
  const base = safeText(m('text'))
    .trim()
    .max(max, { error: m('tooLong') });
  return required ? base.min(1, { error: m('required') }) : base;
}

export const EmailAddressSchema = safeText(m('email'))
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: m('email') }));
/** An e-mail list (to, cc, bcc, recipients); `min` 1 where the list may not be empty. */
export const emailList = (min = 0) =>
  z
    .array(EmailAddressSchema, { error: m('emailList') })
    .max(20, { error: m('tooMany') })
    .min(min, { error: m('emailListEmpty') });

/** 24-hour wall-clock time, HH:MM. */
export const TimeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: m('time') });

export const CurrencyCodeSchema = z.string().refine(isCurrencyCode, { error: m('currency') });

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}
export const TimeZoneSchema = z.string().refine(isTimeZone, { error: m('timezone') });

export const PhoneSchema = z.string().regex(/^\+?[0-9 ()-]{6,20}$/, { error: m('phone') });

/** A plain domain name (example.com, mail.example.co.uk). */
export const DomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: m('domain') });

export const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: m('date') });
