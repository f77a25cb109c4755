import { describe, expect, it } from 'vitest';
import { EMPTY_REFUND_FILTERS, filtersFromStatusParam, toRefundFilter } from './refund-filter-values';

describe('the refunds filter', () => {
  it("reads amounts in the chosen currency's minor digits", () => {
    expect(toRefundFilter({ ...EMPTY_REFUND_FILTERS, currency: 'jpy', amountMin: '1500' })).toMatchObject({ currency: 'JPY', amountMin: 1500 });
    expect(toRefundFilter({ ...EMPTY_REFUND_FILTERS, currency: 'KWD', amountMax: '1.5' })).toMatchObject({ currency: 'KWD', amountMax: 1500 });
    expect(toRefundFilter({ ...EMPTY_REFUND_FILTERS, currency: 'EUR', amountMin: '12.5' })).toMatchObject({ currency: 'EUR', amountMin: 1250 });
  });

  it('sends no currency until it is a 3-letter code', () => {
    expect(toRefundFilter({ ...EMPTY_REFUND_FILTERS, currency: 'EU', amountMin: '12.5' })).toEqual({ amountMin: 1250 });
  });

  it('reads ?status=AwaitingApproval as the two statuses still waiting for approvers, as the merchant home counts them', () => {
    const values = filtersFromStatusParam('AwaitingApproval', EMPTY_REFUND_FILTERS);
    expect(values?.approvalStatus).toBe('AwaitingApproval');
    expect(toRefundFilter(values!)).toEqual({ approvalStatuses: ['Pending', 'PartiallyApproved'] });
    expect(toRefundFilter(filtersFromStatusParam('Pending', EMPTY_REFUND_FILTERS)!)).toEqual({ approvalStatuses: ['Pending'] });
    expect(filtersFromStatusParam('Awaiting', EMPTY_REFUND_FILTERS)).toBeUndefined();
  });
});
