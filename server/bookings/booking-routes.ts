import type { FastifyInstance } from 'fastify';
import { bookingEndpoints, type BookingLogEntry, type PmsPosting } from '../../contract/bookings';
import { audit } from '../audit';
import type { Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { effectiveMerchants, pageAnswer } from '../lists/list-query';
import { bookingById, bookingPage } from './booking-query';
import { demoPms, type PmsAdapter } from './pms-adapter';

const { searchBookings, getBooking, getBookingLogs, getPmsFolio, postPmsCharge } = bookingEndpoints;

// Spec 7 "PMS and bookings" (decision 0212): every call looks the booking up inside the caller's
// merchants first (404 otherwise, as for a missing booking).

async function visibleBooking(db: Db, id: string, caller: Caller, merchantHeader: string | undefined) {
  const booking = await bookingById(db, id, effectiveMerchants(caller.merchantScope, merchantHeader, undefined));
  if (!booking) throw problems.notFound(`booking ${id} not found`);
  return booking;
}

async function postingsOf(db: Db, bookingId: string, onlyId?: string): Promise<PmsPosting[]> {
  let query = db
    .selectFrom('pms_postings as p')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .select(['p.id', 'p.booking_id', 'p.amount_minor', 'p.currency', 'p.description', 'p.outcome', 'p.pms_reference', 'p.created_at', 'u.email'])
    .where('p.booking_id', '=', bookingId);
  if (onlyId) query = query.where('p.id', '=', onlyId);
  const rows = await query.orderBy('p.id').execute();
  return rows.map((row) => ({
    id: Number(row.id),
    bookingId: row.booking_id,
    amountMinor: Number(row.amount_minor),
    currency: row.currency.trim(),
    description: row.description,
    outcome: row.outcome,
    pmsReference: row.pms_reference,
    byEmail: row.email ?? null,
    at: new Date(row.created_at).toISOString(),
  }));
}

export function registerBookingRoutes(app: FastifyInstance, pms: PmsAdapter = demoPms()): void {
  registerEndpoint(
    app,
    searchBookings,
    async ({ body, caller, merchantId, ctx }) => {
      const merchants = effectiveMerchants(caller.merchantScope, merchantId, body.filters.merchantIds);
      const { page, pageSize } = body.pagination;
      const { items, count } = await bookingPage(ctx.db, { filters: body.filters, sorting: body.sorting, page, pageSize }, merchants);
      return pageAnswer(items, count, page, pageSize);
    },
    { readOnly: true },
  );

  registerEndpoint(app, getBooking, async ({ params, caller, merchantId, ctx }) => visibleBooking(ctx.db, params.id, caller, merchantId));

  registerEndpoint(app, getBookingLogs, async ({ params, caller, merchantId, ctx }) => {
    await visibleBooking(ctx.db, params.id, caller, merchantId);
    const rows = await ctx.db
      .selectFrom('booking_logs')
      .select(['id', 'source', 'direction', 'http_status', 'message', 'request_body', 'response_body', 'created_at'])
      .where('booking_id', '=', params.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    return {
      items: rows.map((row): BookingLogEntry => ({
        id: Number(row.id),
        source: row.source,
        direction: row.direction,
        status: row.http_status,
        message: row.message,
        requestBody: row.request_body,
        responseBody: row.response_body,
        at: new Date(row.created_at).toISOString(),
      })),
    };
  });

  registerEndpoint(app, getPmsFolio, async ({ params, caller, merchantId, ctx }) => {
    const booking = await visibleBooking(ctx.db, params.id, caller, merchantId);
    return { bookingId: booking.id, pmsIntegration: booking.pmsIntegration, postings: await postingsOf(ctx.db, booking.id) };
  });

  registerEndpoint(app, postPmsCharge, async ({ body, caller, merchantId, ctx }) => {
    const booking = await visibleBooking(ctx.db, body.bookingId, caller, merchantId);
    if (booking.pmsIntegration === 'None') throw problems.conflict('this booking has no PMS integration to post to');
    if (body.currency !== booking.currency) throw problems.conflict(`this booking is in ${booking.currency}, not ${body.currency}`);
    const exchange = await pms.postCharge({
      integration: booking.pmsIntegration,
      bookingReference: booking.reference,
      amountMinor: body.amountMinor,
      currency: body.currency,
      description: body.description,
    });
    const { id } = await ctx.db
      .insertInto('pms_postings')
      .values({
        booking_id: booking.id,
        amount_minor: body.amountMinor,
        currency: body.currency,
        description: body.description,
        outcome: exchange.outcome,
        pms_reference: exchange.pmsReference,
        created_by: caller.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // What the PMS received and answered joins the booking's log (source Booking, outbound).
    await ctx.db
      .insertInto('booking_logs')
      .values({
        booking_id: booking.id,
        source: 'Booking',
        direction: 'Outbound',
        http_status: exchange.httpStatus,
        message: `${exchange.outcome === 'Posted' ? 'Charge posted to' : 'Charge rejected by'} the ${booking.pmsIntegration} folio`,
        request_body: exchange.requestBody,
        response_body: exchange.responseBody,
      })
      .execute();
    await audit(ctx.db, caller.userId, 'booking.pms-charge', 'booking', booking.id, {
      outcome: exchange.outcome,
      amountMinor: body.amountMinor,
      currency: body.currency,
    });
    const [posting] = await postingsOf(ctx.db, booking.id, id);
    return posting!;
  });
}
