import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { kycEndpoints, type KycTransitionBody } from '../../../contract/kyc';
import { merchantGroupEndpoints, type KycApplicationSearch } from '../../../contract/merchant-groups';
import { call } from '../../lib/api-client';

const byId = <L extends readonly { id: string }[], Id extends L[number]['id']>(list: L, id: Id) =>
  list.find((entry) => entry.id === id) as Extract<L[number], { id: Id }>;
const searchEndpoint = byId(merchantGroupEndpoints, 'searchKycApplications');
const getEndpoint = byId(kycEndpoints, 'getKycApplication');
const transitionEndpoint = byId(kycEndpoints, 'transitionKycApplication');

export const reviewKeys = {
  list: (search: KycApplicationSearch) => ['kyc-review', 'list', search] as const,
  lists: ['kyc-review', 'list'] as const,
  application: (id: string) => ['kyc-review', 'application', id] as const,
};

export const applicationsQuery = (search: KycApplicationSearch) =>
  queryOptions({
    queryKey: reviewKeys.list(search),
    queryFn: ({ signal }) => call(searchEndpoint, { body: search as never, signal }),
    placeholderData: keepPreviousData,
  });

export const reviewApplicationQuery = (id: string) =>
  queryOptions({
    queryKey: reviewKeys.application(id),
    queryFn: ({ signal }) => call(getEndpoint, { params: { id }, signal }),
  });

export function transitionApplication(id: string, body: KycTransitionBody) {
  return call(transitionEndpoint, { params: { id }, body: body as never });
}
