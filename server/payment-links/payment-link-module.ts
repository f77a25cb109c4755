import type { FastifyInstance } from 'fastify';
import { registerGuestCheckoutRoutes } from './guest-checkout-routes';
import { registerPaymentLinkActions } from './link-actions';
import { registerPaymentLinkRoutes } from './payment-link-routes';

/** Payment links (issue 15): staff generate them, guests pay them on the public page. */
export function registerPaymentLinkModule(app: FastifyInstance): void {
  registerPaymentLinkRoutes(app);
  registerPaymentLinkActions(app);
  registerGuestCheckoutRoutes(app);
}
