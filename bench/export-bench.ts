import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { ExportResult } from '../contract/exports';
import { OrderQuerySchema, type OrderColumnId } from '../contract/transactions';
import { buildApp } from '../server/app';
import { signIn } from '../tests/support/test-app';
import { inlineParameters } from '../server/exports/copy-out';
import { csvCellSql } from '../server/exports/file-writers';
import { orderExportSource } from '../server/transactions/transaction-export';
import { linkStateOfOrderSql } from '../server/payment-links/link-state';
import { countOrders, orderPage, orderWhere } from '../server/transactions/transaction-query';
import type { Db } from '../server/db/database';
import { measureCancel, percentile, startCallers } from './export-responsiveness';
import { benchConfig, collectGarbage, mb, memoryProbe, openBenchDatabase, postgresUrl, seconds, STATUS_POLL_MS } from './lib/export-bench-setup';
import { SETTLEMENT_LINES, settlementFigures } from './settlement-bench';
import { ensureSettlementVolume } from './settlement-volume';

// `npm run bench:export` (issue 4 "Benchmark"): a million orders (seeded once into .bench-data/ by
// a child process, reused after), then in one run: server csv and xlsx exports of every order with 12 columns,
// the database's own COPY of the same query on the same engine, their ratios, peak memory during
// each export, and p50/p95 of POST order/search. Then, issue 13: other callers' latency (real HTTP)
// while a csv and an xlsx export run, and how fast a cancel takes effect. Prints numbers; asserts nothing.
//   BENCH_ORDERS (default 1000000), FOLIO_DATA_DIR (default .bench-data),
//   BENCH_DATABASE_URL (run on PostgreSQL instead of the embedded PGlite),
//   BENCH_CALLERS (default 4): the callers during an export; FOLIO_EXPORT_CHUNK_ROWS: the worker's chunk (decision 0320).
// Issue 37: a settlement report over a date range of BENCH_SETTLEMENT_LINES (default 1000000) payout
// lines, csv and xlsx, against the engine's COPY of the same query (bench/settlement-bench.ts), in a
// process of its own so its memory figures start where a server's do.
//   BENCH_PART=orders | settlement: only that part (default both, settlement first).

const COLUMNS: OrderColumnId[] = [
  'id',
  'referenceNo',
  'merchantName',
  'guestName',
  'guestEmail',
  'amount',
  'currency',
  'status',
  'paymentType',
  'chargeCategory',
  'cardBrand',
  'createdAt',
];
// BENCH_EXPORT_FILTERS (JSON, the transactions table's filter; default none): what the order exports hold. Every order
// fits one xlsx sheet (1,048,576 rows) up to about a million; at ten million a filter keeps the export within one.
const EXPORT_FILTERS = OrderQuerySchema.parse({ filters: JSON.parse(process.env.BENCH_EXPORT_FILTERS ?? '{}'), sorting: [] }).filters;
// The same rows, columns and order as the export (newest first, id tiebreak), unformatted: the
// cells as the database stores them (amount / 100.0, raw timestamps), for a second COPY figure.
function rawQuery(db: Db): string {
  const where = inlineParameters(sql`${orderWhere(EXPORT_FILTERS, 'all')}`.compile(db));
  return `SELECT o.id, o.reference_no, m.name, o.guest_name, o.guest_email, o.amount_minor / 100.0, o.currency, o.status, o.payment_type, o.charge_category, o.card_brand, o.created_at
  FROM orders o JOIN merchants m ON m.id = o.merchant_id WHERE ${where} ORDER BY o.created_at DESC, o.id DESC`;
}

/**
 * Run in a child process (`--prepare`): migrates and tops the demo data up to ORDERS, then VACUUM
 * ANALYZE, as a database that has lived a while would be (PGlite runs no autovacuum). Seeding a
 * million rows grows PGlite's WebAssembly memory, which never shrinks: done in the measured process,
 * it left that process 50 MB larger than any server that opens the same database (291 MB before the
 * first export instead of 244 MB). The measured process only opens what this one prepared.
 */
async function prepare() {
  const database = await openBenchDatabase();
  const app = await buildApp(benchConfig(), { db: database.db });
  await app.ready();
  if (parts.includes('settlement')) {
    const started = Date.now();
    const volume = await ensureSettlementVolume(database.db, SETTLEMENT_LINES);
    console.log(
      `settlement volume: ${volume.lines} lines in ${volume.payouts} bench payouts, ${volume.from} to ${volume.to} (ready in ${seconds(Date.now() - started)})`,
    );
  }
  await sql`VACUUM ANALYZE`.execute(database.db);
  await app.close();
  await database.close();
}

/** Runs this bench's bundle again with `flag`, one process after the other: PGlite's files are one process's at a time. */
function inChildProcess(flag: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, flag], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code})`))));
  });
}

const parts = (process.env.BENCH_PART ?? 'settlement,orders').split(',');

async function main() {
  const started = Date.now();
  await inChildProcess('--prepare', 'preparing the bench database');
  const prepared = Date.now() - started;
  console.log(`prepared (migrate + seed/reuse + VACUUM ANALYZE, child process) in ${seconds(prepared)}`);
  if (parts.includes('settlement')) await inChildProcess('--settlement', 'the settlement report bench');
  if (parts.includes('orders')) await orderFigures();
}

async function orderFigures() {
  const config = benchConfig();
  const database = await openBenchDatabase();
  let started = Date.now();
  const app = await buildApp(config, { db: database.db });
  await app.ready();
  const orderCount = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM orders`.execute(database.db)).rows[0]!.n);
  console.log(
    `engine: ${postgresUrl ? 'PostgreSQL' : 'PGlite (embedded)'}; orders: ${orderCount}; exported: ${JSON.stringify(EXPORT_FILTERS)}; server ready in ${seconds(Date.now() - started)}`,
  );
  const { accessToken } = await signIn(app, 'folioadmin@demo.folio.test');
  const auth = { authorization: `Bearer ${accessToken}` };
  const probe = memoryProbe();

  const exports: Record<string, { ms: number; peakRss: number; peakHeap: number; bytes: number; rows: number }> = {};
  // Every figure is taken warm, after one untimed run of the same work (COPY gets the same). The
  // last run of each file type has callers on the other screens over real HTTP (issue 13).
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const callers = Number(process.env.BENCH_CALLERS ?? 4);
  const alongside: string[] = [];
  for (const fileType of ['csv', 'csv', 'csv', 'xlsx', 'xlsx', 'xlsx'] as const) {
    const warmUp = !exports[`warm-${fileType}`];
    const withCallers = !warmUp && Boolean(exports[fileType]);
    const load = withCallers ? startCallers(baseUrl, auth, callers) : undefined;
    collectGarbage();
    const baseline = process.memoryUsage();
    probe.start();
    started = Date.now();
    const post = await app.inject({
      method: 'POST',
      url: '/backoffice/api/v2/order/export',
      headers: auth,
      payload: { fileType, orderColumns: COLUMNS, orderQueryListRequest: { filters: EXPORT_FILTERS, sorting: [] } },
    });
    const { token } = post.json<{ token: string }>();
    let result: ExportResult;
    for (;;) {
      result = (await app.inject({ method: 'GET', url: `/backoffice/api/v2/order/export/${token}`, headers: auth })).json<ExportResult>();
      if (result.statusType === 'Failed' || (result.statusType === 'Ready' && result.url)) break;
      await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
    }
    const seenReadyMs = Date.now() - started;
    // The export's own duration, from its job row: queued at the POST, Ready when the file was complete.
    const job = await sql<{ ms: string }>`SELECT extract(epoch FROM updated_at - created_at) * 1000 AS ms FROM export_jobs WHERE token = ${token}`.execute(
      database.db,
    );
    const ms = Math.round(Number(job.rows[0]!.ms));
    const peak = probe.stop();
    const calls = await load?.stop();
    if (result.statusType !== 'Ready') throw new Error(`export failed: ${result.errorMessages.join(', ')}`);
    const bytes = statSync(path.join(config.filesDir, 'exports', `${token}.${fileType}`)).size;
    if (calls) {
      const { latencies, errors } = calls;
      alongside.push(
        `other calls during the ${fileType} export (${callers} callers over HTTP: session check, order search page; 20 ms between calls): ` +
          `${latencies.length} calls, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms (target < 500 ms), ` +
          `max ${Math.max(...latencies).toFixed(0)} ms, ${errors} errors; the export took ${seconds(ms)} with them (${seconds(exports[fileType]!.ms)} alone), peak rss ${mb(peak.peakRss)}`,
      );
      continue;
    }
    exports[warmUp ? `warm-${fileType}` : fileType] = { ms, ...peak, bytes, rows: result.ticks };
    collectGarbage();
    console.log(
      (warmUp ? '(warm-up) ' : '') +
        `server ${fileType} export, ${result.ticks} rows x ${COLUMNS.length} columns: ${seconds(ms)} (${mb(bytes)}; seen Ready after ${seconds(seenReadyMs)}); ` +
        `peak rss ${mb(peak.peakRss)} (${mb(baseline.rss)} before, +${mb(peak.peakRss - baseline.rss)}), peak V8 heap ${mb(peak.peakHeap)} (${mb(baseline.heapUsed)} before)`,
    );
  }
  // The database's own COPY, after the exports (its whole output is one blob, which would inflate the
  // memory readings of whatever ran after it); each one warm-up, then timed. "Same query" twice: the
  // export's own SQL exactly as the worker runs it (cells formatted and csv-guarded in SQL), and the
  // same rows and order with the cells as stored (no formatting at all), the stricter baseline.
  const exportQuery = inlineParameters(
    (await orderExportSource(linkStateOfOrderSql).query({ query: { filters: EXPORT_FILTERS, sorting: [] }, merchants: 'all' }, COLUMNS, csvCellSql)).compile(
      database.db,
    ),
  );
  const copies: Record<string, { ms: number; bytes: number }> = {};
  for (const [name, query] of [
    ['export query', exportQuery],
    ['raw cells', rawQuery(database.db)],
  ] as const) {
    await database.copy(query);
    started = Date.now();
    const bytes = await database.copy(query);
    copies[name] = { ms: Date.now() - started, bytes };
    console.log(`COPY (${name}) TO ${postgresUrl ? 'STDOUT' : "'/dev/blob'"} WITH CSV: ${seconds(copies[name].ms)} (${mb(bytes)})`);
  }
  for (const [name, copy] of Object.entries(copies)) {
    console.log(`ratio csv/COPY (${name}): ${(exports.csv!.ms / copy.ms).toFixed(2)}x (target <= 1.5x)`);
    console.log(`ratio xlsx/COPY (${name}): ${(exports.xlsx!.ms / copy.ms).toFixed(2)}x (target <= 4x)`);
  }
  alongside.forEach((line) => console.log(line));
  const cancel = await measureCancel(app, database.db, auth, COLUMNS);
  console.log(
    `cancel of a running csv export (at ${cancel.ticksAtCancel} rows written): the cancel's statement took ${cancel.cancelMs.toFixed(0)} ms; ` +
      `the worker had let go and run the next export after ${cancel.freeMs.toFixed(0)} ms (target < 1 s); the cancelled one shows ${cancel.cancelledStatus}`,
  );

  // POST order/search: a page of 25, a date filter, a sort; pages and windows vary.
  const sorts = [[{ id: 'createdAt', desc: true }], [{ id: 'amount', desc: true }], [{ id: 'guestName', desc: false }], [{ id: 'status', desc: false }]];
  const times: number[] = [];
  for (let index = 0; index < 120; index++) {
    const month = 1 + (index % 9);
    const body = {
      filters: { createdFrom: `2026-${String(month).padStart(2, '0')}-01`, createdTo: `2026-${String(month + 2).padStart(2, '0')}-28` },
      sorting: sorts[index % sorts.length],
      pagination: { page: index % 10, pageSize: 25 },
    };
    started = performance.now();
    const response = await app.inject({ method: 'POST', url: '/backoffice/api/v2/order/search', headers: auth, payload: body });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`search failed: ${response.body}`);
  }
  const warm = times.slice(10);
  console.log(
    `POST order/search (page of 25, 2-3 month date filter, 4 sorts, pages 0-9), ${warm.length} requests after 10 warm-up: p50 ${percentile(warm, 50).toFixed(1)} ms, p95 ${percentile(warm, 95).toFixed(1)} ms, max ${Math.max(...warm).toFixed(1)} ms`,
  );
  // The same pages as plain SQL on the engine (the page query and the capped count the endpoint runs, without HTTP,
  // sign-in check, validation or JSON), so the API's own overhead shows: in milliseconds at p95, the figure issue 36
  // targets (at most 2 ms; its earlier "1.3x the plain SQL" was withdrawn), and as a ratio for the record.
  const direct: number[] = [];
  for (let index = 0; index < 120; index++) {
    const month = 1 + (index % 9);
    const query = OrderQuerySchema.parse({
      filters: { createdFrom: `2026-${String(month).padStart(2, '0')}-01`, createdTo: `2026-${String(month + 2).padStart(2, '0')}-28` },
      sorting: sorts[index % sorts.length],
    });
    started = performance.now();
    await Promise.all([orderPage(app.ctx.db, query, 'all', index % 10, 25), countOrders(app.ctx.db, query.filters, 'all')]);
    direct.push(performance.now() - started);
  }
  const directWarm = direct.slice(10);
  console.log(
    `the same pages as plain SQL on the engine: p50 ${percentile(directWarm, 50).toFixed(1)} ms, p95 ${percentile(directWarm, 95).toFixed(1)} ms; API - SQL at p95 ${(percentile(warm, 95) - percentile(directWarm, 95)).toFixed(1)} ms (target <= 2 ms), ratio ${(percentile(warm, 95) / percentile(directWarm, 95)).toFixed(2)}x`,
  );
  await app.close();
  await database.close();
}

await (process.argv.includes('--prepare') ? prepare() : process.argv.includes('--settlement') ? settlementFigures() : main());
