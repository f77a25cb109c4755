import { existsSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ExportResult, ExportType } from '../../contract/exports';
import type { ExportSource } from '../../server/exports/export-source';
import { startExportWorker, type ExportWorker, type WorkerOptions } from '../../server/exports/export-worker';
import { orderExportSource } from '../../server/transactions/transaction-export';
import { linkStateOfOrderSql } from '../../server/payment-links/link-state';
import { payoutExportSource } from '../../server/payouts/payout-export';
import { refundExportSource } from '../../server/refunds/refund-export';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { ORDER_EXPORT, PAYOUT_EXPORT, settle, startExport } from './export-helpers';

// On the embedded engine an export is read in keyset chunks (decision 0320): the server answers
// other calls between chunks, a cancel stops the export at the next chunk, and the file is byte for
// byte the one a single COPY of the whole query gives. Each worker here is driven by the test, so
// the chunk size is small enough for the demo's volume to make many chunks.

const REFUND_EXPORT = '/backoffice/api/v2/refunds/export';
const SOURCES: Partial<Record<ExportType, ExportSource>> = {
  TRANSACTION: orderExportSource(linkStateOfOrderSql),
  PAYOUT: payoutExportSource,
  REFUND: refundExportSource,
};
// beatMs 1 s: between chunks the worker reports progress anyway; a single COPY only reports it once a second.
const WORKER: WorkerOptions = { concurrency: 1, pollMs: 20, staleMs: 30_000, maxAttempts: 3, beatMs: 1000 };
const ORDER_COLUMNS = ['id', 'referenceNo', 'guestName', 'guestEmail', 'amount', 'currency', 'status', 'paymentType', 'cardLast4', 'createdAt'];

let app: FastifyInstance;
let admin: string;
let worker: ExportWorker | undefined;

beforeAll(async () => {
  app = await startTestApp({ exportWorkers: 0 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  // Ties everywhere a chunk boundary can fall: a third of the orders share their month's first
  // instant to the microsecond, guest names repeat, amounts repeat. Refunds get NULL and repeated requesters.
  await sql`UPDATE orders SET created_at = date_trunc('month', created_at) + interval '0.000001 second' WHERE id % 3 = 0`.execute(app.ctx.db);
  await sql`UPDATE orders SET guest_name = 'Tie Guest', amount_minor = 4200 WHERE id % 5 = 0 AND refunded_minor = 0`.execute(app.ctx.db);
  for (let copy = 0; copy < 3; copy++)
    await sql`INSERT INTO refund_requests (merchant_id, order_id, amount_minor, currency, reason, approval_status, state, requested_by, approvals_required, approver_roles, rule_id, created_at, updated_at)
      SELECT merchant_id, order_id, amount_minor, currency, reason, approval_status, state, CASE WHEN ${copy} = 1 THEN NULL ELSE requested_by END,
        approvals_required, approver_roles, rule_id, created_at, updated_at FROM refund_requests`.execute(app.ctx.db);
}, 300_000);

afterAll(async () => {
  await worker?.stop();
  await app.close();
});

async function useWorker(options: Partial<WorkerOptions>): Promise<void> {
  await worker?.stop();
  worker = startExportWorker(app.ctx, SOURCES, { ...WORKER, ...options });
}

async function status(url: string): Promise<ExportResult> {
  // A caller over the network reaches the server in a later turn of its event loop. An injected call
  // can answer in promise callbacks alone (the session check is synchronous since decision 0470), so a
  // loop of them without this turn kept the export's own turns (its worker thread, its next chunk) from
  // ever running: the test spun for 14 minutes, and its garbage grew a worker's heap past its limit.
  await nextTurn();
  const response = await app.inject({ method: 'GET', url, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ExportResult>();
}

async function downloaded(statusUrl: string): Promise<Buffer> {
  const result = await settle(app, statusUrl, admin, 60_000);
  expect(result.statusType, JSON.stringify(result)).toBe('Ready');
  const response = await app.inject({ method: 'GET', url: result.url!, headers: bearer(admin) });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** The file of one export, run by a worker reading `chunkRows` rows at a time (0: one COPY of the whole query). */
async function exportFile(chunkRows: number, url: string, body: object): Promise<Buffer> {
  await useWorker({ chunkRows });
  const token = await startExport(app, url, admin, body);
  return downloaded(`${url}/${token}`);
}

describe('an export in keyset chunks on the embedded engine', { timeout: 300_000 }, () => {
  const orderQueries = [
    { filters: {}, sorting: [] },
    {
      filters: {},
      sorting: [
        { id: 'guestName', desc: false },
        { id: 'createdAt', desc: true },
      ],
    },
    {
      filters: { statuses: ['Paid', 'Failed', 'Created'] },
      sorting: [
        { id: 'status', desc: false },
        { id: 'amount', desc: true },
      ],
    },
    { filters: {}, sorting: [{ id: 'amount', desc: false }] },
  ];

  test.each(orderQueries)('orders: csv and xlsx byte for byte the single COPY file, ties across chunk boundaries included (%j)', async (query) => {
    for (const fileType of ['csv', 'xlsx'] as const) {
      const body = { fileType, orderQueryListRequest: query, orderColumns: ORDER_COLUMNS, timeZone: 'Europe/Amsterdam' };
      const whole = await exportFile(0, ORDER_EXPORT, body);
      const chunked = await exportFile(97, ORDER_EXPORT, body);
      expect(whole.length).toBeGreaterThan(fileType === 'csv' ? 100_000 : 20_000);
      expect(chunked.equals(whole), `${fileType} differs`).toBe(true);
    }
  });

  test('a chunk of one row: every boundary is a tie on the time, settled by the id', async () => {
    const body = {
      fileType: 'csv',
      orderQueryListRequest: { filters: { guest: 'Tie Guest' }, sorting: [{ id: 'createdAt', desc: true }] },
      orderColumns: ['id'],
    };
    const whole = await exportFile(0, ORDER_EXPORT, body);
    expect(whole.toString().split('\n').length).toBeGreaterThan(100);
    expect((await exportFile(1, ORDER_EXPORT, body)).equals(whole)).toBe(true);
  });

  test('payouts and refunds too, with NULLs and repeats in the refund requester sort', async () => {
    const payouts = {
      fileType: 'csv',
      request: { filters: {}, sorting: [{ id: 'status', desc: true }] },
      orderColumns: ['reference', 'amount', 'status', 'createdAt'],
    };
    expect((await exportFile(13, PAYOUT_EXPORT, payouts)).equals(await exportFile(0, PAYOUT_EXPORT, payouts))).toBe(true);
    for (const desc of [false, true]) {
      const refunds = {
        fileType: 'csv',
        request: { filters: {}, sorting: [{ id: 'requestedBy', desc }] },
        orderColumns: ['orderReference', 'amount', 'requestedBy', 'createdAt'],
      };
      const whole = await exportFile(0, REFUND_EXPORT, refunds);
      expect(whole.toString()).toMatch(/,"",/); // a NULL requester: an empty cell
      for (const chunkRows of [1, 3]) expect((await exportFile(chunkRows, REFUND_EXPORT, refunds)).toString()).toBe(whole.toString());
    }
  });

  test('while an export runs, the server keeps answering: the caller sees it at many stages of its progress', async () => {
    await useWorker({ chunkRows: 100 });
    const token = await startExport(app, ORDER_EXPORT, admin, { fileType: 'xlsx', orderColumns: ORDER_COLUMNS });
    const statusUrl = `${ORDER_EXPORT}/${token}`;
    // One simple call after another (the session, then the export's status) until the export is done.
    const stages = new Set<number>();
    let sessionAnswers = 0;
    let total = 0;
    for (;;) {
      const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(admin) });
      expect(session.statusCode).toBe(200);
      const result = await status(statusUrl);
      if (result.statusType === 'Ready' || result.statusType === 'Failed') {
        total = result.ticks;
        break;
      }
      sessionAnswers++;
      if (result.ticks > 0) stages.add(result.ticks);
    }
    expect(total).toBeGreaterThanOrEqual(1500);
    const midway = [...stages].filter((ticks) => ticks < total);
    // A single COPY would keep every call waiting until all rows were read: no stage in between.
    expect(midway.length, `progress seen: ${[...stages].join(', ')} of ${total}`).toBeGreaterThanOrEqual(5);
    expect(sessionAnswers).toBeGreaterThanOrEqual(midway.length);
  });

  test('a cancel stops the export at the next chunk: no more rows read, no file, never offered', async () => {
    await useWorker({ chunkRows: 50 });
    const all = await app.ctx.db
      .selectFrom('payouts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const token = await startExport(app, PAYOUT_EXPORT, admin, { fileType: 'xlsx', orderColumns: ['reference', 'amount', 'status', 'attempts', 'createdAt'] });
    const statusUrl = `${PAYOUT_EXPORT}/${token}`;
    // Midway: some rows written, most still to read.
    let midway: ExportResult;
    do midway = await status(statusUrl);
    while (midway.statusType !== 'Ready' && midway.ticks === 0);
    expect(midway.statusType).toBe('Processing');

    const stopped = await app.inject({ method: 'POST', url: `${PAYOUT_EXPORT}/stop/${token}`, headers: bearer(admin) });
    expect(stopped.json()).toMatchObject({ statusType: 'Failed', errorMessages: ['Request cancelled'] });
    // The worker lets go at its next chunk: the next export (same single worker) runs to the end.
    const next = await startExport(app, PAYOUT_EXPORT, admin, { fileType: 'csv', orderColumns: ['reference'], request: { filters: { reference: 'none' } } });
    expect((await settle(app, `${PAYOUT_EXPORT}/${next}`, admin)).statusType).toBe('Ready');

    const job = await app.ctx.db.selectFrom('export_jobs').select(['rows_written', 'status']).where('token', '=', token).executeTakeFirstOrThrow();
    expect(job.status).toBe('Failed');
    expect(Number(job.rows_written)).toBeLessThan(Number(all.n) / 2);
    expect(existsSync(path.join(app.ctx.config.filesDir, 'exports', `${token}.xlsx`))).toBe(false);
    expect(await status(statusUrl)).toMatchObject({ statusType: 'Failed', errorMessages: ['Request cancelled'] });
  });

  test('an export at a set pace (FOLIO_EXPORT_ROWS_PER_SECOND) takes its time: polls see it part-way, and its file is the unpaced one', async () => {
    const body = { fileType: 'csv', orderColumns: ['reference', 'amount', 'status', 'attempts', 'createdAt'] };
    const unpacedStart = Date.now();
    const unpaced = await exportFile(10, PAYOUT_EXPORT, body);
    const unpacedMs = Date.now() - unpacedStart;
    const rows = unpaced.toString('utf8').trimEnd().split('\n').length - 1;
    expect(rows).toBeGreaterThan(20);
    // A pace that makes the export last four times what it took unpaced on this machine just now (and at
    // least two seconds): a brake that did nothing would finish in about the unpaced time.
    const pacedMs = Math.max(2_000, 4 * unpacedMs);
    const rowsPerSecond = rows / (pacedMs / 1000);
    await useWorker({ chunkRows: 10, rowsPerSecond });
    const started = Date.now();
    const token = await startExport(app, PAYOUT_EXPORT, admin, body);
    const statusUrl = `${PAYOUT_EXPORT}/${token}`;
    const partWay: number[] = [];
    for (let seen = await status(statusUrl); seen.statusType !== 'Ready'; seen = await status(statusUrl)) {
      if (seen.statusType === 'Processing' && seen.ticks > 0 && seen.ticks < rows) partWay.push(seen.ticks);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // No faster than the pace allows: the last chunk's rows are due at rows / rowsPerSecond.
    expect(Date.now() - started, `unpaced ${unpacedMs} ms`).toBeGreaterThanOrEqual(((rows - 10) / rowsPerSecond) * 1000);
    expect(new Set(partWay).size, JSON.stringify(partWay)).toBeGreaterThanOrEqual(2);
    expect(await downloaded(statusUrl)).toEqual(unpaced);
  });
});
