import { describe, expect, it } from 'vitest';
import { KYC_DISPLAY_STATUSES } from '../../contract/merchant-groups';
import { ORDER_STATUSES } from '../../contract/transactions';
import { PAYOUT_STATUSES } from '../../contract/payouts';
import { PROPERTY_STATUSES } from '../../contract/properties';
import { REFUND_APPROVAL_STATUSES, REFUND_STATES } from '../../contract/refunds';
import {
  contrastRatio,
  KYC_DISPLAY_STATUS_TONES,
  ORDER_STATUS_TONES,
  PAYOUT_STATUS_TONES,
  PROPERTY_STATUS_TONES,
  REFUND_APPROVAL_STATUS_TONES,
  REFUND_STATE_TONES,
  TONES,
} from './status-tones';

describe('status badge colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The gold merchant-admin badge with white text that axe reported.
    expect(contrastRatio('#ffffff', '#c9a227')).toBeLessThan(2.45); // 2.42:1, reported as 2.41
  });

  it('gives every tone at least 4.5:1 between text and background', () => {
    for (const [name, tone] of Object.entries(TONES)) expect(contrastRatio(tone.text, tone.background), name).toBeGreaterThanOrEqual(4.5);
  });

  it('has a tone for every value of every status enumeration', () => {
    const maps = [
      [ORDER_STATUSES, ORDER_STATUS_TONES],
      [PAYOUT_STATUSES, PAYOUT_STATUS_TONES],
      [KYC_DISPLAY_STATUSES, KYC_DISPLAY_STATUS_TONES],
      [PROPERTY_STATUSES, PROPERTY_STATUS_TONES],
      [REFUND_APPROVAL_STATUSES, REFUND_APPROVAL_STATUS_TONES],
      [REFUND_STATES, REFUND_STATE_TONES],
    ] as const;
    for (const [values, tones] of maps) for (const value of values) expect(Object.keys(TONES), value).toContain((tones as Record<string, string>)[value]);
  });

  it('keeps the role badges readable (spec 2 colours with their text)', () => {
    expect(contrastRatio('#0b2537', '#c9a227')).toBeGreaterThanOrEqual(4.5); // merchant admin: dark on gold
    expect(contrastRatio('#ffffff', '#dc2626')).toBeGreaterThanOrEqual(4.5); // provider admin: white on red
    expect(contrastRatio('#ffffff', '#0f766e')).toBeGreaterThanOrEqual(4.5); // others: white on teal
  });
});
