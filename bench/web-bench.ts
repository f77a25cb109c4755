import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { DEMO_PASSWORD as PASSWORD } from '../server/demo/demo-layout';
import { waitForHealth } from './lib/server-health';

// `npm run bench:web` (issue 13 "First load"): the built server (dist-server/ + dist/) on a fresh
// demo database, then a cold first load of three routes in Chromium, each in a new browser context
// (empty cache): /sign-in, /transactions signed in as folioadmin, /kyc/company-details signed in as
// the applicant. Per route it prints the requests, the bytes on the wire, the bodies decoded, what
// the bodies would weigh gzipped, the same for JavaScript alone, and the time until the screen is
// usable, unthrottled and at 1.6 Mbit/s with 150 ms round trips (Lighthouse's slow-4G profile).
// Prints numbers; asserts nothing (the sign-in budget is enforced by scripts/check-bundle-budget.mjs).
//   BENCH_WEB_PORT (default: a free port), BENCH_SPA_DIR (default dist), BENCH_SERVER_BUNDLE (default dist-server/main.mjs).

/** A port nothing listens on now, so the bench never measures some other server that answers /health. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const PORT = process.env.BENCH_WEB_PORT ? Number(process.env.BENCH_WEB_PORT) : await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const SPA_DIR = process.env.BENCH_SPA_DIR ?? 'dist';
const SERVER_BUNDLE = process.env.BENCH_SERVER_BUNDLE ?? 'dist-server/main.mjs';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1_000_000) / 8, uploadThroughput: (750 * 1000) / 8 };

interface RouteCase {
  name: string;
  path: string;
  account?: string;
  /** Resolves once the screen can be used. */
  usable(page: Page): Promise<void>;
}

const ROUTES: RouteCase[] = [
  {
    name: 'sign-in',
    path: '/sign-in',
    usable: async (page) => {
      await page.getByLabel('E-mail').waitFor();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    },
  },
  {
    name: 'transactions',
    path: '/transactions',
    account: 'folioadmin@demo.folio.test',
    usable: (page) => page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1).waitFor(),
  },
  {
    name: 'kyc wizard',
    path: '/kyc/company-details',
    account: 'applicant@demo.folio.test',
    usable: (page) => page.getByRole('heading', { level: 2 }).first().waitFor(),
  },
];

interface Totals {
  requests: number;
  wire: number;
  body: number;
  decoded: number;
  gzip: number;
}

const empty = (): Totals => ({ requests: 0, wire: 0, body: 0, decoded: 0, gzip: 0 });

async function startServer(): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-bench-web-'));
  const child = spawn(process.execPath, ['scripts/run-server.mjs', SERVER_BUNDLE], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      FOLIO_DATA_DIR: dataDir,
      FOLIO_DEMO: 'true',
      FOLIO_SPA_DIR: SPA_DIR,
      FOLIO_SEED_ORDERS: '2000',
      FOLIO_SIGNIN_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  await waitForHealth(BASE, { withinMs: 120_000, child });
  return { child, dataDir };
}

async function signIn(context: BrowserContext, email: string): Promise<void> {
  const csrf = await context.request.get(`${BASE}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const answer = await context.request.post(`${BASE}/api/auth/callback/credentials`, { form: { csrfToken, email, password: PASSWORD, callbackUrl: '/' } });
  if (!answer.ok()) throw new Error(`sign-in of ${email} failed: ${answer.status()}`);
}

/** Waits until no request has been in flight for `quietMs` (the screen's own follow-up calls included). */
async function networkQuiet(inFlight: () => number, quietMs = 500): Promise<void> {
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (inFlight() > 0) quietSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function firstLoad(browser: Browser, route: RouteCase, throttled: boolean): Promise<{ all: Totals; js: Totals; usableMs: number }> {
  const context = await browser.newContext({ baseURL: BASE });
  if (route.account) await signIn(context, route.account);
  const page = await context.newPage();
  if (throttled) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
  }
  const finished: Request[] = [];
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', (request) => {
    inFlight--;
    finished.push(request);
  });
  page.on('requestfailed', () => inFlight--);

  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });

  const started = Date.now();
  await page.goto(route.path);
  try {
    await route.usable(page);
  } catch (error) {
    throw new Error(`${route.name} never became usable (at ${page.url()}):\n  ${problems.join('\n  ') || 'no failed request'}`, { cause: error });
  }
  const usableMs = Date.now() - started;
  await networkQuiet(() => inFlight);

  const all = empty();
  const js = empty();
  for (const request of finished) {
    const response = await request.response();
    if (!response) continue;
    const sizes = await request.sizes();
    const decoded = await response.body().catch(() => Buffer.alloc(0));
    const counts = [all];
    if (request.resourceType() === 'script') counts.push(js);
    for (const totals of counts) {
      totals.requests++;
      totals.wire += sizes.responseBodySize + sizes.responseHeadersSize;
      totals.body += sizes.responseBodySize;
      totals.decoded += decoded.length;
      totals.gzip += gzipSync(decoded).length;
    }
  }
  await context.close();
  return { all, js, usableMs };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const secondsText = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const { child, dataDir } = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  console.log(`first load, cold cache, built SPA from ${SPA_DIR} served by ${SERVER_BUNDLE}`);
  for (const route of ROUTES) {
    const fast = await firstLoad(browser, route, false);
    const slow = await firstLoad(browser, route, true);
    const { all, js } = fast;
    console.log(`\n${route.name} (${route.path}${route.account ? `, signed in as ${route.account}` : ''})`);
    console.log(
      `  all requests: ${all.requests}, transferred ${kb(all.wire)} (bodies ${kb(all.body)} as sent), uncompressed ${kb(all.decoded)}, gzipped ${kb(all.gzip)}`,
    );
    console.log(
      `  JavaScript:   ${js.requests} files, transferred ${kb(js.wire)} (bodies ${kb(js.body)} as sent), uncompressed ${kb(js.decoded)}, gzipped ${kb(js.gzip)}`,
    );
    console.log(
      `  usable after ${secondsText(fast.usableMs)}; at 1.6 Mbit/s and 150 ms RTT after ${secondsText(slow.usableMs)} (transferred ${kb(slow.all.wire)})`,
    );
  }
} finally {
  await browser.close();
  if (child.pid !== undefined && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
