import type { FastifyInstance } from 'fastify';
import { registerGroupMerchantRoutes } from './group-merchants';
import { registerMerchantAccessRoutes } from './merchant-access';
import { registerMerchantConfigRoutes } from './merchant-config-routes';
import { registerMerchantStatusRoutes } from './merchant-status';
import { registerVccConfigRoutes } from './vcc-config-routes';

/** Spec 7 "Merchants" for provider staff: granting merchant access and the merchants of a group (issue 17); the fee schedules are the fees module's. */
export function registerMerchantsModule(app: FastifyInstance): void {
  registerMerchantAccessRoutes(app);
  registerGroupMerchantRoutes(app);
  registerMerchantConfigRoutes(app);
  registerMerchantStatusRoutes(app);
  registerVccConfigRoutes(app);
}
