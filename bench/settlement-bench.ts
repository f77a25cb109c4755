import { statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { ExportResult } from '../contract/exports';
import { MERCHANT_API } from '../contract/product';
import { EXPORT_POLL_INTERVAL_MS } from '../machines/export-rules';
import { buildApp } from '../server/app';
import { inlineParameters } from '../server/exports/copy-out';
import { csvShownColumn } from '../server/exports/export-source';
import { csvCellSql } from '../server/exports/file-writers';
import { SETTLEMENT_REPORT_COLUMN_IDS, settlementExportSource } from '../server/payouts/settlement-export';
import { LINE_FROM } from '../server/payouts/settlement-query';
import { signIn } from '../tests/support/test-app';
import { benchConfig, collectGarbage, mb, memoryProbe, openBenchDatabase, postgresUrl, seconds } from './lib/export-bench-setup';
import { benchVolume } from './settlement-volume';

// The settlement report part of `npm run bench:export` (issue 37): a provider admin's settlement
// report over the date range of the bench payouts (BENCH_SETTLEMENT_LINES lines, built by the prepare
// step, bench/settlement-volume.ts), through the real endpoint and export worker, as csv (once to
// warm up, once timed) and xlsx; then the engine's own COPY of the same query. Run in a process of
// its own (`--settlement`): its memory figures start where a server's do, not after the order exports.

export const SETTLEMENT_LINES = Number(process.env.BENCH_SETTLEMENT_LINES ?? 1_000_000);
const REPORT_URL = `${MERCHANT_API}/payouts/settlement-report/export`;
const TIME_ZONE = 'UTC';
/** How long the server is left idle to measure what its own background work costs a second. */
const IDLE_MS = 10_000;

export async function settlementFigures(): Promise<void> {
  // The demo-only loops (the demo bank's payouts and refunds, decisions 0137, 0205) off: a production
  // server runs neither, and they are not what is measured.
  const config = { ...benchConfig(), demoPayoutSettleMs: 0, demoRefundUpdateMs: 0 };
  const database = await openBenchDatabase();
  let started = Date.now();
  const app = await buildApp(config, { db: database.db });
  await app.ready();
  const volume = await benchVolume(database.db);
  if (!volume) throw new Error('no bench payouts: the prepare step builds them when BENCH_PART includes settlement');
  console.log(
    `settlement report: ${volume.lines} lines of ${volume.payouts} payouts, period end ${volume.from} to ${volume.to} ` +
      `(${postgresUrl ? 'PostgreSQL' : 'PGlite (embedded)'}; server ready in ${seconds(Date.now() - started)})`,
  );
  const { accessToken } = await signIn(app, 'folioadmin@demo.folio.test');
  const auth = { authorization: `Bearer ${accessToken}` };
  const request = { from: volume.from, to: volume.to };
  // CPU time of this process (every thread: the engine runs on the main one, the xlsx sheet on a
  // worker), beside wall time: on a shared machine wall time also counts the waits for a core, which
  // weigh on an export's many turns of the event loop more than on one COPY statement.
  const cpuTimed: Record<string, number> = {};
  const cpuMs = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  const probe = memoryProbe();
  // The server's own background work (job runners' polls, the live bus, expiry timers) costs CPU every
  // second it runs, whatever it does. An export of N seconds pays it N times, the COPY (one statement
  // holding the thread) never: measured idle here, so the export's own CPU can be told from it.
  const cpuBeforeIdle = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const idleCpuPerSecond = cpuMs(cpuBeforeIdle) / (IDLE_MS / 1000);
  console.log(`the server idle: cpu ${idleCpuPerSecond.toFixed(1)} ms a second (measured over ${seconds(IDLE_MS)})`);
  const ownCpu: Record<string, number> = {};
  const timed: Record<string, number> = {};
  for (const [run, fileType] of [
    ['warm-up', 'csv'],
    ['timed', 'csv'],
    ['timed', 'xlsx'],
  ] as const) {
    collectGarbage();
    const baseline = process.memoryUsage();
    probe.start();
    const cpuBefore = process.cpuUsage();
    const post = await app.inject({ method: 'POST', url: REPORT_URL, headers: auth, payload: { fileType, request, timeZone: TIME_ZONE } });
    if (post.statusCode !== 200) throw new Error(`the settlement report was refused: ${post.body}`);
    const { token } = post.json<{ token: string }>();
    let result: ExportResult;
    for (;;) {
      result = (await app.inject({ method: 'GET', url: `${REPORT_URL}/${token}`, headers: auth })).json<ExportResult>();
      if (result.statusType === 'Failed' || (result.statusType === 'Ready' && result.url)) break;
      // As often as the browser asks (the export toast's poll): each ask is a request through the whole
      // API stack, and asking more often than any client would be the bench's CPU, not the export's.
      await new Promise((resolve) => setTimeout(resolve, EXPORT_POLL_INTERVAL_MS));
    }
    // The export's own duration, from its job row: queued at the POST, Ready when the file was complete.
    const job = await sql<{ ms: string }>`SELECT extract(epoch FROM updated_at - created_at) * 1000 AS ms FROM export_jobs WHERE token = ${token}`.execute(
      database.db,
    );
    const ms = Math.round(Number(job.rows[0]!.ms));
    const peak = probe.stop();
    const cpu = cpuMs(cpuBefore);
    if (result.statusType !== 'Ready') throw new Error(`the settlement report failed: ${result.errorMessages.join(', ')}`);
    const bytes = statSync(path.join(config.filesDir, 'exports', `${token}.${fileType}`)).size;
    if (run === 'timed') {
      timed[fileType] = ms;
      cpuTimed[fileType] = cpu;
      ownCpu[fileType] = cpu - (idleCpuPerSecond * ms) / 1000;
    }
    collectGarbage();
    console.log(
      `${run === 'warm-up' ? '(warm-up) ' : ''}settlement report ${fileType}, ${result.ticks} lines x ${SETTLEMENT_REPORT_COLUMN_IDS.length} columns: ${seconds(ms)}, cpu ${seconds(cpu)} ` +
        `(${seconds(cpu - (idleCpuPerSecond * ms) / 1000)} less the idle server's over its ${seconds(ms)}) (${mb(bytes)}); ` +
        `peak rss ${mb(peak.peakRss)} (target < 300 MB; ${mb(baseline.rss)} before), peak V8 heap ${mb(peak.peakHeap)}`,
    );
  }
  // The engine's COPY, after the exports (on PGlite its whole output is one blob): the export's own
  // csv query exactly as the worker builds it (same cells, guard, scope, range and order), and the
  // same rows with the cells as stored, the stricter baseline. Each once to warm up, then timed.
  const shown = csvShownColumn(TIME_ZONE);
  const exportQuery = inlineParameters(
    (await settlementExportSource.query({ query: request, merchants: 'all' }, SETTLEMENT_REPORT_COLUMN_IDS, (column) => csvCellSql(shown(column)))).compile(
      database.db,
    ),
  );
  const rawQuery = `SELECT p.reference, p.paid_at, l.kind, o.reference_no, l.refund_request_id, cp.reference, l.booked_at, l.amount_minor, l.currency, l.note
    FROM ${LINE_FROM} WHERE p.period_end BETWEEN '${volume.from}' AND '${volume.to}' ORDER BY l.payout_id, l.id`;
  for (const [name, query] of [
    ['the export query', exportQuery],
    ['raw cells', rawQuery],
  ] as const) {
    await database.copy(query);
    started = Date.now();
    const cpuBefore = process.cpuUsage();
    const bytes = await database.copy(query);
    const ms = Date.now() - started;
    // On PostgreSQL the COPY runs in the database's process (psql here): this process's CPU says nothing of it.
    const cpu = postgresUrl ? undefined : cpuMs(cpuBefore);
    console.log(
      `COPY (${name}) TO ${postgresUrl ? 'STDOUT' : "'/dev/blob'"} WITH CSV: ${seconds(ms)}${cpu === undefined ? '' : `, cpu ${seconds(cpu)}`} (${mb(bytes)}); ` +
        `ratio settlement csv/COPY: ${(timed.csv! / ms).toFixed(2)}x (target <= 1.5x), xlsx/COPY: ${(timed.xlsx! / ms).toFixed(2)}x` +
        (cpu === undefined
          ? ''
          : `; in cpu time csv/COPY ${(cpuTimed.csv! / cpu).toFixed(2)}x, xlsx/COPY ${(cpuTimed.xlsx! / cpu).toFixed(2)}x` +
            `; less the idle server's cpu csv/COPY ${(ownCpu.csv! / cpu).toFixed(2)}x, xlsx/COPY ${(ownCpu.xlsx! / cpu).toFixed(2)}x`),
    );
  }
  await app.close();
  await database.close();
}
