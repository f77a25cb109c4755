import { existsSync, mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ExportResult } from '../../contract/exports';
import { ORDER_STATUS_LABELS_EN } from '../../contract/transactions';
import type { ExportSource } from '../../server/exports/export-source';
import { startExportWorker, type ExportWorker } from '../../server/exports/export-worker';
import { payoutExportSource } from '../../server/payouts/payout-export';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { ORDER_EXPORT, PAYOUT_EXPORT, readSheet, searchedOrders, settle, startExport } from './export-helpers';

const WORKER = { concurrency: 1, pollMs: 50, staleMs: 30_000, maxAttempts: 3, beatMs: 1 };

/** The real payout source, holding once the file is open and before its COPY starts, until the test lets it go. */
function gatedSource() {
  let release!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const fileOpen = new Promise<void>((resolve) => (reached = resolve));
  const source: ExportSource = {
    headers: payoutExportSource.headers,
    kinds: payoutExportSource.kinds,
    async query(...args) {
      reached();
      await gate;
      return payoutExportSource.query(...args);
    },
  };
  return { source, release, fileOpen };
}

async function status(app: FastifyInstance, url: string, token: string): Promise<ExportResult> {
  return (await app.inject({ method: 'GET', url, headers: bearer(token) })).json<ExportResult>();
}

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('cancel and shutdown (a worker driven by the test)', () => {
  let app: FastifyInstance;
  let admin: string;
  let worker: ExportWorker | undefined;
  beforeAll(async () => {
    app = await startTestApp({ orders: 100, exportWorkers: 0 });
    admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  });
  afterAll(async () => {
    await worker?.stop();
    await app.close();
  });

  test('stop cancels for real: Failed "Request cancelled", the partial file removed, nothing written after', async () => {
    const gated = gatedSource();
    worker = startExportWorker(app.ctx, { PAYOUT: gated.source }, WORKER);
    const token = await startExport(app, PAYOUT_EXPORT, admin, { fileType: 'csv', chunkSize: 100, orderColumns: ['reference', 'amount'] });
    await gated.fileOpen;
    const file = path.join(app.ctx.config.filesDir, 'exports', `${token}.csv`);
    await eventually(() => existsSync(file));
    expect(await status(app, `${PAYOUT_EXPORT}/${token}`, admin)).toMatchObject({ statusType: 'Processing' });

    const stopped = await app.inject({ method: 'POST', url: `${PAYOUT_EXPORT}/stop/${token}`, headers: bearer(admin) });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ statusType: 'Failed', errorMessages: ['Request cancelled'] });
    expect(existsSync(file)).toBe(false);

    gated.release();
    await worker.stop();
    worker = undefined;
    expect(existsSync(file)).toBe(false);
    expect(await status(app, `${PAYOUT_EXPORT}/${token}`, admin)).toMatchObject({ statusType: 'Failed', errorMessages: ['Request cancelled'] });
    // Stopping again changes nothing; another user's stop finds nothing.
    expect((await app.inject({ method: 'POST', url: `${PAYOUT_EXPORT}/stop/${token}`, headers: bearer(admin) })).json()).toMatchObject({
      errorMessages: ['Request cancelled'],
    });
    const other = (await signIn(app, 'superadmin@demo.folio.test')).accessToken;
    expect((await app.inject({ method: 'POST', url: `${PAYOUT_EXPORT}/stop/${token}`, headers: bearer(other) })).statusCode).toBe(404);
  });

  test('a worker shutting down hands its job back and removes its partial file', async () => {
    const gated = gatedSource();
    const token = await startExport(app, PAYOUT_EXPORT, admin, { fileType: 'xlsx', chunkSize: 100, orderColumns: ['reference'] });
    const shuttingDown = startExportWorker(app.ctx, { PAYOUT: gated.source }, WORKER);
    await gated.fileOpen;
    const stopping = shuttingDown.stop();
    gated.release();
    await stopping;
    const job = await app.ctx.db.selectFrom('export_jobs').select(['status', 'claimed_by', 'attempts']).where('token', '=', token).executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'Starting', claimed_by: null, attempts: 0 });
    expect(existsSync(path.join(app.ctx.config.filesDir, 'exports', `${token}.xlsx`))).toBe(false);

    worker = startExportWorker(app.ctx, { PAYOUT: payoutExportSource }, WORKER);
    const result = await settle(app, `${PAYOUT_EXPORT}/${token}`, admin);
    expect(result.statusType).toBe('Ready');
    const rows = readSheet((await app.inject({ method: 'GET', url: result.url!, headers: bearer(admin) })).rawPayload, 'xlsx');
    const payouts = await app.ctx.db
      .selectFrom('payouts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(rows.length - 1).toBe(Number(payouts.n));
  });
});

describe('restart recovery (a new server on the same data directory)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-restart-'));
  const dirs = { dataDir, filesDir: path.join(dataDir, 'files'), database: { kind: 'pglite' as const, dataDir: path.join(dataDir, 'pglite') } };

  test('a job left Processing by a dead worker is run again; one out of attempts fails with a message', async () => {
    const first = await startTestApp({ ...dirs, orders: 300, exportWorkers: 0 });
    const { accessToken } = await signIn(first, 'folioadmin@demo.folio.test');
    const query = { filters: { statuses: ['Paid'] }, sorting: [{ id: 'createdAt', desc: false }] };
    const resumed = await startExport(first, ORDER_EXPORT, accessToken, { fileType: 'csv', orderQueryListRequest: query, orderColumns: ['id', 'status'] });
    const exhausted = await startExport(first, ORDER_EXPORT, accessToken, { fileType: 'csv', orderQueryListRequest: query, orderColumns: ['id'] });
    // What a crash mid-export leaves behind: Processing, a heartbeat long gone, a partial file.
    for (const [token, attempts] of [
      [resumed, 1],
      [exhausted, 3],
    ] as const) {
      await sql`UPDATE export_jobs SET status = 'Processing', claimed_by = 'dead-host:1:0', heartbeat_at = now() - interval '1 hour', attempts = ${attempts}, ticks = 40 WHERE token = ${token}`.execute(
        first.ctx.db,
      );
      mkdirSync(path.join(dirs.filesDir, 'exports'), { recursive: true });
      writeFileSync(path.join(dirs.filesDir, 'exports', `${token}.csv`), 'Order ID,Status\n1,Pa');
    }
    const expected = await searchedOrders(first, accessToken, query as never);
    await first.close();

    const second = await startTestApp({ ...dirs, orders: 300, exportWorkers: 1 });
    try {
      const done = await settle(second, `${ORDER_EXPORT}/${resumed}`, accessToken);
      expect(done).toMatchObject({ statusType: 'Ready', ticks: expected.length });
      const [, ...rows] = readSheet((await second.inject({ method: 'GET', url: done.url!, headers: bearer(accessToken) })).rawPayload, 'csv');
      // Statuses in the screen's words, in csv as in xlsx (decision 0463).
      expect(rows).toEqual(expected.map((row) => [String(row.id), ORDER_STATUS_LABELS_EN[row.status]]));
      const failed = await settle(second, `${ORDER_EXPORT}/${exhausted}`, accessToken);
      expect(failed).toMatchObject({ statusType: 'Failed', errorMessages: ['the export was interrupted by a server restart and could not be resumed'] });
      await eventually(() => !existsSync(path.join(dirs.filesDir, 'exports', `${exhausted}.csv`)));
    } finally {
      await second.close();
    }
    // Two test apps started one after the other: the file took 85 s whole on a loaded two-core machine, so a
    // minute for this test alone caught slowness, not a hang.
  }, 180_000);
});
