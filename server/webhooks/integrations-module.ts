import type { FastifyInstance } from 'fastify';
import { secretBoxOf } from '../smtp-settings/secret-box';
import { registerSmtpSettingsRoutes } from '../smtp-settings/smtp-settings-routes';
import { registerWebhookRoutes } from './webhook-routes';
import { startWebhookWorker, type WebhookWorker } from './webhook-worker';

/**
 * The outside world of merchants and properties: SMTP settings with their test e-mail, webhook
 * settings, test events and the delivery worker (decisions 0280-0283).
 */
export function registerIntegrationsModule(app: FastifyInstance): void {
  // Without its key the server cannot read stored secrets: a production start says so and stops (decision 0280).
  secretBoxOf(app.ctx);
  let worker: WebhookWorker | undefined;
  registerSmtpSettingsRoutes(app);
  registerWebhookRoutes(app, () => worker?.nudge());
  const options = app.ctx.config.integrations;
  app.addHook('onReady', async () => {
    if (options.webhookWorkers > 0) worker = startWebhookWorker(app.ctx, options);
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}
