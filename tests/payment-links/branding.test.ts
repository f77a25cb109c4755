import { describe, expect, test } from 'vitest';
import { DEFAULT_BRANDING, GeneratePaymentLinkBodySchema, maxExpiryHours } from '../../contract/payment-links';
import { brandingOf } from '../../server/payment-links/property-checkout';
import { linkBody } from './support';

// The guest page's branding from a property's brand-assets settings (decision 0220), and the expiry
// bound of spec 9 as the one schema both sides use states it.
describe('branding from brand-assets settings', () => {
  test("takes the property's logo, colours and a font among the spec's five", () => {
    expect(brandingOf({ logoUrl: '/files/brand/logo.png', primaryColor: '#123456', backgroundColor: '#fff', textColor: '#222222', font: 'Georgia' })).toEqual({
      logoUrl: '/files/brand/logo.png',
      primaryColor: '#123456',
      backgroundColor: '#fff',
      textColor: '#222222',
      font: 'Georgia',
    });
  });

  test('falls back to the defaults for anything missing or unsafe', () => {
    expect(brandingOf({})).toEqual(DEFAULT_BRANDING);
    expect(brandingOf({ logoUrl: 'javascript:alert(1)', primaryColor: 'red; background:url(x)', font: 'Comic Sans MS' })).toEqual(DEFAULT_BRANDING);
    expect(brandingOf({ logo: 'http://insecure.example/logo.png' }).logoUrl).toBeNull();
  });
});

describe('link expiry', () => {
  test('a link may run up to the 31 Dec 2029 sentinel, not an hour beyond', () => {
    const max = maxExpiryHours();
    expect(new Date(Date.now() + max * 3_600_000).getTime()).toBeLessThanOrEqual(Date.UTC(2030, 0, 1));
    expect(GeneratePaymentLinkBodySchema.safeParse(linkBody({ expiryHours: max })).success).toBe(true);
    expect(GeneratePaymentLinkBodySchema.safeParse(linkBody({ expiryHours: max + 1 })).success).toBe(false);
    expect(GeneratePaymentLinkBodySchema.safeParse(linkBody({ expiryHours: 0 })).success).toBe(false);
  });
});
