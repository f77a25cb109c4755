import type { FastifyInstance } from 'fastify';
import { registerGroupMerchantRoutes } from './group-merchants';
import { registerMerchantAccessRoutes } from './merchant-access';
import { registerMerchantStatusRoutes } from './merchant-status';

/**
 * Spec 7 "Merchants" for provider staff: granting merchant access and the merchants of a group (issue 17);
 * the fee schedules are the fees module's, a property's payment settings the payment-settings module's.
 */
export function registerMerchantsModule(app: FastifyInstance): void {
  registerMerchantAccessRoutes(app);
  registerGroupMerchantRoutes(app);
  registerMerchantStatusRoutes(app);
}
