import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_DOMAIN, DEMO_PASSWORD } from '../../server/demo/demo-layout';
import { freePort } from '../support/free-port';
import { useServerBundle } from '../support/server-bundle';

// Issue 36 "Start": the server listens before its database is ready (decision 0652). The sign-in page is
// served while the database opens, migrates and seeds; a call made meanwhile waits and then succeeds;
// /health says 503 until the database is ready; a database that cannot be opened still stops the server
// with a readable sentence. The real server entry runs as a process and is called over HTTP.

/** The server as production runs it, built from these sources once for the file (tests/support/server-bundle.ts). */
const serverEntry = useServerBundle();

/** A stand-in build of the SPA: a page and the module script it loads. */
function spaDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'folio-early-spa-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Folio</title><script type="module" src="/assets/app.js"></script>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'export {};');
  return dir;
}

/** The real entry over a clean environment; `ipc` gives it the channel `npm start` gives it while the SPA builds. */
function startServer(extra: Record<string, string>, { ipc = false } = {}) {
  const { FOLIO_DEMO: _demo, DATABASE_URL: _database, NODE_ENV: _node, FOLIO_WORKERS: _workers, PUBLIC_URL: _public, ...rest } = process.env;
  const env = { ...rest, HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...extra };
  const child = spawn(process.execPath, [serverEntry()], { env, stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? ['ipc' as const] : [])] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, exited, output: () => output };
}

/** The first page the server answers (polled every 50 ms), or a failure saying what the server printed. */
async function firstPage(server: ReturnType<typeof startServer>, base: string, deadline: number): Promise<Response> {
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
    if (Date.now() > deadline) throw new Error(`no page within 150 s: ${server.output()}`);
    const page = await fetch(`${base}/`).catch(() => undefined);
    if (page?.ok) return page;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a server whose database is not ready yet', () => {
  it('serves the sign-in page at once, answers /health 503, and holds a sign-in until the database is ready, then signs in', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // A new demo database: its cluster is made before the server listens, the demo world (accounts,
    // merchants, payouts; no orders) is seeded after: seconds in which the database is not ready.
    const server = startServer({
      PORT: String(port),
      FOLIO_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'folio-early-data-')),
      FOLIO_SPA_DIR: spaDir(),
      FOLIO_DEMO: 'true',
      FOLIO_SEED_ORDERS: '0',
    });
    try {
      // The bound is a new cluster made in a child process on a busy machine (3-4 s of CPU here), with a wide margin.
      const deadline = Date.now() + 150_000;
      const page = await firstPage(server, base, deadline);
      // The page and its script, while the database is still being prepared: /health says so.
      expect(await page.text()).toContain('/assets/app.js');
      expect((await fetch(`${base}/assets/app.js`)).status).toBe(200);
      const starting = await fetch(`${base}/health`);
      expect(starting.status).toBe(503);
      expect(starting.headers.get('content-type')).toContain('application/problem+json');
      expect(await starting.json()).toMatchObject({ type: 'https://folio.test/problems/starting', status: 503 });

      // A sign-in made now, as the SPA makes it: it waits for the demo accounts, then succeeds.
      const csrf = await fetch(`${base}/api/auth/csrf`);
      expect(csrf.status).toBe(200);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const cookie = csrf.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const signIn = await fetch(`${base}/api/auth/callback/credentials`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
        body: new URLSearchParams({ csrfToken, email: `folioadmin@${DEMO_DOMAIN}`, password: DEMO_PASSWORD, callbackUrl: '/', json: 'true' }),
      });
      expect(signIn.status).toBe(200);
      expect(signIn.headers.getSetCookie().length).toBeGreaterThan(0);
      expect(await (await fetch(`${base}/health`)).json()).toMatchObject({ status: 'ok', demo: true });
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, 200_000);

  it('stops with a readable sentence and exit code 1 when its database cannot be opened', async () => {
    // Nothing listens on port 1: every connection is refused.
    const server = startServer({
      PORT: String(await freePort()),
      DATABASE_URL: 'postgres://folio@127.0.0.1:1/folio',
      NODE_ENV: 'development',
      FOLIO_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'folio-early-data-')),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Folio could not open or prepare its database, and stops: ');
    expect(server.output()).toContain('ECONNREFUSED');
  }, 120_000);
});

describe('a server started beside the build of the SPA (npm start)', () => {
  it('serves no page until the launcher says the build ended, then the files of that build', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const spa = spaDir();
    writeFileSync(path.join(spa, 'index.html'), '<!doctype html><title>the build before</title>');
    // A production database without demo data: the cluster, the migrations and the roles, then a vacuum,
    // whose log line says the database work has ended; the server says it waits for the build.
    const server = startServer(
      {
        PORT: String(port),
        FOLIO_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'folio-early-data-')),
        FOLIO_SPA_DIR: spa,
        FOLIO_DEMO: 'false',
        PUBLIC_URL: 'https://backoffice.example.com',
        FOLIO_TOKEN_SECRET: 'x'.repeat(43),
        FOLIO_SETTINGS_KEY: '0'.repeat(64),
        FOLIO_SPA_BUILDING: '1',
        LOG_LEVEL: 'info',
      },
      { ipc: true },
    );
    try {
      const deadline = Date.now() + 150_000;
      const waiting = () => server.output().includes('changed tables vacuumed') && server.output().includes('the SPA is being built');
      while (!waiting()) {
        if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
        if (Date.now() > deadline) throw new Error(`the server did not wait for the build within 150 s: ${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The database is ready, the build is not: nothing answers, not even with the older build's page.
      await expect(fetch(`${base}/`)).rejects.toThrow();
      // The build ends with a new page; the launcher says so.
      writeFileSync(path.join(spa, 'index.html'), '<!doctype html><title>the build that just ended</title>');
      server.child.send({ spa: 'built' });
      const page = await firstPage(server, base, deadline);
      expect(await page.text()).toContain('the build that just ended');
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, 200_000);
});
