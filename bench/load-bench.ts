import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { BACKOFFICE_API, MERCHANT_API } from '../contract/product';
import { DEMO_PASSWORD } from '../server/demo/demo-layout';
import { startLiveBench, type LiveBench } from './lib/live-streams';
import { waitForHealth } from './lib/server-health';
import { grownBy, processMinorFaults, processTree, snapshot } from './lib/process-cpu';

// `npm run bench:load` (issue 13 "API under load"): the built server in its own process over a demo
// database, and BENCH_SESSIONS signed-in sessions (default 200) browsing the list screens' calls as a
// user would for BENCH_SECONDS (default 60): a page of orders, a filter, a sort, the next page, a
// payout page, an order's or payout's detail, each followed by BENCH_THINK_MS (default 750, +-50%: 200 sessions offer at most 267 calls/s)
// of reading. BENCH_EXPORTS transaction exports (default 10) start during the first half of the run.
// Prints throughput, p50/p95/p99/max per call and in all, errors, each export's time, and the CPU
// (user + system, from /proc) the server's processes and PostgreSQL's backends spent per browsing call
// over the browsing window. Asserts nothing.
//   BENCH_ORDERS (default 100000; seeded once into .bench-load-data/, reused after)
//   BENCH_DATABASE_URL (run the server on PostgreSQL instead of the embedded PGlite)
//   BENCH_PORT (default 3990)
//   BENCH_SERVER_NODE_FLAGS (node options of the server's processes only, e.g. --cpu-prof --cpu-prof-dir=.bench-profiles)
//   BENCH_WORKERS (default 1; "1,2" runs one server process, then two, and prints them side by side; PostgreSQL only)
//   BENCH_SAMPLES_FILE (every call's name, start in ms from the run's start, duration and status, as JSON, for a timeline)
//   BENCH_LIVE (default 1; 0: no live streams) every session holds the live event stream (issue 38) through the
//   window, and BENCH_LIVE_BURST guest payments (default 100) are made at once in its middle: prints the streams
//   held and dropped, events delivered per second, and the delay from commit to each stream (p50, p99)
//   BENCH_SERVER_BUNDLE, BENCH_SPA_DIR (default dist-server/main.mjs and dist: a private build, so a bench
//   does not rebuild the shared dist/ under someone else's feet; run with `tsx bench/load-bench.ts`)

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 750);
const EXPORTS = Number(process.env.BENCH_EXPORTS ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 3990);
const postgresUrl = process.env.BENCH_DATABASE_URL;
const LIVE = process.env.BENCH_LIVE !== '0';
const LIVE_BURST = Number(process.env.BENCH_LIVE_BURST ?? 100);
/** How long the burst's events may take to reach every stream before the bench stops waiting (and reports what is missing). */
const LIVE_BURST_WAIT_MS = 30_000;
// BENCH_WORKERS: server processes (FOLIO_WORKERS), or a list run one after the other ("1,2") and compared at the end.
const WORKERS = (process.env.BENCH_WORKERS ?? '1').split(',').map((value) => Number(value.trim()));
// BENCH_SERVER_NODE_FLAGS: node options for the server's processes only, e.g. `--cpu-prof --cpu-prof-dir=.bench-profiles`.
const SERVER_NODE_FLAGS = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const IDLE_SECONDS = 5;
const SERVER_BUNDLE = process.env.BENCH_SERVER_BUNDLE ?? 'dist-server/main.mjs';
const SPA_DIR = process.env.BENCH_SPA_DIR ?? 'dist';
const base = `http://127.0.0.1:${PORT}`;
// Who browses: the roles whose menu has both transactions and payouts; provider staff see every
// merchant, the merchant admin their group's.
const ACCOUNTS = ['folioadmin', 'admin', 'superadmin', 'merchantadmin'].map((role) => `${role}@demo.folio.test`);

function startServer(workers: number): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    FOLIO_DEMO: 'true',
    FOLIO_SEED_ORDERS: String(ORDERS),
    FOLIO_SIGNIN_PER_MINUTE: '100000',
    // The burst's guests all pay from this one address.
    FOLIO_GUEST_PAY_PER_TEN_MINUTES: '100000',
    FOLIO_SPA_DIR: SPA_DIR,
    LOG_LEVEL: 'warn',
    FOLIO_WORKERS: String(workers),
  };
  if (postgresUrl) env.DATABASE_URL = postgresUrl;
  else env.FOLIO_DATA_DIR = path.resolve('.bench-load-data');
  const child = spawn(process.execPath, ['scripts/run-server.mjs', ...SERVER_NODE_FLAGS, SERVER_BUNDLE], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code) => {
    if (code && !stopping) {
      console.error(`server exited with ${code}`);
      process.exit(1);
    }
  });
  return child;
}
let stopping = false;

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Signs in through the real form post, as the browser does, and returns a bearer access token. */
async function signIn(email: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const cookie = (csrf.headers.getSetCookie().find((value) => value.startsWith('folio.csrf-token=')) ?? '').split(';')[0] ?? '';
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const form = new URLSearchParams({ csrfToken, email, password: DEMO_PASSWORD, callbackUrl: '/', json: 'true' });
  const signedIn = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: form.toString(),
    redirect: 'manual',
  });
  const cookies = signedIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const session = await fetch(`${base}/api/auth/session`, { headers: { cookie: cookies } });
  const { accessToken } = (await session.json()) as { accessToken?: string };
  if (!accessToken) throw new Error(`sign-in failed for ${email}: ${signedIn.status}`);
  return accessToken;
}

interface Sample {
  call: string;
  ms: number;
  ok: boolean;
  /** HTTP status, or 0 when the request did not complete. */
  status: number;
  /** When it was sent (performance.now()). */
  at: number;
}
const samples: Sample[] = [];
/** What Chrome and Firefox ask for: the server then answers as it answers them (brotli), not as Node's fetch alone would ask (gzip). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

async function call(label: string, token: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> {
  const started = performance.now();
  let ok = false;
  let status = 0;
  let answer: unknown;
  try {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'accept-encoding': BROWSER_ACCEPT_ENCODING,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    answer = response.headers.get('content-type')?.includes('json') ? await response.json() : await response.text();
    ok = response.ok;
    status = response.status;
  } catch {
    // refused or reset: counted as an error with status 0
  }
  samples.push({ call: label, ms: performance.now() - started, ok, status, at: started });
  return answer;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const think = () => sleep(THINK_MS * (0.5 + Math.random()));
const SORTS = [[], [{ id: 'createdAt', desc: true }], [{ id: 'amount', desc: true }], [{ id: 'guestName', desc: false }], [{ id: 'status', desc: false }]];
const STATUSES = [['Paid'], ['Failed'], ['Tokenized', 'Paid'], ['Cancelled']];

/** One person at the list screens until the deadline: what they do next depends on what they just saw. */
async function browse(token: string, deadline: number): Promise<void> {
  await sleep(Math.random() * THINK_MS); // people do not all click at the same instant
  let orderIds: number[] = [];
  let payoutIds: string[] = [];
  let page = 0;
  while (Date.now() < deadline) {
    const roll = Math.random();
    if (roll < 0.3) {
      page = 0;
      const answer = (await call('order search', token, 'POST', `${BACKOFFICE_API}/order/search`, { pagination: { page, pageSize: 25 } })) as {
        items?: { id: number }[];
      };
      orderIds = answer?.items?.map((row) => row.id) ?? orderIds;
    } else if (roll < 0.5) {
      const from = new Date(Date.now() - (30 + Math.floor(Math.random() * 300)) * 86_400_000).toISOString().slice(0, 10);
      await call('order search, filtered and sorted', token, 'POST', `${BACKOFFICE_API}/order/search`, {
        filters: { createdFrom: from, statuses: pick(STATUSES) },
        sorting: pick(SORTS),
        pagination: { page: 0, pageSize: 25 },
      });
    } else if (roll < 0.6) {
      page += 1;
      await call('order search, next page', token, 'POST', `${BACKOFFICE_API}/order/search`, { pagination: { page, pageSize: 25 } });
    } else if (roll < 0.8) {
      const answer = (await call('payout search', token, 'POST', `${MERCHANT_API}/payouts/search`, { pagination: { page: 0, pageSize: 25 } })) as {
        items?: { id: string }[];
      };
      payoutIds = answer?.items?.map((row) => row.id) ?? payoutIds;
    } else if (roll < 0.93 && orderIds.length) {
      await call('order detail', token, 'GET', `${BACKOFFICE_API}/order/${pick(orderIds)}`);
    } else if (payoutIds.length) {
      await call('payout detail', token, 'GET', `${MERCHANT_API}/payouts/${pick(payoutIds)}`);
    }
    await think();
  }
}

interface ExportRun {
  ms?: number;
  status: string;
}

/** A transactions export of everything the account sees, followed until it ends. */
async function exportOnce(token: string, startAfterMs: number): Promise<ExportRun> {
  await sleep(startAfterMs);
  const started = Date.now();
  const answer = (await call('export start', token, 'POST', `${BACKOFFICE_API}/order/export`, {
    fileType: pick(['csv', 'xlsx']),
    orderColumns: ['id', 'referenceNo', 'merchantName', 'guestName', 'amount', 'currency', 'status', 'createdAt'],
  })) as { token?: string };
  if (!answer?.token) return { status: 'not started' };
  for (;;) {
    await sleep(1000);
    const result = (await call('export status', token, 'GET', `${BACKOFFICE_API}/order/export/${answer.token}`)) as { statusType?: string };
    if (result?.statusType === 'Ready' || result?.statusType === 'Failed') return { ms: Date.now() - started, status: result.statusType };
    if (Date.now() - started > 15 * 60_000) return { status: 'still running after 15 min' };
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** The run's window in performance.now() time: a call's rate counts the calls sent inside it (the last thinks after it send none). */
const window = { from: 0, to: 0 };

function line(label: string, of: Sample[]): string {
  const seconds = (window.to - window.from) / 1000;
  const sent = of.filter((sample) => sample.at >= window.from && sample.at < window.to).length;
  const ms = of.map((sample) => sample.ms).sort((a, b) => a - b);
  const failed = of.filter((sample) => !sample.ok);
  const statuses = [...new Set(failed.map((sample) => sample.status))].join(', ');
  const errors = failed.length ? `${failed.length} (status ${statuses})` : '0';
  const f = (value: number) => value.toFixed(0).padStart(6);
  return `${label.padEnd(36)} ${String(of.length).padStart(7)} ${(sent / seconds).toFixed(1).padStart(7)}/s  p50 ${f(percentile(ms, 50))}  p95 ${f(percentile(ms, 95))}  p99 ${f(percentile(ms, 99))}  max ${f(ms.at(-1) ?? 0)} ms  errors ${errors}`;
}

interface RunSummary {
  workers: number;
  rate: number;
  p99: number;
  calls: number;
  serverCpuMs?: number;
  /** serverCpuMs less what the server spent idle over as long. */
  serverNetCpuMs?: number;
  postgresCpuMs?: number;
}

/** The server's pids now (the launcher, the server, its workers) and PostgreSQL's backends on the bench's database. */
async function measuredPids(server: ChildProcess, postgres: pg.Client | undefined): Promise<{ server: number[]; postgres: number[] }> {
  const serverPids = server.pid === undefined ? [] : processTree(server.pid);
  if (!postgres) return { server: serverPids, postgres: [] };
  const backends = await postgres.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  return { server: serverPids, postgres: backends.rows.map((row) => row.pid) };
}

const perCall = (ms: number | undefined, calls: number) => (ms === undefined || !calls ? 'not readable' : `${(ms / calls).toFixed(2)} ms`);

async function runOnce(workers: number): Promise<RunSummary> {
  samples.length = 0;
  const server = startServer(workers);
  const postgres = postgresUrl ? new pg.Client({ connectionString: postgresUrl }) : undefined;
  try {
    // A first seed of many orders takes minutes.
    await waitForHealth(base, { withinMs: 30 * 60_000, child: server, pollMs: 500 });
    await postgres?.connect();
    const engine = postgresUrl ? 'PostgreSQL' : 'PGlite (embedded)';
    console.log(
      `\nbench:load on ${engine}, ${workers} server process${workers === 1 ? '' : 'es'}: ${SESSIONS} sessions, ${SECONDS} s, think ${THINK_MS} ms, ${EXPORTS} exports, ${ORDERS} orders seeded`,
    );
    // Each session sends its next call one think after the last answer: the offered rate can never exceed this.
    console.log(`offered at most ${((SESSIONS * 1000) / THINK_MS).toFixed(0)} calls/s (sessions / mean think); load average ${loadAverage()}`);
    const tokens: string[] = [];
    for (let index = 0; index < SESSIONS; index += 1) tokens.push(await signIn(ACCOUNTS[index % ACCOUNTS.length] as string));
    // The burst's links are made by the merchant admin (the last account of the rotation) on its first property.
    const live: LiveBench | undefined = LIVE
      ? await startLiveBench({ base, tokens, burstToken: tokens[ACCOUNTS.length - 1] ?? (tokens[0] as string), burstSize: LIVE_BURST, postgresUrl })
      : undefined;
    // What the server spends with nobody calling (its background loops poll the database): read over a few
    // seconds before the window and printed, so a per-call figure at a low call rate can be read net of it.
    const idleBefore = await measuredPids(server, postgres);
    const idleServer = snapshot(idleBefore.server);
    const idleStarted = performance.now();
    await sleep(IDLE_SECONDS * 1000);
    const idleServerMsPerSecond = grownBy(idleServer, snapshot((await measuredPids(server, postgres)).server)) / ((performance.now() - idleStarted) / 1000);
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    // CPU is read over the browsing window only: sign-ins (a deliberately slow password hash) are outside it.
    const pidsBefore = await measuredPids(server, postgres);
    const windowStarted = performance.now();
    const serverBefore = snapshot(pidsBefore.server);
    const faultsBefore = snapshot(pidsBefore.server, processMinorFaults);
    const postgresBefore = snapshot(pidsBefore.postgres);
    window.from = performance.now();
    window.to = window.from + SECONDS * 1000;
    const providerToken = tokens[0] as string;
    const exports = Array.from({ length: EXPORTS }, (_, index) => exportOnce(providerToken, ((index + 0.5) / EXPORTS) * (SECONDS * 500)));
    const burst = live && LIVE_BURST ? sleep(SECONDS * 500).then(() => live.burst(LIVE_BURST_WAIT_MS)) : Promise.resolve();
    await Promise.all(tokens.map((token) => browse(token, deadline)));
    await burst;
    const pidsAfter = await measuredPids(server, postgres);
    const windowSeconds = (performance.now() - windowStarted) / 1000;
    const serverSpent = pidsAfter.server.length ? grownBy(serverBefore, snapshot(pidsAfter.server)) : undefined;
    const serverFaults = pidsAfter.server.length ? grownBy(faultsBefore, snapshot(pidsAfter.server, processMinorFaults)) : undefined;
    const postgresSnapshot = snapshot(pidsAfter.postgres);
    const postgresSpent = postgres && postgresSnapshot.size ? grownBy(postgresBefore, postgresSnapshot) : undefined;
    const browsing = samples.filter((sample) => !sample.call.startsWith('export'));
    console.log(`\n${'call'.padEnd(36)} ${'count'.padStart(7)} ${'rate'.padStart(9)}`);
    for (const label of [...new Set(browsing.map((sample) => sample.call))].sort())
      console.log(
        line(
          label,
          browsing.filter((sample) => sample.call === label),
        ),
      );
    console.log(line('all browsing calls', browsing));
    const exportsNote = EXPORTS ? ` (the ${EXPORTS} exports ran in this window: their CPU is in it; BENCH_EXPORTS=0 for browsing alone)` : '';
    console.log(
      `server CPU (user+system, all its processes) per browsing call: ${perCall(serverSpent, browsing.length)}, ${((serverSpent ?? 0) / 1000).toFixed(1)} s over ${browsing.length} calls${exportsNote}`,
    );
    const idleInWindow = idleServerMsPerSecond * windowSeconds;
    console.log(
      `  idle, nobody calling: ${idleServerMsPerSecond.toFixed(1)} ms of CPU per second; net of that over the window: ${perCall(serverSpent === undefined ? undefined : serverSpent - idleInWindow, browsing.length)} per call`,
    );
    // Memory the server's C heap handed out afresh costs a fault per page touched (decision 0672): a compressed answer's encoder.
    if (serverFaults !== undefined && browsing.length)
      console.log(`server minor page faults per browsing call: ${(serverFaults / browsing.length).toFixed(1)} (${serverFaults} over the window)`);
    if (postgres)
      console.log(
        `PostgreSQL backends' CPU per browsing call: ${perCall(postgresSpent, browsing.length)} (${pidsAfter.postgres.length} backends on the database; one that ended in the window is not counted)`,
      );
    else console.log('PGlite runs inside the server process: its CPU is in the server figure');
    await live?.report(window.from, performance.now());
    const finished = await Promise.all(exports);
    console.log(`load average after the run: ${loadAverage()}`);
    if (process.env.BENCH_SAMPLES_FILE)
      await writeFile(process.env.BENCH_SAMPLES_FILE, JSON.stringify(samples.map((sample) => ({ ...sample, at: Math.round(sample.at - window.from) }))));
    if (EXPORTS)
      console.log(`exports: ${finished.map((run) => (run.ms === undefined ? run.status : `${run.status} in ${(run.ms / 1000).toFixed(1)} s`)).join(', ')}`);
    const sent = browsing.filter((sample) => sample.at >= window.from && sample.at < window.to).length;
    return {
      workers,
      rate: sent / SECONDS,
      p99: percentile(
        browsing.map((sample) => sample.ms).sort((a, b) => a - b),
        99,
      ),
      calls: browsing.length,
      serverCpuMs: serverSpent,
      serverNetCpuMs: serverSpent === undefined ? undefined : serverSpent - idleInWindow,
      postgresCpuMs: postgresSpent,
    };
  } finally {
    await postgres?.end().catch(() => undefined);
    stopping = true;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    stopping = false;
  }
}

const summaries: RunSummary[] = [];
for (const workers of WORKERS) summaries.push(await runOnce(workers));
if (summaries.length > 1) {
  console.log(
    `\n${'server processes'.padEnd(18)} ${'calls/s'.padStart(8)} ${'p99 ms'.padStart(8)} ${'server CPU/call'.padStart(16)} ${'net of idle'.padStart(12)} ${'PostgreSQL CPU/call'.padStart(20)}`,
  );
  for (const run of summaries)
    console.log(
      `${String(run.workers).padEnd(18)} ${run.rate.toFixed(1).padStart(8)} ${run.p99.toFixed(0).padStart(8)} ${perCall(run.serverCpuMs, run.calls).padStart(16)} ${perCall(run.serverNetCpuMs, run.calls).padStart(12)} ${perCall(run.postgresCpuMs, run.calls).padStart(20)}`,
    );
}
