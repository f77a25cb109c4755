import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEndpoints } from '../../contract/transactions';
import { BROTLI_QUALITY } from '../../server/http/compression';
import { IMMUTABLE, REVALIDATE } from '../../server/http/spa-assets';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 13 "First load", on a real production build of the SPA (built once here, into a temporary
// directory, exactly as `npm run build` builds dist/) served by the real server over a socket.

const run = promisify(execFile);
const spaDir = mkdtempSync(path.join(tmpdir(), 'folio-spa-'));

/**
 * Strings that exist only in the Stately inspector and the packages it brings (checked against a
 * build with VITE_INSPECT=true, where each of them is present): a production build has none.
 */
const INSPECTOR_TRACES: Record<string, string[]> = {
  '@statelyai/inspect': ['https://stately.ai/inspect', 'stately.ai/registry/api'],
  partysocket: ['partysocket/event-target-polyfill', 'PartySocket requires a global'],
  superjson: ['blitz-js/superjson', 'Trying to deserialize unknown class'],
  'safe-stable-stringify': ['"circularValue" argument'],
};

function builtScripts(): { name: string; text: string }[] {
  const assets = path.join(spaDir, 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, text: readFileSync(path.join(assets, name), 'utf8') }));
}

async function budgetCheck(budgetKb?: number): Promise<{ code: number; output: string }> {
  const env = { ...process.env, ...(budgetKb === undefined ? {} : { SIGN_IN_BUDGET_KB: String(budgetKb) }) };
  try {
    const { stdout } = await run(process.execPath, ['scripts/check-bundle-budget.mjs', spaDir], { env });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the socket, not decoded. */
  body: Buffer;
}

function get(base: string, url: string, headers: Record<string, string> = {}, json?: unknown): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const method = json === undefined ? 'GET' : 'POST';
    const sent = json === undefined ? headers : { ...headers, 'content-type': 'application/json' };
    const request = httpRequest(`${base}${url}`, { method, headers: sent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end(json === undefined ? undefined : JSON.stringify(json));
  });
}

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  delete env.VITE_INSPECT;
  await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', spaDir, '--emptyOutDir', '--logLevel', 'error'], { env });
}, 180_000);
afterAll(() => rmSync(spaDir, { recursive: true, force: true }));

describe('the production build', () => {
  it('ships none of the Stately inspector or the packages it brings', () => {
    const scripts = builtScripts();
    expect(scripts.length).toBeGreaterThan(10);
    const found = scripts.flatMap(({ name, text }) =>
      Object.entries(INSPECTOR_TRACES).flatMap(([pkg, traces]) => traces.filter((trace) => text.includes(trace)).map((trace) => `${name}: ${pkg} (${trace})`)),
    );
    expect(found).toEqual([]);
  });

  it('keeps the JavaScript of /sign-in within its gzip budget, and the check fails a build over it', async () => {
    const within = await budgetCheck();
    expect(within.output).toMatch(/within the budget of \d+ KB gzip/);
    expect(within.code).toBe(0);
    const total = Number(/([\d.]+) KB gzip\s+[\d.]+ KB\s+\d+ files:/.exec(within.output)?.[1]);
    expect(total).toBeGreaterThan(50);
    const over = await budgetCheck(Math.floor(total) - 1);
    expect(over.code).toBe(1);
    expect(over.output).toMatch(/OVER the budget/);
  });

  it('runs React DOM, the runtime developers debug in `npm run dev` (decision 0390)', async () => {
    // react-dom's production build names its fibers' DOM key and links its error codes; other runtimes write neither.
    const reactDom = builtScripts().filter(({ text }) => text.includes('__reactFiber$') && text.includes('react.dev/errors'));
    expect(reactDom.map(({ name }) => name)).not.toEqual([]);
    const { code, output } = await budgetCheck();
    expect(code).toBe(0);
    expect(output).toContain('React DOM: in the scripts /sign-in loads');
  });

  it('loads no classic zod on /sign-in, and react-hook-form only as the form kit of its sign-in form (decisions 0331, 0571)', async () => {
    const { output } = await budgetCheck();
    const files = [...output.matchAll(/\s(assets\/\S+\.js)$/gm)].map((match) => match[1]!);
    expect(files.length).toBeGreaterThan(5);
    // Names only these packages put in the bundle: react-hook-form's form defaults, and the
    // constructor name of classic zod's object schema (zod/mini's is ZodMiniObject, core's $ZodObject).
    const traces = { 'react-hook-form': /shouldFocusError/, 'classic zod': /[`'"]ZodObject[`'"]/ };
    const tracesIn = (names: string[], read: (name: string) => string) =>
      names.flatMap((name) => {
        const text = read(name);
        return Object.entries(traces)
          .filter(([, trace]) => trace.test(text))
          .map(([pkg]) => pkg);
      });
    // The sign-in form is on the kit (react-hook-form); its schema is zod/mini, the classic dialect stays off.
    expect(new Set(tracesIn(files, (file) => readFileSync(path.join(spaDir, file), 'utf8')))).toEqual(new Set(['react-hook-form']));
    // Classic zod is still in the build, for the signed-in screens: the trace is real.
    const everywhere = tracesIn(['all scripts'], () =>
      builtScripts()
        .map(({ text }) => text)
        .join('\n'),
    );
    expect(everywhere).toEqual(['react-hook-form', 'classic zod']);
  });

  it('has index.html fetch every script /sign-in needs at once, the lazily loaded sign-in screen included (decision 0338)', async () => {
    const { output } = await budgetCheck();
    const needed = [...output.matchAll(/\s(assets\/\S+\.js)$/gm)].map((match) => `/${match[1]!}`);
    expect(needed.some((file) => file.includes('sign-in-screen'))).toBe(true);
    const html = readFileSync(path.join(spaDir, 'index.html'), 'utf8');
    const fetchedAtOnce = [...html.matchAll(/<(?:script type="module"|link rel="modulepreload") crossorigin (?:src|href)="([^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(needed.filter((file) => !fetchedAtOnce.includes(file))).toEqual([]);
  });
});

describe('the server sending the built SPA', () => {
  let app: FastifyInstance;
  let base: string;
  let entryScript: string;

  beforeAll(async () => {
    app = await startTestApp({ spaDir });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // The largest script index.html fetches at once: the entry itself can be a stub that imports the app's
    // first chunk (small shared chunks fold into their users, decision 0491), too small to be worth compressing.
    const html = readFileSync(path.join(spaDir, 'index.html'), 'utf8');
    const fetchedAtOnce = [...html.matchAll(/<(?:script type="module"|link rel="modulepreload") crossorigin (?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
      (match) => match[1]!,
    );
    entryScript = fetchedAtOnce.sort((a, b) => statSync(path.join(spaDir, b)).size - statSync(path.join(spaDir, a)).size)[0] ?? '';
    expect(entryScript).not.toBe('');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sends a hashed script brotli-compressed, or gzipped, as the browser accepts, cached for a year', async () => {
    const original = readFileSync(path.join(spaDir, entryScript));
    const br = await get(base, entryScript, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.body.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);

    const gz = await get(base, entryScript, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gz.body).equals(original)).toBe(true);

    const plain = await get(base, entryScript);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });

  it('has index.html revalidated on every load, at / and at every client-side route', async () => {
    const index = readFileSync(path.join(spaDir, 'index.html'));
    for (const url of ['/', '/index.html', '/sign-in', '/transactions?page=2']) {
      const answer = await get(base, url, { 'accept-encoding': 'br, gzip' });
      expect(answer.status, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/text\/html/);
      expect(answer.headers['cache-control'], url).toBe(REVALIDATE);
      const body = answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.body) : answer.body;
      expect(body.equals(index), url).toBe(true);
    }
  });

  it('answers a script of an older build with 404, not with the SPA page', async () => {
    const answer = await get(base, '/assets/index-0ld8u1ld.js');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(answer.headers['cache-control']).not.toBe(IMMUTABLE);
  });

  it('compresses JSON answers over 1 KB for a browser that accepts it, and leaves small ones as they are', async () => {
    const { accessToken } = await signIn(app, 'folioadmin@demo.folio.test');
    const url = orderEndpoints.searchOrders.path;
    const page = { pagination: { page: 0, pageSize: 25 } };
    const plain = await get(base, url, bearer(accessToken), page);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await get(base, url, { ...bearer(accessToken), 'accept-encoding': 'gzip, deflate, br' }, page);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    // At brotli's quality 3, not the plugin's 4 (decision 0668): the same bytes brotli gives at that quality.
    expect(BROTLI_QUALITY).toBe(3);
    expect(br.body.equals(brotliCompressSync(plain.body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }))).toBe(true);

    const health = await get(base, '/health', { 'accept-encoding': 'br' });
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
