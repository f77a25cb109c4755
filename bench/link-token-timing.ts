import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAY_API } from '../contract/payment-links';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';

// `npm run bench:link-tokens` (issue 15 "link tokens cannot be enumerated"): does the guest page's
// public read answer a near miss (a real token with its last character changed) any faster or
// slower than a wild guess? Both must be the same 404; a timing gap would let someone walk towards
// a real token. Interleaves BENCH_REQUESTS (default 1000) of each, from a new client address each
// time (the per-address rate limit is not what is measured), and prints the medians, p95 and their
// ratio. Prints numbers; asserts nothing.

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-link-bench-'));
const config = { ...configFromEnv({ NODE_ENV: 'test', FOLIO_DATA_DIR: dataDir, FOLIO_DEMO: 'true', LOG_LEVEL: 'warn' }), seedOrders: 200 };
const app = await buildApp({ ...config, database: { kind: 'pglite', dataDir: 'memory' } });
await app.ready();

const { token } = await app.ctx.db.selectFrom('payment_links').select('token').limit(1).executeTakeFirstOrThrow();
const nearMiss = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
const wildGuess = () =>
  randomBytes(Math.ceil((token.length * 3) / 4))
    .toString('base64url')
    .slice(0, token.length);

let address = 0;
async function timed(candidate: string): Promise<{ ms: number; status: number; body: string }> {
  address += 1;
  const remoteAddress = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  const started = process.hrtime.bigint();
  const answer = await app.inject({ method: 'GET', url: `${PAY_API}/links/${encodeURIComponent(candidate)}`, remoteAddress });
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, status: answer.statusCode, body: answer.body };
}

const near: number[] = [];
const wild: number[] = [];
const bodies = new Set<string>();
for (let index = 0; index < 50; index++) await timed(index % 2 ? nearMiss : wildGuess()); // warm-up
for (let index = 0; index < REQUESTS; index++) {
  for (const [sample, candidate] of [
    [near, nearMiss],
    [wild, wildGuess()],
  ] as const) {
    const answer = await timed(candidate);
    if (answer.status !== 404) throw new Error(`expected 404 for a token that is not a link, got ${answer.status}`);
    bodies.add(answer.body);
    sample.push(answer.ms);
  }
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
const line = (label: string, values: number[]) => `${label}: p50 ${percentile(values, 50).toFixed(3)} ms, p95 ${percentile(values, 95).toFixed(3)} ms`;
console.log(`GET ${PAY_API}/links/{token}, ${REQUESTS} of each, interleaved, after 50 warm-up`);
console.log(line('near miss (a real token, last character changed)', near));
console.log(line('wild guess (random token of the same length)   ', wild));
console.log(`ratio near/wild at p50 ${(percentile(near, 50) / percentile(wild, 50)).toFixed(3)}x; distinct 404 bodies: ${bodies.size}`);
await app.close();
