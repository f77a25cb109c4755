import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { kycEndpoints } from '../../../contract/kyc/endpoints';
import type { KycTransitionBody } from '../../../contract/kyc/review';
import { merchantGroupEndpoints, type KycApplicationSearch } from '../../../contract/merchant-groups';
import { call } from '../../lib/api-client';

const searchEndpoint = merchantGroupEndpoints.searchKycApplications;
const getEndpoint = kycEndpoints.getKycApplication;
const transitionEndpoint = kycEndpoints.transitionKycApplication;

export const reviewKeys = {
  list: (search: KycApplicationSearch) => ['kyc-review', 'list', search] as const,
  lists: ['kyc-review', 'list'] as const,
  application: (id: string) => ['kyc-review', 'application', id] as const,
};

export const applicationsQuery = (search: KycApplicationSearch) =>
  queryOptions({
    queryKey: reviewKeys.list(search),
    queryFn: ({ signal }) => call(searchEndpoint, { body: search, signal }),
    placeholderData: keepPreviousData,
  });

export const reviewApplicationQuery = (id: string) =>
  queryOptions({
    queryKey: reviewKeys.application(id),
    queryFn: ({ signal }) => call(getEndpoint, { params: { id }, signal }),
  });

export function transitionApplication(id: string, body: KycTransitionBody) {
  return call(transitionEndpoint, { params: { id }, body });
}
