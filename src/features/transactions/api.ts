import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { orderEndpoints, type OrderSearchBody } from '../../../contract/transactions';
import { metadataEndpoints } from '../../../contract/metadata';
import { orderEmailEndpoints } from '../../../contract/transaction-emails';
import { paymentEndpoints } from '../../../contract/transaction-payments';
import { call } from '../../lib/api-client';

// The transactions feature's reads (spec 7 "Orders"): one factory per query, so every screen and
// invalidation of this feature names its cache entries the same way.

const { searchOrders } = orderEndpoints;
const { getOrder } = paymentEndpoints;
const { getOrderEmailHistory } = orderEmailEndpoints;
const { getOrderMetadata } = metadataEndpoints;

export const orderKeys = {
  searches: ['orders', 'search'] as const,
  search: (body: OrderSearchBody) => ['orders', 'search', body] as const,
  detail: (id: number, merchantId: string | undefined) => ['orders', 'detail', id, merchantId ?? null] as const,
  emails: (id: number) => ['orders', 'emails', id] as const,
  metadata: (id: number) => ['orders', 'metadata', id] as const,
};

/** One page of the transactions table; the previous page stays on screen while the next loads. */
export const orderSearchQuery = (body: OrderSearchBody) =>
  queryOptions({
    queryKey: orderKeys.search(body),
    queryFn: ({ signal }) => call(searchOrders, { body, signal }),
    placeholderData: keepPreviousData,
  });

/** One order with its authorization ledger, timeline and the actions the caller may take now. */
export const orderDetailQuery = (id: number, merchantId: string | undefined) =>
  queryOptions({
    queryKey: orderKeys.detail(id, merchantId),
    queryFn: ({ signal }) => call(getOrder, { params: { id }, merchantId, signal }),
  });

/** One page of the e-mails the guest got about an order. */
export const orderEmailHistoryQuery = (id: number, merchantId: string | undefined, page: number, limit: number) =>
  queryOptions({
    queryKey: [...orderKeys.emails(id), merchantId ?? null, page, limit],
    queryFn: ({ signal }) => call(getOrderEmailHistory, { params: { id }, query: { page, limit }, merchantId, signal }),
    placeholderData: keepPreviousData,
  });

/** The notes and key/value entries staff attached to an order. */
export const orderMetadataQuery = (id: number, merchantId: string | undefined) =>
  queryOptions({
    queryKey: [...orderKeys.metadata(id), merchantId ?? null],
    queryFn: ({ signal }) => call(getOrderMetadata, { params: { id }, merchantId, signal }),
  });
