import type { FastifyInstance } from 'fastify';
import { registerOrderRoutes } from '../orders/order-routes';
import { orderExportSource } from '../orders/order-export';
import { registerPayoutRoutes } from '../payouts/payout-routes';
import { payoutExportSource } from '../payouts/payout-export';
import { demoPayoutRailOptions, startDemoPayoutRail, type PayoutRail } from '../payouts/demo-payout-rail';
import { registerExportRoutes } from './export-routes';
import { startExportWorker, workerOptionsFromEnv, type ExportWorker } from './export-worker';

/**
 * Orders, payouts and their export jobs: routes, and what runs while the app is up: the export
 * worker, and in demo mode the demo payout rail that settles retried payouts (decision 0137).
 */
export function registerOrdersPayoutsAndExports(app: FastifyInstance): void {
  let worker: ExportWorker | undefined;
  let rail: PayoutRail | undefined;
  registerOrderRoutes(app);
  registerPayoutRoutes(app);
  registerExportRoutes(app, () => worker);
  const options = workerOptionsFromEnv(app.ctx.config.exportWorkers);
  app.addHook('onReady', async () => {
    if (options.concurrency > 0) worker = startExportWorker(app.ctx, { TRANSACTION: orderExportSource, PAYOUT: payoutExportSource }, options);
    const railOptions = demoPayoutRailOptions(app.ctx.config);
    if (railOptions) rail = startDemoPayoutRail(app.ctx, railOptions);
  });
  app.addHook('onClose', async () => {
    await Promise.all([worker?.stop(), rail?.stop()]);
  });
}
