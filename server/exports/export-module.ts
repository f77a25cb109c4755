import type { FastifyInstance } from 'fastify';
import { registerOrderRoutes } from '../orders/order-routes';
import { orderExportSource } from '../orders/order-export';
import { registerPayoutRoutes } from '../payouts/payout-routes';
import { payoutExportSource } from '../payouts/payout-export';
import { registerExportRoutes } from './export-routes';
import { startExportWorker, workerOptionsFromEnv, type ExportWorker } from './export-worker';

/** Orders, payouts and their export jobs: routes, and the worker that runs while the app is up. */
export function registerOrdersPayoutsAndExports(app: FastifyInstance): void {
  let worker: ExportWorker | undefined;
  registerOrderRoutes(app);
  registerPayoutRoutes(app);
  registerExportRoutes(app, () => worker);
  const options = workerOptionsFromEnv(app.ctx.config.exportWorkers);
  app.addHook('onReady', async () => {
    if (options.concurrency > 0) worker = startExportWorker(app.ctx, { TRANSACTION: orderExportSource, PAYOUT: payoutExportSource }, options);
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}
