import type { FastifyInstance } from 'fastify';
import { registerExportSource } from '../exports/export-registry';
import { demoAcquirer, type Acquirer } from '../transactions/acquirer';
import { demoRefundUpdateOptions, startDemoRefundUpdates, type RefundUpdateLoop } from './demo-refund-updates';
import { refundExportSource } from './refund-export';
import { registerRefundRoutes } from './refund-routes';
import { whenDatabaseReady } from '../http/database-readiness';

/**
 * Refunds with maker-checker approval (decision 0230): routes, the REFUND export source, and in demo
 * mode the demo acquirer's later answers (pending refunds settling, corrections; decision 0520).
 */
export function registerRefundModule(app: FastifyInstance, acquirer: Acquirer = demoAcquirer(app.ctx.config.demoAcquirerLatencyMs)): void {
  let updates: RefundUpdateLoop | undefined;
  registerRefundRoutes(app, acquirer);
  registerExportSource(app, 'REFUND', refundExportSource);
  whenDatabaseReady(app, async () => {
    const options = demoRefundUpdateOptions(app.ctx.config);
    if (options) updates = startDemoRefundUpdates(app.ctx, acquirer, options);
  });
  app.addHook('onClose', async () => {
    await updates?.stop();
  });
}
