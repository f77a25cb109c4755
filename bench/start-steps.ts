import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database';
import { vacuumAnalyze } from '../server/db/maintenance';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/demo/seed-demo';

// `npx tsx bench/start-steps.ts` (issue 36 "Start in seconds"): what the server's start spends in each
// step, as CPU time of this process (user + system; the embedded engine runs inside it), which a busy
// machine inflates far less than wall time. The steps of a first start on a new embedded database
// (open, migrations, demo seed of BENCH_ORDERS orders, default 30,000 as `npm start`, vacuum), then of a
// second start over the same database. The data directory is removed at the end. Asserts nothing.

const ORDERS = Number(process.env.BENCH_ORDERS ?? 30_000);
const root = mkdtempSync(path.join(tmpdir(), 'folio-start-steps-'));
const cpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

async function start(label: string): Promise<void> {
  const figures: string[] = [];
  let last = cpu();
  let lastWall = performance.now();
  const step = (name: string) => {
    const now = cpu();
    const wall = performance.now();
    figures.push(`${name} ${(now - last).toFixed(0)} ms CPU (${(wall - lastWall).toFixed(0)} ms wall)`);
    last = now;
    lastWall = wall;
  };
  const db = openDatabase({ kind: 'pglite', dataDir: root });
  await sql`SELECT 1`.execute(db);
  step('open');
  await migrateToLatest(db as never);
  step('migrations');
  // The seed's own steps, printed on a line of their own below.
  const seedSteps: string[] = [];
  let seedLast = cpu();
  await seedDemo(db, {
    orders: ORDERS,
    // As a start does (server/app.ts): the vacuum after it analyzes what the seed wrote.
    analyze: false,
    stepDone: (name) => {
      const now = cpu();
      seedSteps.push(`${name} ${(now - seedLast).toFixed(0)}`);
      seedLast = now;
    },
  });
  step('demo seed');
  await vacuumAnalyze(db);
  step('vacuum');
  await db.destroy();
  console.log(`${label.padEnd(14)} ${figures.join(', ')}`);
  console.log(`${''.padEnd(14)} demo seed's steps (ms CPU): ${seedSteps.join(', ')}`);
}

try {
  console.log(
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load average ${loadavg()[0]?.toFixed(1)} at the start; ${ORDERS} orders`,
  );
  await start('first start');
  await start('second start');
} finally {
  rmSync(root, { recursive: true, force: true });
}
