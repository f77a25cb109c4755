import type { FastifyInstance } from 'fastify';
import { attachExportWorker, exportSourcesOf } from './export-registry';
import { registerExportRoutes } from './export-routes';
import { startExportWorker, workerOptionsFromEnv, type ExportWorker } from './export-worker';
import { whenDatabaseReady } from '../http/database-readiness';

/**
 * The export job machinery, for every domain alike (decision 0190): the download route, and the
 * worker that runs the jobs with the sources the domains registered (server/exports/export-registry.ts).
 */
export function registerExportModule(app: FastifyInstance): void {
  let worker: ExportWorker | undefined;
  registerExportRoutes(app);
  const options = workerOptionsFromEnv(app.ctx.config.exportWorkers);
  // On ready every domain module has registered its source.
  whenDatabaseReady(app, async () => {
    if (options.concurrency > 0) worker = startExportWorker(app.ctx, exportSourcesOf(app), options);
    attachExportWorker(app, worker);
  });
  app.addHook('onClose', async () => {
    attachExportWorker(app, undefined);
    await worker?.stop();
  });
}
