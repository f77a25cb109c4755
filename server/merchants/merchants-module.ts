import type { FastifyInstance } from 'fastify';
import { registerFeeRoutes } from '../fees/fee-routes';
import { registerGroupMerchantRoutes } from './group-merchants';
import { registerMerchantAccessRoutes } from './merchant-access';
import { registerMerchantConfigRoutes } from './merchant-config-routes';
import { registerMerchantStatusRoutes } from './merchant-status';
import { registerVccConfigRoutes } from './vcc-config-routes';

/** Spec 7 "Merchants" for provider staff: granting merchant access, the merchants of a group and their fee schedules (issue 17). */
export function registerMerchantsModule(app: FastifyInstance): void {
  registerMerchantAccessRoutes(app);
  registerGroupMerchantRoutes(app);
  registerFeeRoutes(app);
  registerMerchantConfigRoutes(app);
  registerMerchantStatusRoutes(app);
  registerVccConfigRoutes(app);
}
