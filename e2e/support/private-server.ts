import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';

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

/** `env` overrides the demo settings below (e.g. a larger FOLIO_SEED_ORDERS). */
export async function startPrivateServer(port: number, env: Record<string, string> = {}): Promise<PrivateServer> {
  if (await answers(`http://localhost:${port}`)) throw new Error(`port ${port} is already taken by another server; stop it and run again`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-e2e-private-'));
  // scripts/e2e-shards.mjs seeds the default demo once; a suite with the default volume starts from a
  // copy of it (the server then finds migrations and seed done). Another volume seeds its own.
  const template = process.env.E2E_PRIVATE_TEMPLATE;
  if (template && (env.FOLIO_SEED_ORDERS ?? '50') === '50') cpSync(template, dataDir, { recursive: true });
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
      FOLIO_SEED_ORDERS: '50',
      FOLIO_SIGNIN_PER_MINUTE: '1000',
      FOLIO_FORGOT_PER_HOUR: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  started.add(child);
  const baseURL = `http://localhost:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the private server on ${port} exited with ${child.exitCode}`);
    try {
      // A bounded wait per try: a connection that hangs while the server starts must not outlast the deadline.
      if ((await fetch(`${baseURL}/health`, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      throw new Error(`the private server on ${port} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
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
    // Only a guard against a hang: a larger volume seeds in the start (400,000 orders: about a minute).
    test.setTimeout(300_000);
    server = await startPrivateServer(port, typeof env === 'function' ? env() : env);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return { baseURL };
}
