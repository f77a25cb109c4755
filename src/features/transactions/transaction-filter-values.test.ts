import { describe, expect, it, vi } from 'vitest';
import { OrderFilterSchema } from '../../../contract/transactions';
import { EMPTY_TRANSACTION_FILTERS, toOrderFilter } from './transaction-filter-values';

describe('transactions filter form -> order filter', () => {
  it('sends nothing for an empty form', () => {
    expect(toOrderFilter(EMPTY_TRANSACTION_FILTERS)).toEqual({});
  });

  it("turns every filled field into the contract filter, amounts in minor units, days as the user's days", () => {
    vi.stubEnv('TZ', 'Europe/Amsterdam');
    const filter = toOrderFilter({
      ...EMPTY_TRANSACTION_FILTERS,
      createdFrom: '2026-01-01',
      createdTo: '2026-01-31',
      status: 'Paid',
      paymentType: 'PL',
      amountMin: '10',
      amountMax: '99.99',
      referenceNo: ' REF-1 ',
      guest: 'smith',
      currency: 'eur',
      merchantId: '0b5e8f3c-8f2d-4a55-9a64-3f1d0c1e2a11',
    });
    expect(filter).toEqual({
      createdFrom: '2025-12-31T23:00:00.000Z',
      createdTo: '2026-01-31T23:00:00.000Z',
      statuses: ['Paid'],
      paymentTypes: ['PL'],
      amountMin: 1000,
      amountMax: 9999,
      referenceNo: 'REF-1',
      guest: 'smith',
      currency: 'EUR',
      merchantIds: ['0b5e8f3c-8f2d-4a55-9a64-3f1d0c1e2a11'],
    });
    expect(OrderFilterSchema.safeParse(filter).success).toBe(true);
  });

  it('ignores amounts and currencies that are not well formed rather than sending a bad request', () => {
    expect(toOrderFilter({ ...EMPTY_TRANSACTION_FILTERS, amountMin: '12,5', amountMax: '-3' })).toEqual({});
    expect(toOrderFilter({ ...EMPTY_TRANSACTION_FILTERS, amountMin: '0.1' })).toEqual({ amountMin: 10 });
    expect(toOrderFilter({ ...EMPTY_TRANSACTION_FILTERS, amountMin: 'abc', currency: 'EURO' })).toEqual({});
  });

  it('reads amounts with the decimals of the chosen currency', () => {
    expect(toOrderFilter({ ...EMPTY_TRANSACTION_FILTERS, amountMin: '1200', currency: 'jpy' })).toEqual({ amountMin: 1200, currency: 'JPY' });
    expect(toOrderFilter({ ...EMPTY_TRANSACTION_FILTERS, amountMin: '1.234', currency: 'KWD' })).toEqual({ amountMin: 1234, currency: 'KWD' });
    expect(toOrderFilter({ ...EMPTY_TRANSACTION_FILTERS, amountMin: '12.5', currency: 'JPY' })).toEqual({ currency: 'JPY' });
  });
});
