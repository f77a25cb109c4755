import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { startAllowance, waitForServerStart } from '../../scripts/server-start.mjs';

/*
 * A server of its own for a suite that changes the demo world: the same server and SPA as
 * playwright.config.ts's, over a fresh demo database. The KYC story moves the applicant's group to
 * Active, the model paths need it Created, the password-reset test changes a demo password that the
 * shell tests sign in with; separate databases keep them independent whatever order the files run in.
 */
export interface PrivateServer {
  baseURL: string;
  stop(): Promise<void>;
}

export function privatePort(offset: number): number {
  return Number(process.env.E2E_PORT ?? 4173) + offset;
}

/** Servers started by this test process: killed when it exits, even if a hook timed out before its afterAll could stop them. */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
});

/** Whether something already answers on the port: a server left over from another run would answer in this one's place. */
async function answers(baseURL: string): Promise<boolean> {
  try {
    await fetch(`${baseURL}/health`, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

const DEFAULT_ORDERS = '50';

/** `env` overrides the demo settings below (e.g. a larger FOLIO_SEED_ORDERS). */
export async function startPrivateServer(port: number, env: Record<string, string> = {}): Promise<PrivateServer> {
  if (await answers(`http://localhost:${port}`)) throw new Error(`port ${port} is already taken by another server; stop it and run again`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-e2e-private-'));
  // scripts/e2e-shards.mjs seeds the default demo and every volume a suite asks for once (E2E_TEMPLATES,
  // orders -> data directory); a suite starts from a copy of its volume (the server then finds
  // migrations and seed done). A larger volume without a template of its own starts from the default
  // one and tops its orders up; without any (a run of one spec file) the server seeds from nothing.
  const orders = env.FOLIO_SEED_ORDERS ?? DEFAULT_ORDERS;
  const templates = JSON.parse(process.env.E2E_TEMPLATES ?? '{}') as Record<string, string>;
  const template = templates[orders] ?? (Number(orders) >= Number(DEFAULT_ORDERS) ? templates[DEFAULT_ORDERS] : undefined);
  if (template) cpSync(template, dataDir, { recursive: true });
  // The server as `npm start` runs it: the bundle `npm run build` wrote, through the production launcher.
  const child: ChildProcess = spawn('node', ['scripts/run-server.mjs', process.env.E2E_SERVER_BUNDLE ?? 'dist-server/main.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      FOLIO_DATA_DIR: dataDir,
      FOLIO_DEMO: 'true',
      FOLIO_SPA_DIR: process.env.E2E_SPA_DIR ?? 'dist',
      FOLIO_SEED_ORDERS: DEFAULT_ORDERS,
      FOLIO_SIGNIN_PER_MINUTE: '1000',
      FOLIO_FORGOT_PER_HOUR: '1000',
      // Info while it starts: the seed's rate, from which the deadline is derived (scripts/server-start.mjs).
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  started.add(child);
  const baseURL = `http://localhost:${port}`;
  // Until the server's first progress line, a start from a template does what the default template's
  // measured start did at most (opening, checks): that bounds it; later lines move the deadline.
  const measuredMs = template ? Number(process.env.E2E_PRIVATE_START_MS) : undefined;
  let rates = 0;
  try {
    const ms = await waitForServerStart({
      child,
      baseURL,
      name: `private (port ${port})`,
      allowanceMs: startAllowance(measuredMs),
      onRate: (rate) => {
        // The first measured rate and the last: what the deadline was derived from.
        if (rates++ === 0 || rate.added === rate.of)
          console.log(
            `private server on ${port}: ${rate.added}/${rate.of} orders at ${rate.ordersPerSecond}/s; deadline in ${Math.round(rate.deadlineInMs / 1000)} s`,
          );
      },
    });
    if (templates[orders] === undefined && Number(orders) > 10_000)
      console.log(`private server on ${port}: seeded ${orders} orders and started in ${(ms / 1000).toFixed(1)} s`);
  } catch (error) {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    throw error;
  }
  return {
    baseURL,
    stop: async () => {
      if (child.exitCode !== null || child.pid === undefined) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
      // Each suite's database is its own: a run would otherwise leave about 1.5 GB of them behind.
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A private server for the spec file (or describe block) that calls this at its top: started from the
 * shared demo template before the first test (another volume when `env` asks for one), stopped after
 * the last, and opened by the file's pages. `env` may be a function, read when the server starts: the
 * address of a peer that an earlier beforeAll started. A beforeAll declared after this call runs with
 * the server up.
 */
export function usePrivateServer(offset: number, env: Record<string, string> | (() => Record<string, string>) = {}): { baseURL: string } {
  const port = privatePort(offset);
  const baseURL = `http://localhost:${port}`;
  test.use({ baseURL });
  let server: PrivateServer | undefined;
  test.beforeAll(async () => {
    // The start's own deadline is derived from its measured seed rate (scripts/server-start.mjs); the
    // hook's timeout is turned off so that deadline is the one that applies.
    test.setTimeout(0);
    server = await startPrivateServer(port, typeof env === 'function' ? env() : env);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return { baseURL };
}
