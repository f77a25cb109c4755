import { z } from 'zod';
import { CHECKOUT_FONTS, DEFAULT_BRANDING } from '../payment-links';
import { m } from './fields';

// The brand-assets page's colours and font (spec 3 "Fonts offered"; settings labels "colours, fonts").
// The logo and the image are files (contract/brand-assets.ts); these are settings, inherited from the
// group like every kind. The guest's payment page reads them (server/payment-links/property-checkout.ts).

const HexColourSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: m('colour') });

export const BrandSettingsSchema = z.object({
  primaryColor: HexColourSchema,
  backgroundColor: HexColourSchema,
  textColor: HexColourSchema,
  font: z.enum(CHECKOUT_FONTS, { error: m('choice') }),
});
export type BrandSettings = z.infer<typeof BrandSettingsSchema>;
export const BRAND_SETTINGS_DEFAULTS: BrandSettings = {
  primaryColor: DEFAULT_BRANDING.primaryColor,
  backgroundColor: DEFAULT_BRANDING.backgroundColor,
  textColor: DEFAULT_BRANDING.textColor,
  font: DEFAULT_BRANDING.font,
};
