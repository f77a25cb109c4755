// Usage: node scripts/e2e-shards.mjs [--record] [playwright args...]
// Runs the end-to-end suite as E2E_SHARDS (default 3) Playwright shards at once. Each shard starts its
// own server over its own fresh demo database on its own ports (E2E_PORT + 100 per shard; the suites'
// private servers sit at small offsets above it), so no shard sees another's data. The model-coverage
// record is cleared once here and filled by every shard. Exits non-zero when any shard fails.
//
// Without extra arguments the spec files are dealt to the shards by their measured durations
// (e2e/durations.json, longest first onto the least loaded shard), so the shards end together;
// a spec with no measurement counts as the median one. Each run prints what every spec took, and
// --record writes it to e2e/durations.json. With arguments (a filter), Playwright's own --shard splits.
//
// Seeding a demo database takes a server start of its own (cluster, migrations, demo data), and the
// suite starts one server per shard and one per private-server suite. So the demo is seeded once per
// volume into a template data directory, and every server starts from a copy of it: the shards' servers
// (E2E_DATA_DIR) and the private servers, of the default volume and of each larger volume a suite asks
// for (E2E_TEMPLATES, see e2e/support/private-server.ts). Each start's deadline is derived from the
// seed rate it measures (scripts/server-start.mjs), and the measured start times bound the later ones.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitForServerStart } from './server-start.mjs';

const DURATIONS_FILE = 'e2e/durations.json';
const argv = process.argv.slice(2);
const record = argv.includes('--record');
const playwrightArgs = argv.filter((arg) => arg !== '--record');
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 3));
const basePort = Number(process.env.E2E_PORT ?? 4173);
const coverageDir = process.env.MODEL_COVERAGE_DIR ?? path.resolve('reports/model-coverage/raw');
rmSync(coverageDir, { recursive: true, force: true });

function specFiles(dir = 'e2e') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return specFiles(file);
    return entry.name.endsWith('.spec.ts') ? [file] : [];
  });
}

/** Longest spec first onto the shard with the least work so far (measured seconds). */
function dealByDuration(files, measured) {
  const known = files
    .map((file) => measured[file])
    .filter((seconds) => typeof seconds === 'number')
    .sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 30;
  const bins = Array.from({ length: shards }, () => ({ seconds: 0, files: [] }));
  const weighted = files.map((file) => ({ file, seconds: measured[file] ?? median })).sort((a, b) => b.seconds - a.seconds);
  for (const spec of weighted) {
    const lightest = bins.reduce((best, bin) => (bin.seconds < best.seconds ? bin : best));
    lightest.files.push(spec.file);
    lightest.seconds += spec.seconds;
  }
  return bins;
}

const bundle = process.env.E2E_SERVER_BUNDLE ?? 'dist-server/main.mjs';
const templateRoot = mkdtempSync(path.join(tmpdir(), 'folio-e2e-templates-'));

/** A data directory with the demo seeded at `orders` orders, by a server started once and stopped; and how long its start took. */
async function seededTemplate(name, port, orders) {
  const dataDir = path.join(templateRoot, name);
  const child = spawn('node', ['scripts/run-server.mjs', bundle], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      FOLIO_DATA_DIR: dataDir,
      FOLIO_DEMO: 'true',
      FOLIO_SPA_DIR: process.env.E2E_SPA_DIR ?? 'dist',
      FOLIO_SEED_ORDERS: orders,
      // Info: the seed's rate, from which the deadline is derived (scripts/server-start.mjs).
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let lastRate;
  const ms = await waitForServerStart({
    child,
    baseURL: `http://127.0.0.1:${port}`,
    name: `${name} template`,
    onRate: (rate) => (lastRate = rate),
  }).catch((error) => {
    child.kill('SIGKILL');
    throw error;
  });
  child.kill('SIGTERM'); // a graceful stop closes the database, so the copy is consistent
  await exited;
  const rate = lastRate ? `, ${lastRate.ordersPerSecond} orders/s` : '';
  console.log(`e2e: ${name} template (${orders} orders) started in ${(ms / 1000).toFixed(1)} s${rate}`);
  return { dataDir, ms };
}

/**
 * The order volumes the private-server suites of this run ask for (`FOLIO_SEED_ORDERS: '1500'`, or
 * `String(NAME)` with `const NAME = 400_000;` in the same file): each is seeded once here, while the
 * shards have not started, and its suite starts from a copy (E2E_TEMPLATES, e2e/support/private-server.ts).
 * A volume this misses is seeded by its suite's own server, which is slower, not wrong.
 */
function privateVolumes(files) {
  const volumes = new Set();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/FOLIO_SEED_ORDERS:\s*(?:'(\d+)'|String\((\w+)\))/g)) {
      const named = match[2] && source.match(new RegExp(`const ${match[2]} = ([\\d_]+);`))?.[1];
      const volume = match[1] ?? named?.replaceAll('_', '');
      if (volume) volumes.add(volume);
    }
  }
  volumes.delete(PRIVATE_DEFAULT_ORDERS);
  // A suite asking for the shared demo's own volume starts from the shared template: no second seeding.
  volumes.delete(MAIN_ORDERS);
  return [...volumes];
}

const PRIVATE_DEFAULT_ORDERS = '50';
const MAIN_ORDERS = process.env.E2E_SEED_ORDERS ?? '5000';
const measured = existsSync(DURATIONS_FILE) ? JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) : {};
const plan = playwrightArgs.length
  ? Array.from({ length: shards }, (_, index) => ({ args: [`--shard=${index + 1}/${shards}`, ...playwrightArgs], seconds: undefined }))
  : dealByDuration(specFiles(), measured)
      .filter((bin) => bin.files.length)
      .map((bin) => ({ args: bin.files, seconds: bin.seconds }));
// With a filter, which files run is Playwright's to decide: every spec's volume is prepared.
const plannedFiles = playwrightArgs.length ? specFiles() : plan.flatMap((entry) => entry.args);

const templateStarted = Date.now();
const volumes = privateVolumes(plannedFiles);
const [main, privateDefault, ...volumeTemplates] = await Promise.all([
  seededTemplate('main', basePort + 95, MAIN_ORDERS),
  seededTemplate('private', basePort + 96, PRIVATE_DEFAULT_ORDERS),
  ...volumes.map((orders, index) => seededTemplate(`private-${orders}`, basePort + 97 + index, orders)),
]);
const mainTemplate = main.dataDir;
const templates = Object.fromEntries([
  [PRIVATE_DEFAULT_ORDERS, privateDefault.dataDir],
  [MAIN_ORDERS, main.dataDir],
  ...volumes.map((orders, index) => [orders, volumeTemplates[index].dataDir]),
]);
console.log(`e2e: demo databases seeded once in ${((Date.now() - templateStarted) / 1000).toFixed(1)} s`);

const started = Date.now();
// npm test lists the failures of this run's shard reports: none of an earlier run's may stay.
if (existsSync('test-results')) for (const file of readdirSync('test-results')) if (/^shard-\d+\.json$/.test(file)) rmSync(path.join('test-results', file));
const runs = plan.map(({ args: shardArgs, seconds }, index) => {
  const shard = index + 1;
  const report = path.resolve(`test-results/shard-${shard}.json`);
  if (seconds !== undefined) console.log(`[shard ${shard}] ${shardArgs.length} spec files, about ${Math.round(seconds)} s measured`);
  const args = ['playwright', 'test', `--output=test-results/shard-${shard}`, '--reporter=list,json', ...shardArgs];
  const dataDir = path.join(templateRoot, `shard-${shard}`);
  cpSync(mainTemplate, dataDir, { recursive: true });
  const child = spawn('npx', args, {
    env: {
      ...process.env,
      E2E_DATA_DIR: dataDir,
      E2E_TEMPLATES: JSON.stringify(templates),
      // A start over a copy of a template seeds nothing more: the template's measured start bounds it.
      E2E_SERVER_START_MS: String(main.ms),
      E2E_PRIVATE_START_MS: String(privateDefault.ms),
      E2E_PORT: String(basePort + 100 * index),
      MODEL_COVERAGE_DIR: coverageDir,
      MODEL_COVERAGE_KEEP: 'true',
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    },
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
  return new Promise((resolve) => child.on('close', (code) => resolve({ shard, code: code ?? 1, report })));
});

const results = await Promise.all(runs);
rmSync(templateRoot, { recursive: true, force: true });

/**
 * Seconds per spec file from a Playwright JSON report: the stretch of the shard's timeline from the start of
 * the file's first test to the start of the next file's first test (the last file: to the end of the run).
 * A shard runs its files one after the other in one worker, so the stretch includes what the tests' own
 * durations leave out: the file's beforeAll and afterAll. The export suite that seeds 400,000 orders in its
 * beforeAll took 85 s alone, while its one test reported 17 s.
 */
function specSeconds(report) {
  if (!existsSync(report)) return {};
  const parsed = JSON.parse(readFileSync(report, 'utf8'));
  const starts = [];
  // The spec file a test ran in is its top-level suite's: a test written in a support module (the role sweep's)
  // names that module as its own file, and the three sweep files would count as one.
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) for (const result of test.results ?? []) starts.push({ file, at: Date.parse(result.startTime) });
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of parsed.suites ?? []) walk(suite, path.posix.join('e2e', suite.file));
  starts.sort((a, b) => a.at - b.at);
  const runEnd = Date.parse(parsed.stats.startTime) + parsed.stats.duration;
  const totals = {};
  starts.forEach((run, index) => {
    const next = starts[index + 1]?.at ?? runEnd;
    totals[run.file] = (totals[run.file] ?? 0) + (next - run.at) / 1000;
  });
  return totals;
}

const seconds = Object.assign({}, ...results.map((result) => specSeconds(result.report)));
const rounded = Object.fromEntries(
  Object.entries(seconds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, value]) => [file, Math.round(value * 10) / 10]),
);
console.log('e2e seconds per spec file:');
for (const [file, value] of Object.entries(rounded).sort(([, a], [, b]) => b - a)) console.log(`  ${value.toFixed(1).padStart(7)}  ${file}`);
if (record && !playwrightArgs.length) {
  writeFileSync(DURATIONS_FILE, `${JSON.stringify({ ...measured, ...rounded }, null, 2)}\n`);
  console.log(`recorded in ${DURATIONS_FILE}`);
}
const failed = results.filter((result) => result.code !== 0);
console.log(
  `e2e: ${results.length} shard(s) in ${((Date.now() - started) / 1000).toFixed(1)} s; ${failed.length ? `failed: ${failed.map((r) => r.shard).join(', ')}` : 'all passed'}`,
);
process.exit(failed.length ? 1 : 0);
