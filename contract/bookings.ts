import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { DateBoundSchema, PagedSchema, PaginationSchema } from './transactions';
import { BACKOFFICE_API } from './product';
import { safeText } from './text';
import { refuseInvertedRanges } from './ranges';
import { MoneyCurrencySchema } from './currency';

// Spec 2 "/bookings" (provider roles' menu), spec 3 "PMS integration", "Deposit basis", "Log
// source", spec 7 "PMS and bookings": `GET bookings/{id}/logs`, `GET pms/{id}`, `POST pms`.
// The list and detail calls are ours (the spec names no list call); decision 0212.

export const PMS_INTEGRATIONS = ['None', 'Ows', 'Cendyn', 'OraclePI'] as const;
export type PmsIntegration = (typeof PMS_INTEGRATIONS)[number];
export const DEPOSIT_BASES = ['None', 'TotalAmount', 'DepositAmount'] as const;
export const LOG_SOURCES = ['Booking', 'Webhook'] as const;
export const LOG_DIRECTIONS = ['Inbound', 'Outbound'] as const;

export const BookingFilterSchema = z
  .object({
    /** Guest name, e-mail or booking reference contains (case-insensitive). */
    search: safeText().trim().min(1).max(100).optional(),
    /** Properties; always intersected with the caller's merchant scope on the server. */
    merchantIds: z.array(z.uuid()).max(500).optional(),
    arrivalFrom: DateBoundSchema.optional(),
    arrivalTo: DateBoundSchema.optional(),
    depositBases: z.array(z.enum(DEPOSIT_BASES)).max(DEPOSIT_BASES.length).optional(),
    pmsIntegrations: z.array(z.enum(PMS_INTEGRATIONS)).max(PMS_INTEGRATIONS.length).optional(),
  })
  // An inverted range matches nothing; the caller is told which bound to change (decision 0525).
  .superRefine(refuseInvertedRanges({ from: 'arrivalFrom', to: 'arrivalTo', kind: 'dates' }));
export type BookingFilter = z.infer<typeof BookingFilterSchema>;

export const BOOKING_SORTABLE_COLUMNS = ['reference', 'guestName', 'checkIn', 'checkOut', 'amount'] as const;
export const BookingSearchBodySchema = z.object({
  filters: BookingFilterSchema.default({}),
  sorting: z
    .array(z.object({ id: z.enum(BOOKING_SORTABLE_COLUMNS, { message: 'this column cannot be sorted' }), desc: z.boolean().default(false) }))
    .max(2)
    .default([]),
  pagination: PaginationSchema.default({ page: 0, pageSize: 25 }),
});
export type BookingSearchBody = z.input<typeof BookingSearchBodySchema>;

export const BookingRowSchema = z.object({
  id: z.string(),
  reference: z.string(),
  merchantId: z.string(),
  merchantName: z.string(),
  guestName: z.string(),
  guestEmail: z.string().nullable(),
  /** Arrival and departure days (ISO dates). */
  checkIn: z.string(),
  checkOut: z.string(),
  /** Minor units of `currency`. */
  amountMinor: z.number().int(),
  currency: z.string(),
  depositBasis: z.enum(DEPOSIT_BASES),
  /** The deposit asked for when the basis is DepositAmount, minor units; null otherwise. */
  depositMinor: z.number().int().nullable(),
  pmsIntegration: z.enum(PMS_INTEGRATIONS),
  /** Orders (transactions) of this booking. */
  orderIds: z.array(z.number().int()),
});
export type BookingRow = z.infer<typeof BookingRowSchema>;
export const BookingSearchAnswerSchema = PagedSchema(BookingRowSchema);

export const BookingLogEntrySchema = z.object({
  id: z.number().int(),
  source: z.enum(LOG_SOURCES),
  direction: z.enum(LOG_DIRECTIONS),
  /** The HTTP status of the exchange, when there was one. */
  status: z.number().int().nullable(),
  message: z.string(),
  requestBody: z.string().nullable(),
  responseBody: z.string().nullable(),
  at: z.string(),
});
export type BookingLogEntry = z.infer<typeof BookingLogEntrySchema>;
export const BookingLogsSchema = z.object({ items: z.array(BookingLogEntrySchema) });

export const PmsPostingSchema = z.object({
  id: z.number().int(),
  bookingId: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  description: z.string(),
  outcome: z.enum(['Posted', 'Rejected']),
  pmsReference: z.string().nullable(),
  byEmail: z.string().nullable(),
  at: z.string(),
});
export type PmsPosting = z.infer<typeof PmsPostingSchema>;
export const PmsFolioSchema = z.object({ bookingId: z.string(), pmsIntegration: z.enum(PMS_INTEGRATIONS), postings: z.array(PmsPostingSchema) });
export type PmsFolio = z.infer<typeof PmsFolioSchema>;

export const PostPmsBodySchema = z.object({
  bookingId: z.uuid({ message: 'not a booking id' }),
  amountMinor: z.number().int().positive({ message: 'post a positive amount' }).max(Number.MAX_SAFE_INTEGER),
  /** The currency the user confirmed; must be the booking's. */
  currency: MoneyCurrencySchema,
  description: safeText().trim().min(1, { message: 'describe the charge' }).max(200),
});

const bookingParams = z.object({ id: z.uuid({ message: 'not a booking id' }) });
const read = { resource: 'Bookings', action: 'Read' } as const;

export const bookingEndpoints = endpointTable([
  defineEndpoint({
    id: 'searchBookings',
    method: 'POST',
    path: `${BACKOFFICE_API}/bookings/search`,
    summary: "Bookings page: filters, sorting, 0-based page, with each booking's orders; scoped to the caller's merchants",
    access: read,
    merchantHeader: true,
    body: BookingSearchBodySchema,
    response: BookingSearchAnswerSchema,
  }),
  defineEndpoint({
    id: 'getBooking',
    method: 'GET',
    path: `${BACKOFFICE_API}/bookings/{id}`,
    summary: "One booking; 404 outside the caller's merchants",
    access: read,
    merchantHeader: true,
    params: bookingParams,
    response: BookingRowSchema,
  }),
  defineEndpoint({
    id: 'getBookingLogs',
    method: 'GET',
    path: `${BACKOFFICE_API}/bookings/{id}/logs`,
    summary: "The booking's log of PMS (source Booking) and webhook (source Webhook) traffic, newest first, with request and response bodies",
    access: read,
    merchantHeader: true,
    params: bookingParams,
    response: BookingLogsSchema,
  }),
  defineEndpoint({
    id: 'getPmsFolio',
    method: 'GET',
    path: `${BACKOFFICE_API}/pms/{id}`,
    summary: "The charges posted to the PMS folio of the booking `id`, oldest first; 404 outside the caller's merchants",
    access: read,
    merchantHeader: true,
    params: bookingParams,
    response: PmsFolioSchema,
  }),
  defineEndpoint({
    id: 'postPmsCharge',
    method: 'POST',
    path: `${BACKOFFICE_API}/pms`,
    summary:
      "Post a charge to the booking's PMS folio through its PMS adapter; the exchange joins the booking's log. 409 when the booking has no PMS integration or the currency is not the booking's. Send an Idempotency-Key per user intent",
    access: { resource: 'Bookings', action: 'Insert' },
    merchantHeader: true,
    idempotent: true,
    body: PostPmsBodySchema,
    response: PmsPostingSchema,
    successStatus: 201,
  }),
]);
