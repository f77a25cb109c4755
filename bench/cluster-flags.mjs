// `node bench/cluster-flags.mjs [rounds]` (issue 36 "Start in seconds", decision 0590): what creating a new
// embedded database cluster (PGlite's initdb, as a first start does in a child process) costs with each
// set of node options for that child, in one command: the settings interleaved round after round, a new
// directory each time. Prints each run's wall time and the child's CPU (user + system, from its own
// process.resourceUsage(), every thread), then the medians. Asserts nothing. Default 3 rounds.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const CREATE = `const { PGlite } = require(process.argv[1]); const db = new PGlite(process.argv[2]);
db.waitReady.then(() => db.close()).then(() => { const u = process.resourceUsage(); console.log(JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000 })); })
  .catch((error) => { console.error(error); process.exit(1); });`;
const SETTINGS = { 'no option': [], '--liftoff-only': ['--liftoff-only'], '--no-wasm-tier-up': ['--no-wasm-tier-up'] };
const rounds = Number(process.argv[2] ?? 3);
const runs = Object.fromEntries(Object.keys(SETTINGS).map((name) => [name, []]));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms) => (ms / 1000).toFixed(1);

for (let round = 1; round <= rounds; round += 1)
  for (const [name, options] of Object.entries(SETTINGS)) {
    const dir = mkdtempSync(path.join(tmpdir(), 'folio-cluster-flags-'));
    const load = loadavg()[0].toFixed(1);
    const started = performance.now();
    const child = spawnSync(process.execPath, [...options, '-e', CREATE, pglite, path.join(dir, 'pglite')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const wallMs = performance.now() - started;
    rmSync(dir, { recursive: true, force: true });
    if (child.status !== 0) throw new Error(`${name}: the child failed`);
    const { cpuMs } = JSON.parse(child.stdout.trim().split('\n').pop());
    runs[name].push({ wallMs, cpuMs });
    console.log(`round ${round} ${name.padEnd(18)} ${seconds(wallMs)} s wall, ${seconds(cpuMs)} s CPU (load average ${load})`);
  }
for (const [name, list] of Object.entries(runs)) {
  const wall = list.map((run) => run.wallMs);
  const cpu = list.map((run) => run.cpuMs);
  console.log(
    `${name.padEnd(18)} median ${seconds(median(cpu))} s CPU (${cpu.map(seconds).join(', ')}), ${seconds(median(wall))} s wall (${wall.map(seconds).join(', ')})`,
  );
}
