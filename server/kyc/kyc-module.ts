import type { FastifyInstance } from 'fastify';
import { registerMerchantGroupRoutes } from '../merchant-groups/merchant-group-routes';
import { registerDocumentRoutes } from './document-routes';
import { registerKycRoutes } from './kyc-routes';

/** KYC onboarding (issue 5): the application, its documents, the merchant groups and their lifecycle. */
export function registerKycModule(app: FastifyInstance): void {
  registerMerchantGroupRoutes(app);
  registerKycRoutes(app);
  registerDocumentRoutes(app);
}
