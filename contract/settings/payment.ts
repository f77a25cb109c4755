import { z } from 'zod';
import { DEPOSIT_BASES } from '../payment-links';
import { m } from './fields';

// Payment settings (spec 2 payment-settings; spec 3 payment types, deposit basis, charge categories).
export const PAYMENT_TYPES = ['PN', 'PL', 'AU'] as const;
export const CHARGE_CATEGORIES = ['Rooms', 'FnB', 'Spa', 'Other', 'CheckOut', 'CheckIn'] as const;

/** A choice of options, each at most once: ["PN", "PN"] is refused rather than stored and listed twice. */
function choices<const T extends readonly [string, ...string[]]>(options: T) {
  return z
    .array(z.enum(options, { error: m('choice') }))
    .min(1, { error: m('chooseOne') })
    .max(options.length, { error: m('chooseOnce') })
    .refine((chosen) => new Set(chosen).size === chosen.length, { error: m('chooseOnce') });
}

export const PaymentSettingsSchema = z
  .object({
    paymentTypes: choices(PAYMENT_TYPES),
    chargeCategories: choices(CHARGE_CATEGORIES),
    depositBasis: z.enum(DEPOSIT_BASES, { error: m('choice') }),
    /** Percent of the total taken as a deposit when the basis is DepositAmount. */
    depositPercentage: z
      .number({ error: m('number') })
      .int({ error: m('wholeNumber') })
      .min(0, { error: m('percentage') })
      .max(100, { error: m('percentage') }),
  })
  .refine((settings) => settings.depositBasis !== 'DepositAmount' || settings.depositPercentage > 0, {
    path: ['depositPercentage'],
    error: m('depositPercentageNeeded'),
  });
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;
export const PAYMENT_DEFAULTS: PaymentSettings = { paymentTypes: ['PN'], chargeCategories: ['Rooms'], depositBasis: 'None', depositPercentage: 0 };
