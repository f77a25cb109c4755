import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { propertyEndpoints, type PropertySearchBody } from '../../../contract/properties';
import type { PropertyTransitionBody } from '../../../contract/property-lifecycle';
import { call } from '../../lib/api-client';

// The properties feature's reads and writes (issue 18): the table, the overview, the lifecycle.

const { searchProperties, getPropertyOverview, transitionProperty } = propertyEndpoints;

export const propertyKeys = {
  all: ['properties'] as const,
  search: (body: PropertySearchBody) => ['properties', 'search', body] as const,
  overview: (id: string) => ['properties', 'overview', id] as const,
};

export const propertySearchQuery = (body: PropertySearchBody) =>
  queryOptions({
    queryKey: propertyKeys.search(body),
    queryFn: ({ signal }) => call(searchProperties, { body, signal }),
    placeholderData: keepPreviousData,
  });

export const propertyOverviewQuery = (id: string) =>
  queryOptions({
    queryKey: propertyKeys.overview(id),
    queryFn: ({ signal }) => call(getPropertyOverview, { params: { id }, signal }),
  });

export function transitionPropertyCall(id: string, body: PropertyTransitionBody) {
  return call(transitionProperty, { params: { id }, body });
}
