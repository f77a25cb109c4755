import { queryOptions } from '@tanstack/react-query';
import { feeEndpoints, type NewFeeSchedule } from '../../../../contract/fees';
import { merchantEndpoints } from '../../../../contract/merchants';
import { call } from '../../../lib/api-client';

// The fee calls the fee forms need: every page that shows fees (the merchant and property fee pages,
// /fee-management) reads and writes the same schedules through these.

export const feeKeys = {
  history: (merchantId: string) => ['fees', 'history', merchantId] as const,
  groupMerchants: (merchantGroupId: string) => ['fees', 'group-merchants', merchantGroupId] as const,
};

export const feeHistoryQuery = (merchantId: string) =>
  queryOptions({
    queryKey: feeKeys.history(merchantId),
    queryFn: ({ signal }) => call(feeEndpoints.searchFees, { body: { merchantId }, signal }),
  });

export const groupMerchantsForFeesQuery = (merchantGroupId: string) =>
  queryOptions({
    queryKey: feeKeys.groupMerchants(merchantGroupId),
    queryFn: ({ signal }) => call(merchantEndpoints.searchGroupMerchants, { params: { merchantGroupId }, signal }),
  });

export function createFeeSchedule(body: NewFeeSchedule) {
  return call(feeEndpoints.createFeeSchedule, { body });
}
