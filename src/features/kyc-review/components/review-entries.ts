import type { KycStepId } from '../../../../contract/kyc/steps';
import { BIRTH_DATE, wizardOrder } from './field-order';

// A saved step (or one person, one account in it) as the reviewer reads it: in the order the
// wizard asks, without the ids that only link rows, and with a person's birth date as one entry
// instead of three rows (issue 11 "KYC review shows raw values").

const HIDDEN = new Set(['uboId', 'accountId']);
export const BIRTH_PARTS = ['dayOfBirth', 'monthOfBirth', 'yearOfBirth'] as const;

export interface BirthDate {
  day: unknown;
  month: unknown;
  year: unknown;
}

export function reviewEntries(data: Record<string, unknown>, step?: KycStepId, path: readonly string[] = []): Array<[string, unknown]> {
  const entries = Object.entries(data).filter(([key]) => !HIDDEN.has(key) && !(BIRTH_PARTS as readonly string[]).includes(key));
  if (BIRTH_PARTS.some((part) => part in data))
    entries.push([BIRTH_DATE, { day: data.dayOfBirth, month: data.monthOfBirth, year: data.yearOfBirth } satisfies BirthDate]);
  return entries.sort(wizardOrder(step, path));
}

export function isBirthDate(key: string, value: unknown): value is BirthDate {
  return key === BIRTH_DATE && typeof value === 'object' && value !== null && 'day' in value;
}

/** "14 June 1972" in the reader's locale; the parts given as they are when the date is incomplete or not a real day. */
export function birthDateText({ day, month, year }: BirthDate, locale?: string): string | undefined {
  const parts = [day, month, year];
  if (parts.every((part) => part === undefined || part === null || part === '')) return undefined;
  const [d, m, y] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const real =
    Number.isInteger(d) && Number.isInteger(m) && Number.isInteger(y) && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  if (!real) return parts.map((part) => (part === undefined || part === null || part === '' ? '?' : String(part))).join('/');
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The label key of an entry as the wizard asked it: a person's country is where they live. */
export function labelKeyOf(key: string, data: Record<string, unknown>): string {
  return key === 'country' && 'lastName' in data ? 'nationality' : key;
}
