import type { FastifyInstance } from 'fastify';
import { exportEndpoints } from '../../contract/exports';
import { createJob, exportOwnerOf } from '../exports/export-jobs';
import { nudgeExportWorker } from '../exports/export-registry';
import { exportResultOf } from '../exports/export-results';
import { registerEndpoint } from '../http/route';
import { effectiveMerchants } from '../lists/list-query';

const { startOrderExport, getOrderExport } = exportEndpoints;

/** Spec 7 order export: a job over the transactions table's filter, sorting and columns, in the caller's scope, and its status. */
export function registerOrderExportRoutes(app: FastifyInstance): void {
  registerEndpoint(app, startOrderExport, async ({ body, caller, merchantId, ctx, afterCommit }) => {
    const query = body.orderQueryListRequest;
    const request = { query, merchants: effectiveMerchants(caller.merchantScope, merchantId, query.filters.merchantIds), timeZone: body.timeZone };
    const token = await createJob(ctx.db, {
      owner: exportOwnerOf(caller),
      exportType: 'TRANSACTION',
      fileType: body.fileType,
      request,
      columns: body.orderColumns,
    });
    // Once committed, or the worker would look for the job before it exists.
    afterCommit(() => nudgeExportWorker(app));
    return { token };
  });

  registerEndpoint(app, getOrderExport, ({ params, caller, ctx }) => exportResultOf(ctx, params.token, exportOwnerOf(caller), 'TRANSACTION'));
}
