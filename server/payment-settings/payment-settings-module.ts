import type { FastifyInstance } from 'fastify';
import { registerMerchantConfigRoutes } from './payment-settings-routes';
import { registerVccConfigRoutes } from './vcc-routes';

/**
 * Spec 2 "Payment settings" (/payment-settings): a property's payment settings over the spec's
 * `merchant-config` calls, and their virtual card (VCC) part over `vcc-merchant-configs` (decisions 0243, 0295).
 */
export function registerPaymentSettingsModule(app: FastifyInstance): void {
  registerMerchantConfigRoutes(app);
  registerVccConfigRoutes(app);
}
