import type { FastifyInstance } from 'fastify';
import { refundEndpoints } from '../../contract/refunds';
import { can, type Caller } from '../auth/caller';
import { cancelJob, createJob } from '../exports/export-jobs';
import { nudgeExportWorker } from '../exports/export-registry';
import { exportResultOf } from '../exports/export-results';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { effectiveMerchants, pageAnswer } from '../lists/list-query';
import type { Acquirer } from '../transactions/acquirer';
import { refundPage, type ServerRefundFilter } from './refund-query';
import { approveRefundRequest, createRefundRequest, refundRequestDetail, rejectRefundRequest } from './refund-requests';
import { saveRule, searchRules } from './refund-rules';

const {
  searchRefundRules,
  saveRefundRule,
  createRefundRequest: createEndpoint,
  searchRefundRequests,
  getRefundRequest,
  approveRefundRequest: approveEndpoint,
  rejectRefundRequest: rejectEndpoint,
  startRefundExport,
  getRefundExport,
  stopRefundExport,
} = refundEndpoints;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec 7: the search may name properties in a `MerchantIds` header (comma-separated); they narrow like the filter. */
function merchantIdsHeader(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined || value === '') return undefined;
  const ids = (Array.isArray(value) ? value.join(',') : value)
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length > 500 || ids.some((id) => !UUID.test(id)))
    throw problems.validation({ MerchantIds: ['a comma-separated list of merchant ids (uuids)'] }, 'the MerchantIds header must list merchant ids');
  return ids.map((id) => id.toLowerCase());
}

/** The filter as the server runs it: "waiting for me" becomes the caller. */
function serverFilter(filters: ServerRefundFilter & { waitingForMe?: boolean }, caller: Caller): ServerRefundFilter {
  const { waitingForMe, ...rest } = filters;
  return waitingForMe ? { ...rest, waitingFor: { userId: caller.userId, roles: caller.roles } } : rest;
}

function mayApprove(caller: Caller): boolean {
  return can(caller, 'Refund', 'Approve');
}

/** Spec 7 "Refunds" (decision 0230): rules, requests, approvals, the refunds table and its export. */
export function registerRefundRoutes(app: FastifyInstance, acquirer: Acquirer): void {
  registerEndpoint(app, searchRefundRules, async ({ body, caller, ctx }) => ({ items: await searchRules(ctx.db, caller, body) }), { transaction: false });

  registerEndpoint(app, saveRefundRule, async ({ body, caller, ctx }) => saveRule(ctx.db, caller, body));

  registerEndpoint(app, createEndpoint, async ({ body, caller, merchantId, ctx }) => {
    const id = await createRefundRequest(ctx.db, acquirer, caller, merchantId, body);
    return refundRequestDetail(ctx.db, caller, id, mayApprove(caller));
  });

  registerEndpoint(
    app,
    searchRefundRequests,
    async ({ body, caller, merchantId, ctx, request }) => {
      const fromHeader = merchantIdsHeader(request.headers['merchantids']);
      const requested = [...(body.filters.merchantIds ?? []), ...(fromHeader ?? [])];
      const merchants = effectiveMerchants(caller.merchantScope, merchantId, requested.length ? requested : undefined);
      const filters = serverFilter(body.filters, caller);
      const { page, pageSize } = body.pagination;
      const { items, count } = await refundPage(ctx.db, { filters, sorting: body.sorting }, merchants, page, pageSize);
      return pageAnswer(items, count, page, pageSize);
    },
    { readOnly: true },
  );

  registerEndpoint(app, getRefundRequest, async ({ params, caller, ctx }) => refundRequestDetail(ctx.db, caller, params.id, mayApprove(caller)));

  registerEndpoint(app, approveEndpoint, async ({ params, body, caller, ctx }) => {
    await approveRefundRequest(ctx.db, acquirer, caller, params.id, body.reason);
    return refundRequestDetail(ctx.db, caller, params.id, mayApprove(caller));
  });

  registerEndpoint(app, rejectEndpoint, async ({ params, body, caller, ctx }) => {
    await rejectRefundRequest(ctx.db, caller, params.id, body.reason);
    return refundRequestDetail(ctx.db, caller, params.id, mayApprove(caller));
  });

  registerEndpoint(app, startRefundExport, async ({ body, caller, merchantId, ctx, afterCommit }) => {
    const request = {
      query: { filters: serverFilter(body.request.filters, caller), sorting: body.request.sorting },
      merchants: effectiveMerchants(caller.merchantScope, merchantId, body.request.filters.merchantIds),
      timeZone: body.timeZone,
    };
    const token = await createJob(ctx.db, { owner: caller.userId, exportType: 'REFUND', fileType: body.fileType, request, columns: body.orderColumns });
    afterCommit(() => nudgeExportWorker(app));
    return { token };
  });

  registerEndpoint(app, getRefundExport, ({ params, caller, ctx }) => exportResultOf(ctx, params.token, caller.userId, 'REFUND'));

  registerEndpoint(app, stopRefundExport, async ({ params, caller, ctx, afterCommit }) => {
    const cancelled = await cancelJob(ctx.db, params.token, caller.userId, 'REFUND');
    if (cancelled) afterCommit(() => ctx.files.remove(cancelled.fileKey));
    return exportResultOf(ctx, params.token, caller.userId, 'REFUND');
  });
}
