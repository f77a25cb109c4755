import type { FastifyInstance } from 'fastify';
import { registerExportSource } from '../exports/export-registry';
import { demoAcquirer, type Acquirer } from '../orders/acquirer';
import { refundExportSource } from './refund-export';
import { registerRefundRoutes } from './refund-routes';

/** Refunds with maker-checker approval (decision 0230): routes, and the REFUND export source. */
export function registerRefundModule(app: FastifyInstance, acquirer: Acquirer = demoAcquirer(app.ctx.config.demoAcquirerLatencyMs)): void {
  registerRefundRoutes(app, acquirer);
  registerExportSource(app, 'REFUND', refundExportSource);
}
