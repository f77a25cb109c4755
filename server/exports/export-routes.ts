import type { FastifyInstance } from 'fastify';
import { routerPath } from '../../contract/endpoint';
import { EXPORT_MESSAGES, exportEndpoints, type ExportResult, type ExportType } from '../../contract/exports';
import type { AppContext } from '../app-context';
import { browserClaims } from '../auth/browser-session';
import { HttpProblem, problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { PROBLEM_TYPES } from '../../contract/problem';
import { cancelJob, claimDownload, createJob, findJob, forgetFile } from './export-jobs';
import { downloadUrl, validSignature } from './download-url';
import { effectiveMerchants } from './list-query';
import type { ExportWorker } from './export-worker';

const { startOrderExport, getOrderExport, startPayoutExport, getPayoutExport, stopPayoutExport, downloadExport } = exportEndpoints;

const gone = (detail: string) => new HttpProblem({ type: PROBLEM_TYPES.notFound, title: 'Gone', status: 410, detail });


/** Spec 3 "Export result" as the caller sees it (spec 4 status table). */
async function resultOf(ctx: AppContext, token: string, owner: string, exportType: ExportType): Promise<ExportResult> {
  const job = await findJob(ctx.db, token, owner, exportType);
  if (!job) throw problems.notFound(EXPORT_MESSAGES.notFound);
  const ticks = Number(job.ticks);
  if (job.status !== 'Ready') return { statusType: job.status as ExportResult['statusType'], ticks, errorMessages: job.status === 'Failed' ? job.error_messages : [] };
  if (job.downloaded_at) return { statusType: 'Failed', ticks, errorMessages: [EXPORT_MESSAGES.alreadyDownloaded] };
  if (!job.expires_at || job.expires_at.getTime() <= Date.now() || !job.file_key) return { statusType: 'Failed', ticks, errorMessages: [EXPORT_MESSAGES.expired] };
  return { statusType: 'Ready', url: downloadUrl(ctx.tokenKey, token, owner, job.expires_at), ticks, errorMessages: [] };
}

export function registerExportRoutes(app: FastifyInstance, worker: () => ExportWorker | undefined): void {
  registerEndpoint(app, startOrderExport, async ({ body, caller, merchantId, ctx }) => {
    const request = { query: body.orderQueryListRequest, merchants: effectiveMerchants(caller.merchantScope, merchantId, body.orderQueryListRequest.filters.merchantIds), chunkSize: 0 };
    const token = await createJob(ctx.db, { owner: caller.userId, exportType: 'TRANSACTION', fileType: body.fileType, request, columns: body.orderColumns });
    worker()?.nudge();
    return { token };
  });
  registerEndpoint(app, getOrderExport, ({ params, caller, ctx }) => resultOf(ctx, params.token, caller.userId, 'TRANSACTION'));

  registerEndpoint(app, startPayoutExport, async ({ body, caller, merchantId, ctx }) => {
    const request = { query: body.request, merchants: effectiveMerchants(caller.merchantScope, merchantId, body.request.filters.merchantIds), chunkSize: body.chunkSize };
    const token = await createJob(ctx.db, { owner: caller.userId, exportType: 'PAYOUT', fileType: body.fileType, request, columns: body.orderColumns });
    worker()?.nudge();
    return { token };
  });
  registerEndpoint(app, getPayoutExport, ({ params, caller, ctx }) => resultOf(ctx, params.token, caller.userId, 'PAYOUT'));

  registerEndpoint(app, stopPayoutExport, async ({ params, caller, ctx }) => {
    const cancelled = await cancelJob(ctx.db, params.token, caller.userId, 'PAYOUT');
    // The worker also removes its partial file when it notices; removing here makes it immediate.
    if (cancelled) await ctx.files.remove(cancelled.fileKey);
    return resultOf(ctx, params.token, caller.userId, 'PAYOUT');
  });

  // Registered directly, not through registerEndpoint: a public file answer is not JSON, and the
  // caller is whoever the browser is (bearer header or access-token cookie), checked below.
  app.route({
    method: 'GET',
    url: routerPath(downloadExport.path),
    handler: async (request, reply) => {
      const ctx = app.ctx;
      const params = downloadExport.params.safeParse(request.params);
      const query = downloadExport.query.safeParse(request.query);
      if (!params.success || !query.success) throw problems.notFound(EXPORT_MESSAGES.notFound);
      const { token } = params.data;
      const { expires, sig } = query.data;
      const job = await ctx.db.selectFrom('export_jobs').select(['owner_user_id']).where('token', '=', token).executeTakeFirst();
      if (!job || !validSignature(ctx.tokenKey, token, job.owner_user_id, expires, sig)) throw problems.notFound(EXPORT_MESSAGES.notFound);
      if (expires * 1000 <= Date.now()) throw gone(EXPORT_MESSAGES.expired);
      // A signed-in browser must be the owner's; a link opened in someone else's session is refused.
      const user = (await browserClaims(ctx, request))?.userId;
      if (user && user !== job.owner_user_id) throw problems.forbidden('this export belongs to another user');
      const served = await claimDownload(ctx.db, token);
      if (!served?.file_key) throw gone(EXPORT_MESSAGES.alreadyDownloaded);
      const key = served.file_key;
      const size = await ctx.files.size(key);
      if (size === undefined) throw gone(EXPORT_MESSAGES.notFound);
      const stamp = served.created_at.toISOString().slice(0, 19).replace(/[-:T]/g, '');
      const name = `${served.export_type === 'PAYOUT' ? 'payouts' : 'transactions'}-${stamp}.${served.file_type}`;
      const stream = ctx.files.read(key);
      // Served once: the file goes as soon as it has been read (or the transfer was abandoned).
      stream.on('close', () => {
        void ctx.files.remove(key).then(() => forgetFile(ctx.db, token)).catch(() => undefined);
      });
      return reply
        .status(200)
        .header('content-type', served.file_type === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('content-length', String(size))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
}
