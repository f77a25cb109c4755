// Usage: node scripts/e2e-shards.mjs [playwright args...]
// Runs the end-to-end suite as E2E_SHARDS (default 2) Playwright shards at once. Each shard starts its
// own server over its own fresh demo database on its own ports (E2E_PORT + 100 per shard; the suites'
// private servers sit at small offsets above it), so no shard sees another's data. The model-coverage
// record is cleared once here and filled by every shard. Exits non-zero when any shard fails.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 4173);
const coverageDir = process.env.MODEL_COVERAGE_DIR ?? path.resolve('reports/model-coverage/raw');
rmSync(coverageDir, { recursive: true, force: true });

const started = Date.now();
const runs = Array.from({ length: shards }, (_, index) => {
  const shard = index + 1;
  const args = ['playwright', 'test', `--shard=${shard}/${shards}`, `--output=test-results/shard-${shard}`, ...process.argv.slice(2)];
  const child = spawn('npx', args, {
    env: { ...process.env, E2E_PORT: String(basePort + 100 * index), MODEL_COVERAGE_DIR: coverageDir, MODEL_COVERAGE_KEEP: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, target) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) target.write(`[shard ${shard}] ${line}\n`);
    });
    stream.on('end', () => rest && target.write(`[shard ${shard}] ${rest}\n`));
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return new Promise((resolve) => child.on('close', (code) => resolve({ shard, code: code ?? 1 })));
});

const results = await Promise.all(runs);
const failed = results.filter((result) => result.code !== 0);
console.log(
  `e2e: ${shards} shard(s) in ${((Date.now() - started) / 1000).toFixed(1)} s; ${failed.length ? `failed: ${failed.map((r) => r.shard).join(', ')}` : 'all passed'}`,
);
process.exit(failed.length ? 1 : 0);
