import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'kysely';
import { OrderQuerySchema, ORDER_SORTABLE_COLUMNS } from '../contract/transactions';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDatabase, openPglite, pgliteDatabase, type Db } from '../server/db/database';
import { LAST_NAMES } from '../server/demo/demo-layout';
import { effectiveMerchants } from '../server/lists/list-query';
import { orderLinkColumn } from '../server/modules';
import { countOrders, orderPage, orderSearchPage } from '../server/transactions/transaction-query';
import { signIn } from '../tests/support/test-app';
import { percentile } from './export-responsiveness';
import { waitForHealth } from './lib/server-health';

// `npm run bench:search` (issue 13 "Search at scale"): POST order/search, a page of 25 with its total,
// for every sortable column (both directions) and each common filter, over the database that
// `npm run bench:export` prepared (a million orders in .bench-data/, or BENCH_DATABASE_URL). Each
// case is timed through the API and as the plain SQL: the very statements the route runs (`orderSearchPage`: the page
// with its links and, where counted, its total in one statement; the planner's estimate where one stands), called
// directly on the engine, so the API's own time (its session check, validation, answer, HTTP) shows as the
// difference. Also timed, for comparison with the figures before 2026-12: the page and its count as two statements
// side by side on two connections (`orderPage` and `countOrders`), the baseline this bench used until then.
// Prints numbers; asserts nothing. BENCH_SEARCH_RUNS (default 200) timed calls per case after 5 warm-up calls, each
// way's in turns.
//
// How the API is called (BENCH_SEARCH_THROUGH):
// - `http` (the default on PostgreSQL): over a kept-alive HTTP connection to the built server
//   (dist-server/main.mjs) started as production starts it (scripts/run-server.mjs), on the same database,
//   asking for compressed answers as a browser does (BENCH_SEARCH_ENCODING, empty for none): what a caller
//   waits for, with the server's own heap and collections.
// - `inject` (the embedded engine's only way: its files belong to one process): Fastify's in-process client
//   on an app built in this process, as this bench measured before 2026-12; the bench's own requests then
//   allocate in the server's heap, and nothing is compressed.
// - `both`: each case through both, in turns with the plain SQL.
// Over HTTP, BENCH_SERVER_BUNDLE may name several builds or settings, `;` between them (a copy of dist-server/ kept
// inside the repository, where its packages resolve, e.g. `.bench-build/before/main.mjs;dist-server/main.mjs`): each is
// started on its own port and called in turns with the others, so a change is measured against what it replaces at
// the same moments of the machine. BENCH_SEARCH_CASES keeps only the cases whose name holds one of its words.
// `npm run bench:search` bundles it and runs it with the server's production flags (scripts/run-server.mjs).

const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
const THROUGH = process.env.BENCH_SEARCH_THROUGH ?? (process.env.BENCH_DATABASE_URL ? 'http' : 'inject');
const PORT = Number(process.env.BENCH_PORT ?? 5400);
/** What the HTTP calls accept: a browser's list by default, so the answers come compressed as users get them; empty, uncompressed. */
const ENCODING = process.env.BENCH_SEARCH_ENCODING ?? 'gzip, deflate, br, zstd';
/**
 * The servers called over HTTP, each on its own port from BENCH_PORT up, all in turns: `;` between them, each a bundle
 * with node options after it (`dist-server/main.mjs;.bench-build/b/main.mjs --max-semi-space-size=16`), so two builds or
 * two settings are compared at the same moments of the machine.
 */
const SERVERS = (process.env.BENCH_SERVER_BUNDLE ?? 'dist-server/main.mjs')
  .split(';')
  .map((entry) => entry.trim().split(/\s+/))
  .filter((words) => words[0])
  .map(([bundle, ...nodeFlags]) => ({ bundle: bundle!, nodeFlags }));
/** Only the cases whose name contains one of these (`,` between them); every case when empty. */
const CASE_FILTER = (process.env.BENCH_SEARCH_CASES ?? '')
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
const WARM_UP = 5;
const postgresUrl = process.env.BENCH_DATABASE_URL;
const dataDir = path.resolve(process.env.FOLIO_DATA_DIR ?? '.bench-data');

if (THROUGH !== 'inject' && !postgresUrl)
  throw new Error(`BENCH_SEARCH_THROUGH=${THROUGH} needs BENCH_DATABASE_URL: the embedded engine's files belong to one process`);
if (!['http', 'inject', 'both'].includes(THROUGH)) throw new Error(`BENCH_SEARCH_THROUGH is http, inject or both, not "${THROUGH}"`);

function openBenchDatabase(): Db {
  if (postgresUrl) return openDatabase({ kind: 'postgres', url: postgresUrl });
  return pgliteDatabase(openPglite(path.join(dataDir, 'pglite')));
}

/**
 * Times each of `works` in turns, one of each per run, so all see the same moment of the machine (a slower
 * second for one would otherwise pass for overhead or for its absence), the order rotating from run to run. Each
 * one's times, sorted.
 */
async function timedInTurns(works: ReadonlyArray<readonly [string, () => Promise<unknown>]>): Promise<Map<string, number[]>> {
  const times = new Map(works.map(([key]) => [key, [] as number[]]));
  for (let index = 0; index < WARM_UP + RUNS; index++)
    // Each run starts one further along the list, so no way is always the one right after another's call.
    for (let turn = 0; turn < works.length; turn++) {
      const [key, work] = works[(index + turn) % works.length]!;
      const started = performance.now();
      await work();
      if (index >= WARM_UP) times.get(key)!.push(performance.now() - started);
    }
  for (const list of times.values()) list.sort((a, b) => a - b);
  return times;
}

/** A way of calling the API: its name in the table, a search, and its end. */
interface ApiCaller {
  name: string;
  search: (payload: unknown) => Promise<void>;
  close: () => Promise<void>;
}

/** The built server on `port`, on the bench's database, started as production starts it. */
async function httpCaller(port: number, accessToken: string, server: (typeof SERVERS)[number], name: string): Promise<ApiCaller> {
  const child = spawn(process.execPath, ['scripts/run-server.mjs', ...server.nodeFlags, server.bundle], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: postgresUrl,
      FOLIO_DATA_DIR: dataDir,
      FOLIO_DEMO: 'true',
      // The orders are there; the demo world is seeded already (`npm run seed`) and nothing is added.
      FOLIO_SEED_ORDERS: '0',
      // Nothing but the bench's calls: no payout run, demo payout rail or refund updates in the background.
      FOLIO_PAYOUT_RUN_MS: '0',
      FOLIO_DEMO_PAYOUT_SETTLE_MS: '0',
      FOLIO_DEMO_REFUND_UPDATE_MS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitForHealth(`http://127.0.0.1:${port}`, { withinMs: 120_000, child });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const search = (payload: unknown) =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify(payload);
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          agent,
          method: 'POST',
          path: '/backoffice/api/v2/order/search',
          headers: {
            authorization: `Bearer ${accessToken}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...(ENCODING ? { 'accept-encoding': ENCODING } : {}),
          },
        },
        (response) => {
          response.on('data', () => undefined);
          response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`search answered ${response.statusCode}`))));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  return {
    name,
    search,
    close: async () => {
      agent.destroy();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const db = openBenchDatabase();
const base = configFromEnv({ ...process.env, NODE_ENV: 'test', FOLIO_DATA_DIR: dataDir, FOLIO_DEMO: 'true', LOG_LEVEL: 'warn' });
// Answers are not checked against the contract, as in production: that development check is not what users wait for.
const app = await buildApp(
  { ...base, seedOrders: 0, validateResponses: false, rateLimits: { ...base.rateLimits, signInPerMinute: 1000, forgotPasswordPerHour: 1000 } },
  { db },
);
await app.ready();
const orders = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM orders`.execute(db)).rows[0]!.n);
const merchant = (await sql<{ merchant_id: string }>`SELECT merchant_id FROM orders GROUP BY merchant_id ORDER BY count(*) DESC LIMIT 1`.execute(db)).rows[0]!;
// The session lives in the database and the token is signed with the data directory's secret: the servers started below accept it too.
const { accessToken } = await signIn(app, 'folioadmin@demo.folio.test');

const callers: ApiCaller[] = [];
if (THROUGH !== 'inject')
  for (const [index, server] of SERVERS.entries()) {
    const way = ENCODING ? 'HTTP' : 'HTTP, uncompressed';
    const name = SERVERS.length === 1 ? way : `${way} ${index + 1}`;
    if (SERVERS.length > 1) console.log(`${name}: ${[server.bundle, ...server.nodeFlags].join(' ')}`);
    callers.push(await httpCaller(PORT + index, accessToken, server, name));
  }
if (THROUGH !== 'http')
  callers.push({
    name: 'inject',
    search: async (payload) => {
      const response = await app.inject({
        method: 'POST',
        url: '/backoffice/api/v2/order/search',
        headers: { authorization: `Bearer ${accessToken}` },
        payload: payload as Record<string, unknown>,
      });
      if (response.statusCode !== 200) throw new Error(`search answered ${response.statusCode} ${response.body}`);
    },
    close: async () => undefined,
  });
console.log(
  `engine: ${postgresUrl ? 'PostgreSQL' : 'PGlite (embedded)'}; orders: ${orders}; ${RUNS} timed calls per case after ${WARM_UP} warm-up; ` +
    `the API through: ${callers.map((caller) => caller.name).join(' and ')}, in turns with the plain SQL`,
);

const cases: Array<{ name: string; filters: Record<string, unknown>; sorting: Array<{ id: string; desc: boolean }> }> = [
  ...ORDER_SORTABLE_COLUMNS.flatMap((id) => [
    { name: `sort ${id} ascending`, filters: {}, sorting: [{ id, desc: false }] },
    { name: `sort ${id} descending`, filters: {}, sorting: [{ id, desc: true }] },
  ]),
  { name: 'filter status Paid', filters: { statuses: ['Paid'] }, sorting: [] },
  { name: 'filter payment type PL', filters: { paymentTypes: ['PL'] }, sorting: [] },
  { name: 'filter one property', filters: { merchantIds: [merchant.merchant_id] }, sorting: [] },
  { name: 'filter date range (two months)', filters: { createdFrom: '2026-03-01', createdTo: '2026-04-30' }, sorting: [] },
  { name: 'filter amount range', filters: { amountMin: 100_000, amountMax: 120_000 }, sorting: [] },
  { name: 'filter reference', filters: { referenceNo: 'FOL-00123456' }, sorting: [] },
  // Matches nothing through the reference index: the plain SQL costs almost nothing, so the API's time is its own overhead.
  { name: 'filter reference, no match', filters: { referenceNo: 'NO-SUCH-REFERENCE' }, sorting: [] },
  { name: 'filter guest', filters: { guest: LAST_NAMES[0] }, sorting: [] },
  { name: 'filter date range, sort amount', filters: { createdFrom: '2026-03-01', createdTo: '2026-04-30' }, sorting: [{ id: 'amount', desc: true }] },
  { name: 'filter status, sort guest', filters: { statuses: ['Failed'] }, sorting: [{ id: 'guestName', desc: false }] },
  // A hotel's own view: its orders by amount, which no index of the property's own serves (decision 0645).
  { name: 'filter one property, sort amount', filters: { merchantIds: [merchant.merchant_id] }, sorting: [{ id: 'amount', desc: true }] },
];

const chosenCases = CASE_FILTER.length ? cases.filter((entry) => CASE_FILTER.some((word) => entry.name.includes(word))) : cases;
const f = (ms: number) => ms.toFixed(1).padStart(7);
// Issue 36: every case under 50 ms at p95, and the API's own time (its p95 less the plain SQL's) at most 2 ms.
const OWN_TIME_TARGET_MS = 2;
const tallies = new Map(callers.map((caller) => [caller.name, { under50: 0, withinOwnTime: 0 }]));
const SQL = 'plain SQL';
const PAIR = 'page and count side by side';
try {
  for (const entry of chosenCases) {
    const payload = { filters: entry.filters, sorting: entry.sorting, pagination: { page: 0, pageSize: 25 } };
    const query = OrderQuerySchema.parse({ filters: entry.filters, sorting: entry.sorting });
    // The property filter narrows the merchants as the route does for a caller who sees them all.
    const merchants = effectiveMerchants('all', undefined, query.filters.merchantIds);
    const times = await timedInTurns([
      ...callers.map((caller) => [caller.name, () => caller.search(payload)] as const),
      [SQL, () => orderSearchPage(db, query, merchants, { page: 0, pageSize: 25 }, orderLinkColumn)] as const,
      [PAIR, () => Promise.all([orderPage(db, query, merchants, 0, 25), countOrders(db, query.filters, merchants)])] as const,
    ]);
    const direct = times.get(SQL)!;
    const pair = times.get(PAIR)!;
    console.log(
      `${entry.name}: plain SQL p50 ${f(percentile(direct, 50))}, p95 ${f(percentile(direct, 95))} ` +
        `(page and count side by side: p50 ${f(percentile(pair, 50))}, p95 ${f(percentile(pair, 95))})`,
    );
    for (const caller of callers) {
      const api = times.get(caller.name)!;
      const ownAtP95 = percentile(api, 95) - percentile(direct, 95);
      const tally = tallies.get(caller.name)!;
      if (percentile(api, 95) < 50) tally.under50 += 1;
      if (ownAtP95 <= OWN_TIME_TARGET_MS) tally.withinOwnTime += 1;
      console.log(
        `  ${caller.name.padEnd(20)} API p50 ${f(percentile(api, 50))}, p95 ${f(percentile(api, 95))}; ` +
          `API - SQL at p50 ${f(percentile(api, 50) - percentile(direct, 50))}, at p95 ${f(ownAtP95)}`,
      );
    }
  }
  for (const caller of callers) {
    const tally = tallies.get(caller.name)!;
    console.log(
      `${caller.name}: ${chosenCases.length} cases, ${tally.under50} with API p95 under 50 ms, ${tally.withinOwnTime} with the API's own time at p95 ` +
        `within ${OWN_TIME_TARGET_MS} ms of the plain SQL (ms throughout)`,
    );
  }
} finally {
  for (const caller of callers) await caller.close();
  await app.close();
  await db.destroy();
}
