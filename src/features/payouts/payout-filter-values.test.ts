import { describe, expect, it, vi } from 'vitest';
import { PayoutFilterSchema } from '../../../contract/payouts';
import { EMPTY_PAYOUT_FILTERS, toPayoutFilter } from './payout-filter-values';

describe('payouts filter form -> payout filter', () => {
  it('sends nothing for an empty form and every filled field otherwise', () => {
    vi.stubEnv('TZ', 'America/New_York');
    expect(toPayoutFilter(EMPTY_PAYOUT_FILTERS)).toEqual({});
    const filter = toPayoutFilter({
      ...EMPTY_PAYOUT_FILTERS,
      status: 'Failed',
      schedule: 'Weekly',
      amountMin: '5.5',
      currency: 'gbp',
      reference: 'PO-',
      createdTo: '2026-02-01',
    });
    expect(filter).toEqual({
      statuses: ['Failed'],
      schedules: ['Weekly'],
      amountMin: 550,
      currency: 'GBP',
      reference: 'PO-',
      createdTo: '2026-02-02T05:00:00.000Z',
    });
    expect(PayoutFilterSchema.safeParse(filter).success).toBe(true);
  });
});
