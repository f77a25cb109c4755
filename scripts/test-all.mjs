// `npm test`: every check and both suites, in the least wall time two cores allow without the suites
// slowing each other into timeouts.
//
// 1. The static checks (types, lint, format, the generated documents) run two at a time, a free lane
//    taking the next one: each one is mostly a single thread. Each one's output is printed whole when
//    it ends, in the order below; a failure stops the run before the suites.
// 2. The unit suite (two workers) then the browser suite (three shards): each keeps both cores busy
//    on its own. Run together, the unit suite's hooks waited for the CPU past their timeouts.
//
// Exits non-zero when anything failed and lists what failed.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

const checks = ['typecheck', 'lint', 'format:check', 'diagrams:check', 'permissions:check', 'decisions:check', 'openapi:check'];
const CHECKS_AT_ONCE = 2;
const failed = [];

/** Runs `npm run <script>`; its lines are prefixed as they come, or returned whole at the end. */
async function npmRun(script, { prefix } = {}) {
  const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const buffered = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      if (prefix) process.stdout.write(`${prefix} ${line}\n`);
      else buffered.push(line);
    });
  }
  const [code] = await once(child, 'close');
  if (code !== 0) failed.push(`npm run ${script} (exit ${code})`);
  return { code, output: buffered.map((line) => `${line}\n`).join('') };
}

/** The checks, CHECKS_AT_ONCE at a time (a free lane takes the next one), printed in the list's order. */
async function runChecks() {
  const finish = [];
  const finished = checks.map((_, index) => new Promise((resolve) => (finish[index] = resolve)));
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < checks.length; index = next++) finish[index](await npmRun(checks[index]));
  };
  const lanes = Array.from({ length: CHECKS_AT_ONCE }, lane);
  for (const result of finished) process.stdout.write((await result).output);
  await Promise.all(lanes);
}

await runChecks();
if (failed.length) {
  console.error(`\nnpm test stopped before the suites: ${failed.join(', ')}`);
  process.exit(1);
}
await npmRun('test:unit', { prefix: '[unit]' });
await npmRun('test:e2e', { prefix: '[e2e]' });

if (failed.length) {
  console.error(`\nnpm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nnpm test: every check and both suites passed');
