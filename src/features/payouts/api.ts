import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { payoutEndpoints, type PayoutSearchBody } from '../../../contract/payouts';
import { call } from '../../lib/api-client';

// The payouts feature's reads (spec 7 "Payouts"): the screen, the detail dialog and their
// invalidations name the cache entries through these keys.

const { searchPayouts, getPayout, searchRequestableProperties } = payoutEndpoints;

export const payoutKeys = {
  searches: ['payouts', 'search'] as const,
  search: (body: PayoutSearchBody) => ['payouts', 'search', body] as const,
  detail: (id: string) => ['payouts', 'detail', id] as const,
  /** What a payout request for the property would pay now (decision 0704). */
  due: (merchantId: string) => ['payouts', 'due', merchantId] as const,
  /** The properties a payout may be asked for, by name (decision 0707). */
  requestable: (search: string) => ['payouts', 'requestable', search] as const,
};

/** One page of the payouts table; the previous page stays on screen while the next loads. */
export const payoutSearchQuery = (body: PayoutSearchBody) =>
  queryOptions({
    queryKey: payoutKeys.search(body),
    queryFn: ({ signal }) => call(searchPayouts, { body, signal }),
    placeholderData: keepPreviousData,
  });

/** One payout with its attempts. */
export const payoutDetailQuery = (id: string) =>
  queryOptions({
    queryKey: payoutKeys.detail(id),
    queryFn: ({ signal }) => call(getPayout, { params: { id }, signal }),
  });

/** The properties a payout may be asked for (paid "Manually", in the user's scope), by name (decision 0707). */
export const requestablePropertiesQuery = (search: string) =>
  queryOptions({
    queryKey: payoutKeys.requestable(search),
    queryFn: ({ signal }) => call(searchRequestableProperties, { query: search ? { search } : {}, signal }),
    placeholderData: keepPreviousData,
  });
