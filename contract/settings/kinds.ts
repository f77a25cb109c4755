import type { ZodType } from 'zod';
import { BRAND_SETTINGS_DEFAULTS, BrandSettingsSchema } from './brand-assets';
import { CONTRACT_SIGNED_DEFAULTS, ContractSignedSchema } from './contract-signed';
import { CURRENCY_RULES_DEFAULTS, CurrencyRulesSchema } from './currency-rules';
import { LOCATION_DEFAULTS, LocationSettingsSchema } from './location';
import { NOTIFICATION_DEFAULTS, NotificationSettingsSchema } from './notifications';
import { OWS_DEFAULTS, OwsSettingsSchema } from './ows';
import type { MerchantPage, PropertyPage } from './pages';
import { PAYMENT_DEFAULTS, PaymentSettingsSchema } from './payment';
import { PAYOUT_DEFAULTS, PayoutSettingsSchema } from './payout';
import { PAYOUT_EMAILS_DEFAULTS, PayoutEmailsSchema } from './payout-emails';
import { PROCESSING_DEFAULTS, ProcessingSettingsSchema } from './processing';
import { PROPERTY_INFO_DEFAULTS, PropertyInfoSchema } from './property-info';

// The kinds of settings the settings store keeps (one merchant_settings row per scope and kind),
// with the one schema both the form and the server validate with, and the values shown before
// anything is saved. docs/decisions/0250-settings-store-and-inheritance.md.

export const SETTINGS_KINDS = [
  'currency-rules',
  'location',
  'payment',
  'processing',
  'payout-emails',
  'ows',
  'notifications',
  'payout',
  'property-info',
  'contract-signed',
  'brand-assets',
] as const;
export type SettingsKind = (typeof SETTINGS_KINDS)[number];

export interface SettingsKindDefinition {
  schema: ZodType<Record<string, unknown>>;
  defaults: Record<string, unknown>;
  /** The merchant_settings.kind the rows are stored under. */
  storedAs: string;
}

export const SETTINGS_KIND_DEFINITIONS: Record<SettingsKind, SettingsKindDefinition> = {
  'currency-rules': { schema: CurrencyRulesSchema, defaults: CURRENCY_RULES_DEFAULTS, storedAs: 'currency-rules' },
  location: { schema: LocationSettingsSchema, defaults: LOCATION_DEFAULTS, storedAs: 'location' },
  payment: { schema: PaymentSettingsSchema, defaults: PAYMENT_DEFAULTS, storedAs: 'payment' },
  processing: { schema: ProcessingSettingsSchema, defaults: PROCESSING_DEFAULTS, storedAs: 'processing' },
  'payout-emails': { schema: PayoutEmailsSchema, defaults: PAYOUT_EMAILS_DEFAULTS, storedAs: 'payout-email' },
  ows: { schema: OwsSettingsSchema, defaults: OWS_DEFAULTS, storedAs: 'ows' },
  notifications: { schema: NotificationSettingsSchema, defaults: NOTIFICATION_DEFAULTS, storedAs: 'notifications' },
  payout: { schema: PayoutSettingsSchema, defaults: PAYOUT_DEFAULTS, storedAs: 'payout' },
  'property-info': { schema: PropertyInfoSchema, defaults: PROPERTY_INFO_DEFAULTS, storedAs: 'property-info' },
  'contract-signed': { schema: ContractSignedSchema, defaults: CONTRACT_SIGNED_DEFAULTS, storedAs: 'contract-signed' },
  'brand-assets': { schema: BrandSettingsSchema, defaults: BRAND_SETTINGS_DEFAULTS, storedAs: 'brand-assets' },
};

/** The settings kind each settings page edits (pages owned by other forms, fees or webhooks, have none). */
export const MERCHANT_PAGE_KINDS: Partial<Record<MerchantPage, SettingsKind>> = {
  'currency-rules': 'currency-rules',
  'location-settings': 'location',
  'payment-settings': 'payment',
  'processing-settings': 'processing',
  'payout-emails': 'payout-emails',
  'ows-settings': 'ows',
  'contract-signed': 'contract-signed',
};
export const PROPERTY_PAGE_KINDS: Partial<Record<PropertyPage, SettingsKind>> = {
  'property-info': 'property-info',
  'brand-assets': 'brand-assets',
  'currency-rules': 'currency-rules',
  'payment-settings': 'payment',
  'processing-settings': 'processing',
  notifications: 'notifications',
  'payout-settings': 'payout',
  ows: 'ows',
};
