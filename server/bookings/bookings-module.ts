import type { FastifyInstance } from 'fastify';
import { registerBookingRoutes } from './booking-routes';

/** Bookings, their logs and their PMS folio (spec 7 "PMS and bookings"; decision 0212). */
export function registerBookingsModule(app: FastifyInstance): void {
  registerBookingRoutes(app);
}
