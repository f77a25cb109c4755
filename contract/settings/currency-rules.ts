import { z } from 'zod';
import { CurrencyCodeSchema, m } from './fields';

/** Currency rules (spec 2 currency-rules): what guests may pay in, and what the hotel is paid out in. */
export const CurrencyRulesSchema = z
  .object({
    acceptedCurrencies: z
      .array(CurrencyCodeSchema)
      .min(1, { error: m('currencyRequired') })
      .max(50, { error: m('tooMany') }),
    settlementCurrency: CurrencyCodeSchema,
  })
  .refine((rules) => rules.acceptedCurrencies.includes(rules.settlementCurrency), { path: ['settlementCurrency'], error: m('settlementNotAccepted') });
export type CurrencyRules = z.infer<typeof CurrencyRulesSchema>;
export const CURRENCY_RULES_DEFAULTS: CurrencyRules = { acceptedCurrencies: ['EUR'], settlementCurrency: 'EUR' };
