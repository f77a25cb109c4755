import type { FastifyInstance } from 'fastify';
import { registerIdentityRoutes } from './sign-in/identity-routes';
import { registerBookingsModule } from './bookings/bookings-module';
import { registerCapabilityRoutes } from './capabilities/capability-routes';
import { registerSessionRoutes } from './sign-in/session-routes';
import { registerTwoStepRoutes } from './sign-in/two-step';
import { registerExportModule } from './exports/export-module';
import { registerFeeRoutes } from './fees/fee-routes';
import { registerHomeRoutes } from './home/home-routes';
import { groupApplications } from './kyc/applications';
import { registerLiveModule } from './events/live-module';
import { registerKycModule } from './kyc/kyc-module';
import { registerSentEmailRoutes } from './sent-emails/sent-email-routes';
import { registerSettingsModule } from './settings/settings-module';
import { registerMerchantGroupRoutes } from './merchant-groups/merchant-group-routes';
import { registerMerchantsModule } from './merchants/merchants-module';
import { registerStatechartRoutes } from './docs/statechart-routes';
import { registerTransactionModule } from './transactions/transaction-module';
import type { OrderLinkColumn } from './transactions/transaction-links';
import { linkOfOrderFromSql, linkOfOrderSql, linkStateOfOrderSql } from './payment-links/link-state';
import { registerPaymentLinkModule } from './payment-links/payment-link-module';
import { registerPaymentSettingsModule } from './payment-settings/payment-settings-module';
import { registerPayoutModule } from './payouts/payout-module';
import { registerRefundModule } from './refunds/refund-module';
import { registerPropertyRoutes } from './properties/property-routes';
import { registerSystemRoutes } from './system-routes';
import { registerSmtpSettingsRoutes } from './smtp-settings/smtp-settings-routes';
import { registerUserRoutes } from './users/user-routes';
import { registerWebhookModule } from './webhooks/webhook-module';

/** How an order names the link that made it: the payment-links module's reading, handed to the orders' list and page. */
export const orderLinkColumn: OrderLinkColumn = { sql: linkOfOrderSql, read: linkOfOrderFromSql };

/** Every module's routes, each registered by its own folder's function. One line per module. */
export function registerModules(app: FastifyInstance): void {
  registerSystemRoutes(app);
  registerSessionRoutes(app);
  registerTwoStepRoutes(app);
  registerIdentityRoutes(app);
  registerPropertyRoutes(app);
  registerUserRoutes(app);
  registerTransactionModule(app, {
    column: orderLinkColumn,
    stateSql: linkStateOfOrderSql,
  });
  registerBookingsModule(app);
  registerPayoutModule(app);
  registerRefundModule(app);
  registerPaymentLinkModule(app);
  registerHomeRoutes(app);
  registerExportModule(app);
  registerMerchantGroupRoutes(app, groupApplications);
  registerMerchantsModule(app);
  registerPaymentSettingsModule(app);
  registerFeeRoutes(app);
  registerKycModule(app);
  registerSettingsModule(app);
  registerSentEmailRoutes(app);
  registerStatechartRoutes(app);
  registerWebhookModule(app);
  registerSmtpSettingsRoutes(app);
  registerCapabilityRoutes(app);
  registerLiveModule(app);
}
