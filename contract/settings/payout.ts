import { z } from 'zod';
import { CurrencyCodeSchema, m, text } from './fields';

// Payout settings (spec 3 "Payout schedule", "Account types").
/** Spec 3's payout schedules: the settings page's choice, the run's calendar (decision 0699), a payout's schedule. */
export const PAYOUT_SCHEDULES = ['Daily', 'Weekly', 'Monthly', 'Manually'] as const;
export type PayoutSchedule = (typeof PAYOUT_SCHEDULES)[number];
export const ACCOUNT_TYPES = ['current', 'savings', 'recurring', 'fixed deposit'] as const;

export const PayoutSettingsSchema = z.object({
  schedule: z.enum(PAYOUT_SCHEDULES, { error: m('choice') }),
  accountHolder: text(100),
  /** IBAN or local account number; only letters, digits and spaces. */
  accountNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 ]{6,34}$/, { error: m('accountNumber') }),
  accountType: z.enum(ACCOUNT_TYPES, { error: m('choice') }),
  /** Money: integer minor units of `currency`. */
  minimumPayoutMinor: z
    .number({ error: m('number') })
    .int({ error: m('wholeNumber') })
    .min(0, { error: m('notNegative') })
    .max(100_000_000, { error: m('tooLarge') }),
  currency: CurrencyCodeSchema,
});
export type PayoutSettings = z.infer<typeof PayoutSettingsSchema>;
export const PAYOUT_DEFAULTS: PayoutSettings = {
  schedule: 'Daily',
  accountHolder: '',
  accountNumber: '',
  accountType: 'current',
  minimumPayoutMinor: 0,
  currency: 'EUR',
};
