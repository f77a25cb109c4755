import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { orderEndpoints, type OrderSearchBody } from '../../../contract/orders';
import { call } from '../../lib/api-client';

// The transactions feature's reads (spec 7 "Orders"): one factory per query, so every screen and
// invalidation of this feature names its cache entries the same way.

const { searchOrders } = orderEndpoints;

export const orderKeys = {
  searches: ['orders', 'search'] as const,
  search: (body: OrderSearchBody) => ['orders', 'search', body] as const,
};

/** One page of the transactions table; the previous page stays on screen while the next loads. */
export const orderSearchQuery = (body: OrderSearchBody) =>
  queryOptions({
    queryKey: orderKeys.search(body),
    queryFn: ({ signal }) => call(searchOrders, { body, signal }),
    placeholderData: keepPreviousData,
  });
