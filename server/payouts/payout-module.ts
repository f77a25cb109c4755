import type { FastifyInstance } from 'fastify';
import { registerExportSource } from '../exports/export-registry';
import { demoPayoutRailOptions, startDemoPayoutRail, type PayoutRail } from './demo-payout-rail';
import { payoutExportSource } from './payout-export';
import { startPayoutRun } from './payout-run';
import { registerPayoutExportRoutes } from './payout-export-routes';
import { registerPayoutRoutes } from './payout-routes';
import { settlementExportSource } from './settlement-export';
import { registerSettlementRoutes } from './settlement-routes';
import { whenDatabaseReady } from '../http/database-readiness';
import type { JobRunner } from '../jobs/job-runner';

/**
 * Payouts: their routes and list query, their export (decision 0190), their settlement lines, report
 * and reconciliation check (decisions 0430-0433), the payout run that schedules and sends payouts
 * (decision 0582), and in demo mode the demo payout rail that answers their attempts (decision 0137).
 */
export function registerPayoutModule(app: FastifyInstance): void {
  let rail: PayoutRail | undefined;
  let run: JobRunner | undefined;
  registerPayoutRoutes(app, { nudgeRun: () => run?.nudge() });
  registerPayoutExportRoutes(app);
  registerExportSource(app, 'PAYOUT', payoutExportSource);
  registerSettlementRoutes(app);
  registerExportSource(app, 'SETTLEMENT', settlementExportSource);
  whenDatabaseReady(app, async () => {
    const railOptions = demoPayoutRailOptions(app.ctx.config);
    if (railOptions) rail = startDemoPayoutRail(app.ctx, railOptions);
    run = startPayoutRun(app.ctx, app.ctx.config);
  });
  app.addHook('onClose', async () => {
    await run?.stop();
    await rail?.stop();
  });
}
