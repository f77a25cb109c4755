import type { FastifyInstance } from 'fastify';
import { registerGroupMerchantRoutes } from './group-merchants';
import { registerMerchantAccessRoutes } from './merchant-access';

/** Spec 7 "Merchants" for provider staff: granting merchant access and the merchants of a group (issue 17). */
export function registerMerchantsModule(app: FastifyInstance): void {
  registerMerchantAccessRoutes(app);
  registerGroupMerchantRoutes(app);
}
