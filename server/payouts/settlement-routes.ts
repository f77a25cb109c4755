import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { settlementEndpoints } from '../../contract/settlement';
import { cancelJob, createJob } from '../exports/export-jobs';
import { nudgeExportWorker } from '../exports/export-registry';
import { exportResultOf } from '../exports/export-results';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { effectiveMerchants, inMerchants, pageAnswer } from '../lists/list-query';
import type { Db } from '../db/database';
import { reconcile } from './reconciliation';
import { SETTLEMENT_REPORT_COLUMN_IDS } from './settlement-export';
import { breakdownOf, linePage } from './settlement-query';

const { searchPayoutLines, getPayoutReconciliation, startSettlementExport, getSettlementExport, stopSettlementExport } = settlementEndpoints;

/** Whether the caller may see this payout: outside their merchants it does not exist for them (404, never 403). */
async function payoutInScope(db: Db, id: string, merchants: 'all' | string[]): Promise<void> {
  const { rows } = await sql`SELECT 1 FROM payouts WHERE id = ${id}::uuid AND ${inMerchants('merchant_id', merchants)}`.execute(db);
  if (rows.length === 0) throw problems.notFound(`payout ${id} not found`);
}

/** Issue 37: a payout's lines and breakdown, the settlement report, and the provider staff's reconciliation check. */
export function registerSettlementRoutes(app: FastifyInstance): void {
  registerEndpoint(
    app,
    searchPayoutLines,
    async ({ params, body, caller, ctx }) => {
      await payoutInScope(ctx.db, params.id, caller.merchantScope);
      const { page, pageSize } = body.pagination;
      const [{ items, count }, breakdown] = await Promise.all([linePage(ctx.db, params.id, body, page, pageSize), breakdownOf(ctx.db, params.id)]);
      return { ...pageAnswer(items, count, page, pageSize), breakdown };
    },
    { readOnly: true },
  );

  registerEndpoint(app, getPayoutReconciliation, async ({ ctx }) => reconcile(ctx.db));

  registerEndpoint(app, startSettlementExport, async ({ body, caller, merchantId, ctx, afterCommit }) => {
    const merchants = effectiveMerchants(caller.merchantScope, merchantId, undefined);
    // One payout asked by id: another group's is not found, as on its detail.
    if ('payoutId' in body.request) await payoutInScope(ctx.db, body.request.payoutId, merchants);
    const request = { query: body.request, merchants, timeZone: body.timeZone };
    const token = await createJob(ctx.db, {
      owner: caller.userId,
      exportType: 'SETTLEMENT',
      fileType: body.fileType,
      request,
      columns: [...SETTLEMENT_REPORT_COLUMN_IDS],
    });
    afterCommit(() => nudgeExportWorker(app));
    return { token };
  });

  registerEndpoint(app, getSettlementExport, ({ params, caller, ctx }) => exportResultOf(ctx, params.token, caller.userId, 'SETTLEMENT'));

  registerEndpoint(app, stopSettlementExport, async ({ params, caller, ctx, afterCommit }) => {
    const cancelled = await cancelJob(ctx.db, params.token, caller.userId, 'SETTLEMENT');
    if (cancelled) afterCommit(() => ctx.files.remove(cancelled.fileKey));
    return exportResultOf(ctx, params.token, caller.userId, 'SETTLEMENT');
  });
}
