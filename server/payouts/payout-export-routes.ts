import type { FastifyInstance } from 'fastify';
import { exportEndpoints } from '../../contract/exports';
import { cancelJob, createJob } from '../exports/export-jobs';
import { nudgeExportWorker } from '../exports/export-registry';
import { exportResultOf } from '../exports/export-results';
import { registerEndpoint } from '../http/route';
import { effectiveMerchants } from '../lists/list-query';

const { startPayoutExport, getPayoutExport, stopPayoutExport } = exportEndpoints;

/** Spec 7 payout export: a job over the payouts table's filter, sorting and columns, in the caller's scope; its status; stopping it. */
export function registerPayoutExportRoutes(app: FastifyInstance): void {
  registerEndpoint(app, startPayoutExport, async ({ body, caller, merchantId, ctx, afterCommit }) => {
    const request = {
      query: body.request,
      merchants: effectiveMerchants(caller.merchantScope, merchantId, body.request.filters.merchantIds),
      timeZone: body.timeZone,
    };
    const token = await createJob(ctx.db, { owner: caller.userId, exportType: 'PAYOUT', fileType: body.fileType, request, columns: body.orderColumns });
    // Once committed, or the worker would look for the job before it exists.
    afterCommit(() => nudgeExportWorker(app));
    return { token };
  });

  registerEndpoint(app, getPayoutExport, ({ params, caller, ctx }) => exportResultOf(ctx, params.token, caller.userId, 'PAYOUT'));

  registerEndpoint(app, stopPayoutExport, async ({ params, caller, ctx, afterCommit }) => {
    const cancelled = await cancelJob(ctx.db, params.token, caller.userId, 'PAYOUT');
    // The worker also removes its partial file when it notices; removing here makes it immediate.
    if (cancelled) afterCommit(() => ctx.files.remove(cancelled.fileKey));
    return exportResultOf(ctx, params.token, caller.userId, 'PAYOUT');
  });
}
