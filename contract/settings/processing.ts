import { z } from 'zod';
import { DomainSchema, m, TimeOfDaySchema } from './fields';

// Processing settings (spec 3 "Card and payment scheme labels" and "Settings field labels").
export const PAYMENT_SCHEMES = [
  'visaMastercardUkEurope',
  'visaMastercardWorldwide',
  'amexDiscoverDiners',
  'jcbUnionPay',
  'businessCards',
  'alipay',
  'bancontact',
  'eps',
  'giropay',
  'ideal',
  'klarnaPayLater',
  'multibanco',
  'przelewy24',
  'sofort',
  'wechatPay',
] as const;
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export const ProcessingSettingsSchema = z.object({
  schemes: z.array(z.enum(PAYMENT_SCHEMES, { error: m('choice') })).min(1, { error: m('chooseOne') }),
  forceAuthorization: z.boolean({ error: m('choice') }),
  userAuthentication: z.boolean({ error: m('choice') }),
  /** When scheduled payments are taken: a time of day on the chosen days. */
  paymentTime: TimeOfDaySchema,
  paymentDays: z.array(z.enum(WEEKDAYS, { error: m('choice') })).min(1, { error: m('chooseOne') }),
  linkExpiryHours: z
    .number({ error: m('number') })
    .int({ error: m('wholeNumber') })
    .min(1, { error: m('linkExpiry') })
    .max(720, { error: m('linkExpiry') }),
  cardholderNameRequired: z.boolean({ error: m('choice') }),
  guestEmailDomains: z.array(DomainSchema).max(50, { error: m('tooMany') }),
});
export type ProcessingSettings = z.infer<typeof ProcessingSettingsSchema>;
export const PROCESSING_DEFAULTS: ProcessingSettings = {
  schemes: ['visaMastercardUkEurope', 'visaMastercardWorldwide'],
  forceAuthorization: false,
  userAuthentication: true,
  paymentTime: '09:00',
  paymentDays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'],
  linkExpiryHours: 72,
  cardholderNameRequired: true,
  guestEmailDomains: [],
};
