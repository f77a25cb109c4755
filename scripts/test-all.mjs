// `npm test`: every check and both suites, in the least wall time two cores allow.
//
// 1. The static checks (lint, format, types, the generated documents) run one after the other, each
//    one's output printed whole when it ends; the first failure stops the run before the suites.
// 2. The unit suite and the browser suite then run at the same time, the unit suite at the lowest
//    scheduling priority (`nice`): it takes only the CPU the browser suite leaves (while templates
//    are seeded, servers start and the last shards finish) and cannot slow a browser test into a
//    timeout. With today's suite the browser shards keep both cores busy most of the time, so the
//    gain is small; the suites' lines are
//    prefixed with [unit] and [e2e].
//
// Exits non-zero when anything failed and lists what failed; a failed check stops before the suites.
// TEST_SEQUENTIAL=1 runs the two suites one after the other instead (for reading one suite's output).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

const checks = ['lint', 'format:check', 'typecheck', 'diagrams:check', 'permissions:check', 'decisions:check', 'openapi:check'];
const failed = [];

function npmRun(script, { prefix, nice } = {}) {
  const command = nice ? 'nice' : 'npm';
  const args = nice ? ['-n', '19', 'npm', 'run', script] : ['run', script];
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const buffered = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      if (prefix) process.stdout.write(`${prefix} ${line}\n`);
      else buffered.push(line);
    });
  }
  return once(child, 'close').then(([code]) => {
    if (!prefix) process.stdout.write(buffered.map((line) => `${line}\n`).join(''));
    if (code !== 0) failed.push(`npm run ${script} (exit ${code})`);
    return code;
  });
}

for (const script of checks) if ((await npmRun(script)) !== 0) break;
if (failed.length) {
  console.error(`\nnpm test stopped before the suites: ${failed.join(', ')}`);
  process.exit(1);
}
if (process.env.TEST_SEQUENTIAL === '1') {
  await npmRun('test:unit', { prefix: '[unit]' });
  await npmRun('test:e2e', { prefix: '[e2e]' });
} else {
  await Promise.all([npmRun('test:unit', { prefix: '[unit]', nice: true }), npmRun('test:e2e', { prefix: '[e2e]' })]);
}

if (failed.length) {
  console.error(`\nnpm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nnpm test: every check and both suites passed');
