import type { FastifyInstance } from 'fastify';
import { registerIdentityRoutes } from './auth/identity-routes';
import { registerBookingsModule } from './bookings/bookings-module';
import { registerCapabilityRoutes } from './capabilities/capability-routes';
import { registerSessionRoutes } from './auth/session-routes';
import { registerTwoStepRoutes } from './auth/two-step';
import { registerExportModule } from './exports/export-module';
import { registerLiveModule } from './events/live-module';
import { registerKycModule } from './kyc/kyc-module';
import { registerSentEmailRoutes } from './mail/sent-email-routes';
import { registerSettingsModule } from './settings/settings-module';
import { registerMerchantGroupRoutes } from './merchant-groups/merchant-group-routes';
import { registerMerchantsModule } from './merchants/merchants-module';
import { registerStatechartRoutes } from './docs/statechart-routes';
import { registerOrderModule } from './orders/order-module';
import { registerPaymentLinkModule } from './payment-links/payment-link-module';
import { registerPayoutModule } from './payouts/payout-module';
import { registerRefundModule } from './refunds/refund-module';
import { registerPropertyRoutes } from './properties/property-routes';
import { registerSystemRoutes } from './system-routes';
import { registerUserRoutes } from './users/user-routes';
import { registerIntegrationsModule } from './webhooks/integrations-module';

/** Every domain module's routes. One line per module. */
export function registerModules(app: FastifyInstance): void {
  registerSystemRoutes(app);
  registerSessionRoutes(app);
  registerTwoStepRoutes(app);
  registerIdentityRoutes(app);
  registerPropertyRoutes(app);
  registerUserRoutes(app);
  registerOrderModule(app);
  registerBookingsModule(app);
  registerPayoutModule(app);
  registerRefundModule(app);
  registerPaymentLinkModule(app);
  registerExportModule(app);
  registerMerchantGroupRoutes(app);
  registerMerchantsModule(app);
  registerKycModule(app);
  registerSettingsModule(app);
  registerSentEmailRoutes(app);
  registerStatechartRoutes(app);
  registerIntegrationsModule(app);
  registerCapabilityRoutes(app);
  registerLiveModule(app);
}
