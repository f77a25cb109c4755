// `npm test`: every check and both suites, in the least wall time two cores allow without the suites
// slowing each other into timeouts.
//
// 1. The static checks (types, lint, format, the generated documents) run two at a time, a free lane
//    taking the next one: each one is mostly a single thread. Each one's output is printed whole when
//    it ends, in the order below; a failure stops the run before the suites.
// 2. The unit suite (two workers) then the browser suite (three shards): each keeps both cores busy
//    on its own. Run together, the unit suite's hooks waited for the CPU past their timeouts.
//
// Exits non-zero when anything failed and lists what failed, each failed test once more at the very end
// with the start of its error (from the suites' JSON reports): CI keeps only the tail of a long run's
// output, and the unit suite's own report sits twenty minutes of browser output above it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const checks = ['typecheck', 'lint', 'format:check', 'diagrams:check', 'permissions:check', 'decisions:check', 'openapi:check'];
const CHECKS_AT_ONCE = 2;
const failed = [];

/** Runs `npm run <script>`; its lines are prefixed as they come, or returned whole at the end. */
async function npmRun(script, { prefix, args = [] } = {}) {
  const child = spawn('npm', ['run', script, ...(args.length ? ['--', ...args] : [])], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
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
const UNIT_REPORT = path.resolve('test-results/unit-report.json');
rmSync(UNIT_REPORT, { force: true });
// One more try for a unit test that fails: a test failing both times fails the run; one passing the second
// time is listed at the end as such, red or green (decision 0666).
const unit = await npmRun('test:unit', {
  prefix: '[unit]',
  args: ['--retry=1', '--reporter=default', '--reporter=json', `--outputFile.json=${UNIT_REPORT}`],
});
const e2e = await npmRun('test:e2e', { prefix: '[e2e]' });

/** The first lines of an error, indented under its test. */
const errorStart = (message) =>
  String(message ?? '')
    .split('\n')
    .filter((line) => line.trim() && !line.includes('node_modules'))
    .slice(0, 12)
    .map((line) => `      ${line}`);

/**
 * The unit suite's JSON report: every failed test (its file, its name, the start of its error), and every test
 * that failed once and passed on its second try (the report keeps the first try's error).
 */
function unitReport() {
  if (!existsSync(UNIT_REPORT)) return { failures: ['  (no unit report was written)'], secondTries: [] };
  const report = JSON.parse(readFileSync(UNIT_REPORT, 'utf8'));
  const failures = [];
  const secondTries = [];
  for (const file of report.testResults) {
    const name = path.relative(process.cwd(), file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    if (!failedTests.length && file.status === 'failed') failures.push(`  ${name}`, ...errorStart(file.message));
    for (const test of failedTests) failures.push(`  ${name} > ${test.fullName}`, ...test.failureMessages.flatMap(errorStart));
    for (const test of file.assertionResults.filter((test) => test.status === 'passed' && test.failureMessages.length))
      secondTries.push(`  ${name} > ${test.fullName}`, ...errorStart(test.failureMessages[0]));
  }
  return { failures, secondTries };
}

/** Every failed test of the browser shards' JSON reports (scripts/e2e-shards.mjs writes one per shard). */
function e2eFailures() {
  const reports = existsSync('test-results') ? readdirSync('test-results').filter((file) => /^shard-\d+\.json$/.test(file)) : [];
  const lines = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          if (result.status !== 'passed' && result.status !== 'skipped')
            lines.push(
              `  e2e/${spec.file}:${spec.line} > ${spec.title} (${result.status})`,
              ...(result.errors ?? []).flatMap((error) => errorStart(error.message)),
            );
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const file of reports) for (const suite of JSON.parse(readFileSync(path.join('test-results', file), 'utf8')).suites ?? []) walk(suite);
  return lines;
}

// Colour codes make no sense in a log file.
const colourCode = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const plain = (line) => line.replace(colourCode, '');
// At most this many lines each, so the lists stay inside the tail CI keeps.
const shown = (lines) => (lines.length > 60 ? [...lines.slice(0, 60), `  ... ${lines.length - 60} more lines`] : lines);
const { failures, secondTries } = unitReport();
if (secondTries.length) console.log(['\n== unit tests that failed once and passed on their second try ==', ...shown(secondTries)].map(plain).join('\n'));
if (failed.length) {
  if (unit.code !== 0) console.error(['\n== the unit suite failed in ==', ...shown(failures)].map(plain).join('\n'));
  if (e2e.code !== 0) console.error(['\n== the browser suite failed in ==', ...shown(e2eFailures())].map(plain).join('\n'));
  console.error(`\nnpm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nnpm test: every check and both suites passed');
