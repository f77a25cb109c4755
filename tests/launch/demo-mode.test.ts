import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { createPgliteCluster } from '../../server/db/database';
import { freePort } from '../support/free-port';
import { useServerBundle } from '../support/server-bundle';

// Issue 12: demo mode is explicit in production. A production start over a database holding the demo
// accounts (published passwords) and no FOLIO_DEMO refuses to run and says why; `npm start` says
// FOLIO_DEMO=true itself on the embedded database, so the README's two commands still run the demo
// (decision 0171). These run the real server entry and the real launcher as processes.

/** The server as production runs it, built from these sources once for the file (tests/support/server-bundle.ts). */
const serverEntry = useServerBundle();
const LAUNCHER = path.resolve('scripts/run-server.mjs');

/** The environment of a production start on `dataDir`, without anything of the test runner's. */
function productionEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { FOLIO_DEMO: _demo, DATABASE_URL: _database, PUBLIC_URL: _public, NODE_ENV: _node, ...rest } = process.env;
  return {
    ...rest,
    NODE_ENV: 'production',
    FOLIO_DATA_DIR: dataDir,
    FOLIO_SEED_ORDERS: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    FOLIO_SPA_DIR: path.join(dataDir, 'no-spa'),
    ...extra,
  };
}

function startServer(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [serverEntry()], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  /** The exit code, or 'still running' (and the server stopped) when it has not exited in time. */
  const exitCode = async (withinMs = 90_000): Promise<number | null | 'still running'> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), withinMs)));
    const outcome = await Promise.race([exited, late]);
    clearTimeout(timer);
    if (outcome === 'still running') child.kill('SIGKILL');
    return outcome;
  };
  return { child, exited, exitCode, output: () => output };
}

describe('a production start over demo data', () => {
  let dataDir: string;
  beforeAll(async () => {
    // A database as `npm start` leaves it: the demo accounts and data.
    dataDir = mkdtempSync(path.join(tmpdir(), 'folio-demo-guard-'));
    await createPgliteCluster(path.join(dataDir, 'pglite'));
    const seeded = await buildApp(configFromEnv({ NODE_ENV: 'test', FOLIO_DATA_DIR: dataDir, FOLIO_DEMO: 'true', FOLIO_SEED_ORDERS: '0', LOG_LEVEL: 'warn' }));
    await seeded.close();
  }, 180_000);

  it('refuses to run without FOLIO_DEMO, saying why, with a non-zero exit code', async () => {
    const server = startServer(productionEnv(dataDir, { PORT: String(await freePort()) }));
    expect(await server.exitCode()).toBe(1);
    expect(server.output()).toContain('Refusing to start: this database holds the demo data');
    expect(server.output()).toContain('FOLIO_DEMO is not set');
    expect(server.output()).toContain('set FOLIO_DEMO=true');
    expect(server.output()).not.toContain('is running at');
  }, 120_000);

  it('refuses FOLIO_DEMO=false too: the demo accounts would stay open with their published password', async () => {
    const server = startServer(
      productionEnv(dataDir, {
        PORT: String(await freePort()),
        FOLIO_DEMO: 'false',
        PUBLIC_URL: 'https://backoffice.example.com',
        FOLIO_TOKEN_SECRET: 'x'.repeat(43),
      }),
    );
    expect(await server.exitCode()).toBe(1);
    expect(server.output()).toContain('FOLIO_DEMO is false');
  }, 120_000);

  it('runs the demo with an explicit FOLIO_DEMO=true', async () => {
    const port = await freePort();
    const server = startServer(productionEnv(dataDir, { PORT: String(port), FOLIO_DEMO: 'true' }));
    try {
      const deadline = Date.now() + 100_000;
      let health: { demo?: boolean } | undefined;
      while (!health && Date.now() < deadline) {
        const answer = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
        health = answer?.ok ? ((await answer.json()) as { demo: boolean }) : undefined;
        if (!health) await new Promise((resolve) => setTimeout(resolve, 250));
        if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
      }
      expect(health).toMatchObject({ status: 'ok', demo: true });
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 120_000);
});

describe('a production start on an empty database', () => {
  it('refuses without PUBLIC_URL: e-mailed links need a configured address', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-public-url-'));
    const server = startServer(productionEnv(dataDir, { PORT: String(await freePort()), FOLIO_DEMO: 'false', FOLIO_TOKEN_SECRET: 'x'.repeat(43) }));
    expect(await server.exitCode()).toBe(1);
    expect(server.output()).toContain('Refusing to start: PUBLIC_URL must be set in production');
  }, 120_000);
});

describe('the configuration', () => {
  it('turns demo mode on by itself only outside production', () => {
    expect(configFromEnv({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(configFromEnv({ NODE_ENV: 'production', FOLIO_DEMO: 'true' })).toMatchObject({ demo: true, demoExplicit: true });
    expect(configFromEnv({})).toMatchObject({ demo: true, demoExplicit: false });
    expect(configFromEnv({ DATABASE_URL: 'postgres://x/y' }).demo).toBe(false);
  });

  it('takes PUBLIC_URL only as a plain http(s) address and FOLIO_TRUST_PROXY as a flag or a list', () => {
    expect(configFromEnv({ PUBLIC_URL: 'https://backoffice.example.com/' }).publicUrl).toBe('https://backoffice.example.com');
    expect(configFromEnv({ PUBLIC_URL: 'https://example.com/folio/' }).publicUrl).toBe('https://example.com/folio');
    expect(() => configFromEnv({ PUBLIC_URL: 'javascript://evil.example/%0aalert(1)' })).toThrow(/http/);
    expect(() => configFromEnv({ PUBLIC_URL: 'evil.example' })).toThrow(/absolute/);
    expect(configFromEnv({}).trustProxy).toBe(false);
    expect(configFromEnv({ FOLIO_TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(configFromEnv({ FOLIO_TRUST_PROXY: '10.0.0.1, 10.0.0.0/8, loopback' }).trustProxy).toBe('10.0.0.1,10.0.0.0/8,loopback');
    expect(() => configFromEnv({ FOLIO_TRUST_PROXY: 'proxy.example' })).toThrow(/FOLIO_TRUST_PROXY/);
    expect(() => configFromEnv({ FOLIO_TRUST_PROXY: '10.0.0.0/40' })).toThrow(/FOLIO_TRUST_PROXY/);
  });
});

describe('the launcher of `npm start`', () => {
  const reporter = path.join(mkdtempSync(path.join(tmpdir(), 'folio-launch-demo-')), 'entry.mjs');
  writeFileSync(reporter, `console.log(JSON.stringify({ demo: process.env.FOLIO_DEMO ?? null }));`);
  const { FOLIO_DEMO: _demo, DATABASE_URL: _database, ...cleanEnv } = process.env;

  async function launch(args: string[], env: NodeJS.ProcessEnv) {
    const child = spawn(process.execPath, [LAUNCHER, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    return { code: code as number, demo: (JSON.parse(stdout) as { demo: string | null }).demo, stderr };
  }

  it('says FOLIO_DEMO=true on the embedded database when nothing is configured, and tells the operator', async () => {
    const run = await launch(['--demo-unless-configured', reporter], cleanEnv);
    expect(run).toMatchObject({ code: 0, demo: 'true' });
    expect(run.stderr).toContain('FOLIO_DEMO is not set: running the demo');
  });

  it('keeps an explicit FOLIO_DEMO, assumes nothing with DATABASE_URL, and nothing without the option', async () => {
    expect((await launch(['--demo-unless-configured', reporter], { ...cleanEnv, FOLIO_DEMO: 'false' })).demo).toBe('false');
    expect((await launch(['--demo-unless-configured', reporter], { ...cleanEnv, DATABASE_URL: 'postgres://db/folio' })).demo).toBeNull();
    expect((await launch([reporter], cleanEnv)).demo).toBeNull();
  });
});
