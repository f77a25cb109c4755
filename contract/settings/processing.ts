import { z } from 'zod';
import { CARD_NETWORKS, type CardNetwork } from '../card-checks';
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

/**
 * The card networks each processing scheme stands for at the guest's payment page (decision 0698). The page takes
 * cards only, so the local payment methods (Alipay, iDEAL, ...) add none; Visa and Mastercard are one scheme in two
 * regions, and a property choosing either takes both networks (the page cannot tell a card's region).
 */
export const CARD_NETWORKS_OF_SCHEME: Record<(typeof PAYMENT_SCHEMES)[number], readonly CardNetwork[]> = {
  visaMastercardUkEurope: ['Visa', 'Mastercard'],
  visaMastercardWorldwide: ['Visa', 'Mastercard'],
  amexDiscoverDiners: ['Amex', 'Discover', 'Diners'],
  jcbUnionPay: ['JCB', 'UnionPay'],
  businessCards: [],
  alipay: [],
  bancontact: [],
  eps: [],
  giropay: [],
  ideal: [],
  klarnaPayLater: [],
  multibanco: [],
  przelewy24: [],
  sofort: [],
  wechatPay: [],
};

/** The card networks a property's schemes accept, in the networks' own order. */
export function acceptedCardNetworks(schemes: readonly string[]): CardNetwork[] {
  const accepted = new Set(schemes.flatMap((scheme) => CARD_NETWORKS_OF_SCHEME[scheme as keyof typeof CARD_NETWORKS_OF_SCHEME] ?? []));
  return CARD_NETWORKS.filter((network) => accepted.has(network));
}
