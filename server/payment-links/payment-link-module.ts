import type { FastifyInstance } from 'fastify';
import { registerGuestCheckoutRoutes } from './guest-checkout-routes';
import { registerPaymentLinkActions } from './link-actions';
import { startLinkExpirySweep, type LinkExpirySweep } from './link-expiry';
import { registerPaymentLinkRoutes } from './payment-link-routes';
import { whenDatabaseReady } from '../http/database-readiness';

/**
 * Payment links (issue 15): staff generate them, guests pay them on the public page; a sweep tells the
 * live streams when a link's expiry passes (decision 0531).
 */
export function registerPaymentLinkModule(app: FastifyInstance): void {
  registerPaymentLinkRoutes(app);
  registerPaymentLinkActions(app);
  registerGuestCheckoutRoutes(app);
  let sweep: LinkExpirySweep | undefined;
  whenDatabaseReady(app, async () => {
    sweep = await startLinkExpirySweep(app.ctx);
  });
  app.addHook('preClose', async () => {
    await sweep?.stop();
  });
}
