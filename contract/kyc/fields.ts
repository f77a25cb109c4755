import { z } from 'zod';
import { isCountryCode } from '../countries';
import { isCurrencyCode } from '../currency';
import { safeText } from '../text';
import { kycMessage, msg, type KycMessageKey } from './messages';

// Field rules of the KYC steps (spec 3 company, address, person, settlement; decision 0141): the
// building blocks the step schemas are made of, each failing with a KYC message key.

export const text = (max = 200) => safeText(kycMessage('unsafeText'), msg('required')).trim().min(1, msg('required')).max(max, msg('tooLong'));
export const optionalText = (max = 200) => safeText(kycMessage('unsafeText'), msg('invalid')).trim().max(max, msg('tooLong')).optional();
export const CountryCodeSchema = z
  .string(msg('country'))
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { ...msg('country'), abort: true })
  .refine(isCountryCode, msg('country'));
export const CurrencyCodeSchema = z
  .string(msg('currency'))
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { ...msg('currency'), abort: true })
  .refine(isCurrencyCode, msg('currency'));
export const KycEmailSchema = z
  .string(msg('required'))
  .trim()
  .toLowerCase()
  .min(1, msg('required'))
  .max(254, msg('tooLong'))
  .pipe(z.email(msg('email')));
export const PhoneSchema = z
  .string(msg('required'))
  .trim()
  .regex(/^\+[1-9][0-9 ]{6,18}$/, msg('phone'));
const isHttpUrl = (value: string) => /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value);
export const OptionalUrlSchema = z
  .string(msg('url'))
  .trim()
  .max(300, msg('tooLong'))
  .refine((value) => value === '' || isHttpUrl(value), msg('url'))
  .optional();
export const DocumentRefSchema = z.uuid(msg('documentRequired'));
export const OptionalDocumentRefSchema = z.union([z.literal(''), z.uuid(msg('documentRequired'))]).optional();

/** Postal codes vary by country: 1-10 letters, digits, inner spaces or hyphens. */
export const PostalCodeSchema = z
  .string(msg('required'))
  .trim()
  .min(1, msg('required'))
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,8}[A-Za-z0-9])?$/, msg('postal'));

export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export const AddressSchema = z.object(
  {
    addressLine1: text(200),
    addressLine2: optionalText(200),
    city: text(100),
    state: optionalText(100),
    postal: PostalCodeSchema,
    country: CountryCodeSchema,
  },
  msg('required'),
);

export const ADULT_AGE = 18;
export const dateOfBirthFields = {
  dayOfBirth: z.number(msg('dayOfBirth')).int(msg('dayOfBirth')).min(1, msg('dayOfBirth')).max(31, msg('dayOfBirth')),
  monthOfBirth: z.number(msg('monthOfBirth')).int(msg('monthOfBirth')).min(1, msg('monthOfBirth')).max(12, msg('monthOfBirth')),
  yearOfBirth: z.number(msg('yearOfBirth')).int(msg('yearOfBirth')).min(1900, msg('yearOfBirth')).max(9999, msg('yearOfBirth')),
};

/** Date of birth exists, is in the past, and the person is an adult (decision 0141). */
export function dateOfBirthIssue(day: number, month: number, year: number, today = new Date()): KycMessageKey | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return 'kyc.validation.dateOfBirth';
  if (date.getTime() >= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) return 'kyc.validation.dateOfBirthFuture';
  const adultFrom = Date.UTC(year + ADULT_AGE, month - 1, day);
  if (adultFrom > today.getTime()) return 'kyc.validation.adult';
  return undefined;
}

export const personFields = {
  firstName: text(100),
  middleName: optionalText(100),
  lastName: text(100),
  ...dateOfBirthFields,
  country: CountryCodeSchema,
  homeAddress: AddressSchema,
  email: KycEmailSchema,
};
/**
 * Cross-field rules run even while other fields are still invalid (zod skips them otherwise), so
 * the form shows them at once; they therefore read the value defensively.
 */
export const ALWAYS = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };
export const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

type PersonDob = { dayOfBirth?: unknown; monthOfBirth?: unknown; yearOfBirth?: unknown };
export function checkDateOfBirth(person: PersonDob, ctx: z.RefinementCtx) {
  const { dayOfBirth: day, monthOfBirth: month, yearOfBirth: year } = person;
  if (!isNumber(day) || !isNumber(month) || !isNumber(year) || day < 1 || day > 31 || month < 1 || month > 12 || year < 1900) return;
  const issue = dateOfBirthIssue(day, month, year);
  if (issue) ctx.addIssue({ code: 'custom', message: issue, path: [issue === 'kyc.validation.adult' ? 'yearOfBirth' : 'dayOfBirth'] });
}
