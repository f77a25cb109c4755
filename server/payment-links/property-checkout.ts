import { CHECKOUT_FONTS, DEFAULT_BRANDING, DEFAULT_LINK_EXPIRY_HOURS, type CheckoutBranding } from '../../contract/payment-links';
import type { Db } from '../db/database';
import { logoUrlOf } from '../properties/brand-assets';

// What a property's payment links look like and accept, read from its settings (the property's own
// row first, then its merchant group's) with sensible defaults while the settings pages are being
// built (decision 0220). Only this module reads these settings kinds for links.

export interface PropertyCheckout {
  merchantId: string;
  merchantGroupId: string;
  name: string;
  status: string;
  currencies: string[];
  defaultExpiryHours: number;
  /** The property's IANA time zone: the guest's e-mail gives the link's expiry in the hotel's local time. */
  timeZone: string;
  branding: CheckoutBranding;
}

type SettingsData = Record<string, unknown>;

async function settingsOf(db: Db, merchantId: string, merchantGroupId: string, kind: string): Promise<SettingsData> {
  const rows = await db
    .selectFrom('merchant_settings')
    .select(['merchant_id', 'data'])
    .where('merchant_group_id', '=', merchantGroupId)
    .where('kind', '=', kind)
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('merchant_id', '=', merchantId), eb('merchant_id', 'is', null)]))
    .execute();
  const group = rows.find((row) => row.merchant_id === null)?.data ?? {};
  const own = rows.find((row) => row.merchant_id === merchantId)?.data ?? {};
  return { ...group, ...own };
}

const COLOR = /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/;
function pick(data: SettingsData, keys: string[], accept: (value: string) => boolean): string | undefined {
  for (const key of keys) {
    const value = data[key];
    if (typeof value === 'string' && accept(value)) return value;
  }
  return undefined;
}

/** Only our own paths or https addresses: a stored value never becomes a `javascript:` or data URL on the guest's page. */
const isSafeLogo = (value: string) => /^\/[A-Za-z0-9/_.?=&%-]*$/.test(value) || /^https:\/\/[^\s"'<>]+$/.test(value);

export function brandingOf(data: SettingsData): CheckoutBranding {
  const font = pick(data, ['font', 'fontFamily'], (value) => (CHECKOUT_FONTS as readonly string[]).includes(value));
  return {
    logoUrl: pick(data, ['logoUrl', 'logo'], isSafeLogo) ?? null,
    primaryColor: pick(data, ['primaryColor', 'primaryColour', 'buttonColor'], (value) => COLOR.test(value)) ?? DEFAULT_BRANDING.primaryColor,
    backgroundColor: pick(data, ['backgroundColor', 'backgroundColour'], (value) => COLOR.test(value)) ?? DEFAULT_BRANDING.backgroundColor,
    textColor: pick(data, ['textColor', 'textColour', 'fontColor'], (value) => COLOR.test(value)) ?? DEFAULT_BRANDING.textColor,
    font: (font as CheckoutBranding['font'] | undefined) ?? DEFAULT_BRANDING.font,
  };
}

function currenciesOf(data: SettingsData, home: string): string[] {
  const listed = [data.currencies, data.acceptedCurrencies].find(Array.isArray) as unknown[] | undefined;
  const extra = (listed ?? []).filter((value): value is string => typeof value === 'string' && /^[A-Z]{3}$/.test(value));
  return [...new Set([home, ...extra])];
}

function expiryHoursOf(data: SettingsData): number {
  const value = data.paymentLinkExpiryHours ?? data.linkExpiryHours;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 24 * 365 ? value : DEFAULT_LINK_EXPIRY_HOURS;
}

export async function propertyCheckout(db: Db, merchantId: string): Promise<PropertyCheckout | undefined> {
  const property = await db
    .selectFrom('merchants')
    .select(['id', 'merchant_group_id', 'name', 'status', 'currency', 'timezone'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
  if (!property) return undefined;
  const brand = await settingsOf(db, property.id, property.merchant_group_id, 'brand-assets');
  const currencyRules = await settingsOf(db, property.id, property.merchant_group_id, 'currency-rules');
  const processing = await settingsOf(db, property.id, property.merchant_group_id, 'processing');
  return {
    merchantId: property.id,
    merchantGroupId: property.merchant_group_id,
    name: property.name,
    status: property.status,
    currencies: currenciesOf(currencyRules, property.currency.trim()),
    defaultExpiryHours: expiryHoursOf(processing),
    timeZone: property.timezone,
    // The uploaded logo (decision 0300) comes before a logo address in the settings.
    branding: brandingOf({ ...brand, logoUrl: (await logoUrlOf(db, property.id)) ?? brand.logoUrl }),
  };
}
