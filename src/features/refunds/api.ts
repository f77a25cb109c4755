import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { refundEndpoints, type RefundSearchBody } from '../../../contract/refunds';
import { call } from '../../lib/api-client';

// The refunds feature's reads (spec 7 "Refunds"): screens and dialogs name cache entries through these keys.
const { searchRefundRequests, getRefundRequest, searchRefundRules } = refundEndpoints;

export const refundKeys = {
  all: ['refunds'] as const,
  searches: ['refunds', 'search'] as const,
  search: (body: RefundSearchBody) => ['refunds', 'search', body] as const,
  detail: (id: string) => ['refunds', 'detail', id] as const,
  rules: ['refunds', 'rules'] as const,
};

export const refundSearchQuery = (body: RefundSearchBody) =>
  queryOptions({
    queryKey: refundKeys.search(body),
    queryFn: ({ signal }) => call(searchRefundRequests, { body, signal }),
    placeholderData: keepPreviousData,
  });

export const refundDetailQuery = (id: string) =>
  queryOptions({ queryKey: refundKeys.detail(id), queryFn: ({ signal }) => call(getRefundRequest, { params: { id }, signal }) });

export const refundRulesQuery = () => queryOptions({ queryKey: refundKeys.rules, queryFn: ({ signal }) => call(searchRefundRules, { body: {}, signal }) });
