import type { FastifyInstance } from 'fastify';
import { registerIdentityRoutes } from './auth/identity-routes';
import { registerSessionRoutes } from './auth/session-routes';
import { registerExportModule } from './exports/export-module';
import { registerKycModule } from './kyc/kyc-module';
import { registerSentEmailRoutes } from './mail/sent-email-routes';
import { registerMerchantGroupRoutes } from './merchant-groups/merchant-group-routes';
import { registerStatechartRoutes } from './docs/statechart-routes';
import { registerOrderModule } from './orders/order-module';
import { registerPaymentLinkModule } from './payment-links/payment-link-module';
import { registerPayoutModule } from './payouts/payout-module';
import { registerPropertyRoutes } from './properties/property-routes';
import { registerSystemRoutes } from './system-routes';
import { registerUserRoutes } from './users/user-routes';

/** Every domain module's routes. One line per module. */
export function registerModules(app: FastifyInstance): void {
  registerSystemRoutes(app);
  registerSessionRoutes(app);
  registerIdentityRoutes(app);
  registerPropertyRoutes(app);
  registerUserRoutes(app);
  registerOrderModule(app);
  registerPayoutModule(app);
  registerPaymentLinkModule(app);
  registerExportModule(app);
  registerMerchantGroupRoutes(app);
  registerKycModule(app);
  registerSentEmailRoutes(app);
  registerStatechartRoutes(app);
}
