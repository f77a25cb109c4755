import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

describe('formatMoney', () => {
  it('reads minor units with the currency’s own decimals', () => {
    expect(formatMoney(124844, 'EUR')).toBe('€1,248.44');
    expect(formatMoney(1200, 'JPY')).toBe('¥1,200');
    expect(formatMoney(5, 'GBP')).toBe('£0.05');
  });
});
