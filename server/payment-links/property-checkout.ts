import { CHECKOUT_FONTS, DEFAULT_BRANDING, type CheckoutBranding } from '../../contract/payment-links';
import type { CardNetwork } from '../../contract/card-checks';
import { acceptedCardNetworks } from '../../contract/settings/processing';
import type { Db } from '../db/database';
import { logoUrlOf } from '../properties/brand-assets';
import { effectiveSettingsOf } from '../settings/settings-store';

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
  /** How the guest's card is taken, from the processing settings (decision 0698). */
  cards: {
    /** The networks whose cards the page takes. */
    accepted: CardNetwork[];
    /** The guest names the card's holder. */
    holderNameRequired: boolean;
    /** The issuer is asked to confirm the guest (3-D Secure). */
    authenticateGuest: boolean;
    /** A pay-now link only holds the amount; the hotel captures it from the order. */
    authorizeOnly: boolean;
  };
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

export async function propertyCheckout(db: Db, merchantId: string): Promise<PropertyCheckout | undefined> {
  const property = await db
    .selectFrom('merchants')
    .select(['id', 'merchant_group_id', 'name', 'status', 'currency', 'timezone'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
  if (!property) return undefined;
  const brand = await settingsOf(db, property.id, property.merchant_group_id, 'brand-assets');
  const currencyRules = await settingsOf(db, property.id, property.merchant_group_id, 'currency-rules');
  const processing = await effectiveSettingsOf(db, property.merchant_group_id, property.id, 'processing');
  return {
    merchantId: property.id,
    merchantGroupId: property.merchant_group_id,
    name: property.name,
    status: property.status,
    currencies: currenciesOf(currencyRules, property.currency.trim()),
    defaultExpiryHours: processing.linkExpiryHours,
    timeZone: property.timezone,
    // The uploaded logo (decision 0300) comes before a logo address in the settings.
    branding: brandingOf({ ...brand, logoUrl: (await logoUrlOf(db, property.id)) ?? brand.logoUrl }),
    cards: {
      accepted: acceptedCardNetworks(processing.schemes),
      holderNameRequired: processing.cardholderNameRequired,
      authenticateGuest: processing.userAuthentication,
      authorizeOnly: processing.forceAuthorization,
    },
  };
}
