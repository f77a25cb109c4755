import type { FastifyInstance } from 'fastify';
import { registerMerchantWizardRoutes } from './merchant-wizard-routes';
import { registerSettingsRoutes } from './settings-routes';

/** The settings store's calls and the merchant wizard (issues 17, 18). */
export function registerSettingsModule(app: FastifyInstance): void {
  registerSettingsRoutes(app);
  registerMerchantWizardRoutes(app);
}
