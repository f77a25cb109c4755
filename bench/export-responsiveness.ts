import type { FastifyInstance } from 'fastify';
import type { ExportResult } from '../contract/exports';
import type { OrderColumnId } from '../contract/transactions';
import type { Db } from '../server/db/database';
import { cancelJob, ownerOfRow } from '../server/exports/export-jobs';

// What other users see while an export runs (issue 13 "Exports must not freeze the server"):
// callers over real HTTP doing what a user does on the list screens, and how fast a cancel takes
// effect. Used by bench/export-bench.ts; prints nothing itself.

export const ORDER_EXPORT_URL = '/backoffice/api/v2/order/export';

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `clients` callers, each one call after another with a short pause (a person reads between
 * clicks): the session check, then a page of the transactions search with a date window and a sort.
 */
export function startCallers(baseUrl: string, headers: Record<string, string>, clients: number) {
  let running = true;
  const latencies: number[] = [];
  let errors = 0;
  const calls = [
    () => fetch(`${baseUrl}/api/auth/session`, { headers }),
    (index: number) =>
      fetch(`${baseUrl}/backoffice/api/v2/order/search`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          filters: { createdFrom: `2026-0${1 + (index % 7)}-01`, createdTo: `2026-0${3 + (index % 7)}-28` },
          sorting: [{ id: 'createdAt', desc: true }],
          pagination: { page: index % 5, pageSize: 25 },
        }),
      }),
  ];
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let index = client; running; index++) {
      const started = performance.now();
      try {
        const response = await calls[index % calls.length]!(index);
        await response.arrayBuffer();
        if (!response.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
      await pause(20);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { latencies, errors };
    },
  };
}

export async function exportStatus(app: FastifyInstance, auth: Record<string, string>, token: string): Promise<ExportResult> {
  return (await app.inject({ method: 'GET', url: `${ORDER_EXPORT_URL}/${token}`, headers: auth })).json<ExportResult>();
}

export async function startOrderExport(app: FastifyInstance, auth: Record<string, string>, payload: object): Promise<string> {
  const response = await app.inject({ method: 'POST', url: ORDER_EXPORT_URL, headers: auth, payload });
  if (response.statusCode !== 200) throw new Error(`export refused: ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** Polls every `everyMs` until the export is Ready (with its url) or Failed. */
export async function settled(app: FastifyInstance, auth: Record<string, string>, token: string, everyMs = 50): Promise<ExportResult> {
  for (;;) {
    const result = await exportStatus(app, auth, token);
    if (result.statusType === 'Failed' || (result.statusType === 'Ready' && result.url)) return result;
    await pause(everyMs);
  }
}

/**
 * Starts a big export, waits until it is under way (rows written), then cancels it the way every
 * stop route does (cancelJob: the transactions export has no stop route of its own) and times
 * (a) the cancel's own statement and (b) until the single worker has let go of the job: a one-row
 * export started right after the cancel is done.
 */
export async function measureCancel(app: FastifyInstance, db: Db, auth: Record<string, string>, columns: OrderColumnId[]) {
  const token = await startOrderExport(app, auth, { fileType: 'csv', orderColumns: columns });
  let progress: ExportResult;
  do {
    progress = await exportStatus(app, auth, token);
    await pause(10);
  } while (progress.statusType === 'Starting' || (progress.statusType === 'Processing' && progress.ticks === 0));
  const job = await db.selectFrom('export_jobs').select(['owner_user_id', 'owner_key_id']).where('token', '=', token).executeTakeFirstOrThrow();
  const started = performance.now();
  await cancelJob(db, token, ownerOfRow(job), 'TRANSACTION');
  const cancelMs = performance.now() - started;
  const next = await startOrderExport(app, auth, {
    fileType: 'csv',
    orderColumns: ['id'],
    orderQueryListRequest: { filters: { referenceNo: 'FOL-00000001' } },
  });
  const nextResult = await settled(app, auth, next, 5);
  const freeMs = performance.now() - started;
  if (nextResult.statusType !== 'Ready') throw new Error(`the export after the cancel failed: ${nextResult.errorMessages.join(', ')}`);
  const cancelled = await exportStatus(app, auth, token);
  return { ticksAtCancel: progress.ticks, cancelMs, freeMs, cancelledStatus: cancelled.statusType };
}
