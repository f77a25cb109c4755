import type { FastifyInstance } from 'fastify';
import { secretBoxOf } from '../outbound/secret-box';
import { registerWebhookRoutes } from './webhook-routes';
import { startWebhookWorker, type WebhookWorker } from './webhook-worker';
import { whenDatabaseReady } from '../http/database-readiness';

/**
 * Webhooks of merchants and properties: their settings, test events and the delivery worker
 * (decisions 0280-0283). The SMTP settings are the smtp-settings module's.
 */
export function registerWebhookModule(app: FastifyInstance): void {
  // Without its key the server cannot read stored secrets: a production start says so and stops (decision 0280).
  secretBoxOf(app.ctx);
  let worker: WebhookWorker | undefined;
  registerWebhookRoutes(app, () => worker?.nudge());
  const options = app.ctx.config.integrations;
  whenDatabaseReady(app, async () => {
    if (options.webhookWorkers > 0) worker = startWebhookWorker(app.ctx, options);
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}
