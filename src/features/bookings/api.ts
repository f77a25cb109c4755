import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { bookingEndpoints, type BookingSearchBody } from '../../../contract/bookings';
import { call } from '../../lib/api-client';

// The bookings feature's reads (spec 7 "PMS and bookings"): one factory per query.

const { searchBookings, getBooking, getBookingLogs, getPmsFolio } = bookingEndpoints;

export const bookingKeys = {
  searches: ['bookings', 'search'] as const,
  detail: (id: string) => ['bookings', 'detail', id] as const,
  logs: (id: string) => ['bookings', 'logs', id] as const,
  folio: (id: string) => ['bookings', 'folio', id] as const,
};

export const bookingSearchQuery = (body: BookingSearchBody) =>
  queryOptions({
    queryKey: [...bookingKeys.searches, body],
    queryFn: ({ signal }) => call(searchBookings, { body, signal }),
    placeholderData: keepPreviousData,
  });

export const bookingQuery = (id: string) =>
  queryOptions({ queryKey: bookingKeys.detail(id), queryFn: ({ signal }) => call(getBooking, { params: { id }, signal }) });

export const bookingLogsQuery = (id: string) =>
  queryOptions({ queryKey: bookingKeys.logs(id), queryFn: ({ signal }) => call(getBookingLogs, { params: { id }, signal }) });

export const pmsFolioQuery = (id: string) =>
  queryOptions({ queryKey: bookingKeys.folio(id), queryFn: ({ signal }) => call(getPmsFolio, { params: { id }, signal }) });
