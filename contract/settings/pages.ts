// The settings pages of spec 2: /properties/<page> (a property's settings) and /merchants/<page>
// (a merchant group's settings). The route table builds their routes and the settings-form
// registry maps each to its form, so both read the slugs from here.

export const PROPERTY_PAGES = [
  'property-info',
  'brand-assets',
  'property-manager',
  'currency-rules',
  'payment-settings',
  'processing-settings',
  'fees',
  'notifications',
  'payout-settings',
  'ows',
  'smtp-settings',
  'webhook-configuration',
  'secret-keys',
] as const;
export type PropertyPage = (typeof PROPERTY_PAGES)[number];

export const MERCHANT_PAGES = [
  'currency-rules',
  'location-settings',
  'payment-settings',
  'processing-settings',
  'fees',
  'payout-emails',
  'ows-settings',
  'email-settings',
  'webhook-configuration',
  'contract-signed',
] as const;
export type MerchantPage = (typeof MERCHANT_PAGES)[number];
