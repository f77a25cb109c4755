import { z } from 'zod';

// The one rule for the currency of every call that moves or limits money (captures, authorizations,
// PMS charges, payment links, refund requests and refund rules; decision 0383): an ISO 4217 code as
// the standard writes it, three capital letters naming a currency. Nothing is trimmed or folded to
// capitals on the way: a call that says "eur" is refused on all of them alike, so an integration
// finds out at its first call rather than on the one call that happened to be lenient. (Filters and
// a property's information are not money calls: they keep folding "eur" to EUR, then check the code the same way.)

export const CURRENCY_CODE_MESSAGE = 'use a 3-letter ISO 4217 currency code in capitals, such as EUR';

let isoCodes: Set<string> | undefined;
/**
 * Whether a code names a currency in circulation (ISO 4217 as Intl lists it: JPY, KWD, EUR; not ABC, nor XXX or the
 * metals). Every currency anyone names is checked by this rule, the lenient inputs too once they have folded case:
 * a property, a settlement account or an accepted currency in a code nobody can pay in would hold money no one can move.
 */
export function isCurrencyCode(code: string): boolean {
  isoCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return isoCodes.has(code);
}

export const MoneyCurrencySchema = z
  // A missing currency is said as every other missing field is (decision 0346); a wrong one names the rule.
  .string({ error: (issue) => (issue.input === undefined ? 'this field is required' : CURRENCY_CODE_MESSAGE) })
  .regex(/^[A-Z]{3}$/, { message: CURRENCY_CODE_MESSAGE, abort: true })
  .refine(isCurrencyCode, { message: CURRENCY_CODE_MESSAGE });
