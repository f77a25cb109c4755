import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { get } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';
import { freePort } from '../support/free-port';
import { useServerBundle } from '../support/server-bundle';

// FOLIO_WORKERS (issue 36 "Every core", decision 0471): that many server processes answer on one port,
// on PostgreSQL only; the embedded database refuses, saying why. The real server entry runs as a process.

/** The server as production runs it, built from these sources once for the file (tests/support/server-bundle.ts). */
const serverEntry = useServerBundle();

/** A start of the real entry with `extra` over a clean environment (nothing of the test runner's database or demo settings). */
function startServer(extra: Record<string, string>) {
  const { FOLIO_DEMO: _demo, DATABASE_URL: _database, NODE_ENV: _node, FOLIO_WORKERS: _workers, ...rest } = process.env;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-workers-'));
  const env = { ...rest, FOLIO_DATA_DIR: dataDir, FOLIO_SEED_ORDERS: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', FOLIO_DEMO: 'true', ...extra };
  const child = spawn(process.execPath, [serverEntry()], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, exited, output: () => output };
}

/** /health on a connection of its own: the cluster hands each new connection to the next process. */
function health(port: number): Promise<{ process: number }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/health', agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve(JSON.parse(body) as { process: number }));
    }).on('error', reject);
  });
}

describe('FOLIO_WORKERS', () => {
  it('is refused on the embedded database, before anything starts, saying why', async () => {
    const server = startServer({ FOLIO_WORKERS: '2', PORT: String(await freePort()) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('FOLIO_WORKERS=2 needs PostgreSQL (DATABASE_URL)');
    expect(server.output()).toContain('runs inside one server process and cannot be shared by several');
    expect(server.output()).not.toContain('is running at');
  }, 60_000);

  it('runs background work (exports, webhooks, the demo payout rail) in the first process only, with its own settings', () => {
    const env = { FOLIO_EXPORT_WORKERS: '3', FOLIO_WEBHOOK_WORKERS: '2', FOLIO_WORKERS: '4', DATABASE_URL: 'postgres://localhost/folio' };
    const first = configFromEnv({ ...env, FOLIO_SERVER_PROCESS: '1' });
    const second = configFromEnv({ ...env, FOLIO_SERVER_PROCESS: '2' });
    expect([first.exportWorkers, first.integrations.webhookWorkers, first.demoPayoutSettleMs > 0]).toEqual([3, 2, true]);
    expect([second.exportWorkers, second.integrations.webhookWorkers, second.demoPayoutSettleMs]).toEqual([0, 0, 0]);
    // The payout run (decision 0582) is background work too: process 1 only.
    expect([first.payoutRunMs > 0, second.payoutRunMs]).toEqual([true, 0]);
    expect(() => configFromEnv({ FOLIO_WORKERS: '0' })).toThrow('FOLIO_WORKERS must be at least 1');
  });

  describe.skipIf(!postgresUrl)('on PostgreSQL', () => {
    let drop: () => Promise<void>;
    let url: string;
    beforeAll(async () => {
      ({ url, drop } = await freshPostgresDatabase());
    }, 60_000);
    afterAll(async () => drop?.());

    it('answers from two processes on one port, and stops both on SIGTERM', async () => {
      const port = await freePort();
      const server = startServer({ FOLIO_WORKERS: '2', DATABASE_URL: url, PORT: String(port) });
      try {
        // The primary announces once both processes listen; the bound is a first migration and demo seed of
        // no orders on a busy machine (about 10 s here), with a wide margin.
        const deadline = Date.now() + 150_000;
        while (!server.output().includes('is running at') && server.child.exitCode === null && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 100));
        expect(server.output()).toContain('2 server processes');
        const answered = new Set<number>();
        for (let call = 0; call < 20 && answered.size < 2; call += 1) answered.add((await health(port)).process);
        expect([...answered].sort()).toEqual([1, 2]);
      } finally {
        server.child.kill('SIGTERM');
      }
      expect(await server.exited).toBe(0);
      await expect(health(port)).rejects.toThrow();
    }, 200_000);
  });
});
