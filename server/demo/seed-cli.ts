import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { configFromEnv } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedDemo } from './seed-demo';

// `npm run seed -- --orders 1000000`: migrates and seeds demo data into the configured database
// (embedded by default), topping orders up to the given number. Demo data only: refuses when
// FOLIO_DEMO is off.
const config = configFromEnv();
const index = process.argv.indexOf('--orders');
const orders = index >= 0 ? Number(process.argv[index + 1]) : config.seedOrders;
if (!Number.isInteger(orders) || orders < 0) throw new Error('--orders takes a whole number');
if (!config.demo) {
  console.error('Refusing to seed demo data outside demo mode (set FOLIO_DEMO=true).');
  process.exit(1);
}
const db = openDatabase(config.database);
const started = Date.now();
await migrateToLatest(db as never);
// Each step's wall time, printed at the end: where a large seed spends its time.
const steps: string[] = [];
let stepStarted = Date.now();
const sampler = backendCpuSampler();
let cpuBefore = 0;
const stepDone = (step: string) => {
  // The database's CPU as last sampled (up to a second late): where a step spent its time, on a busy machine.
  const cpu = sampler.latest();
  const cpuNote = cpu === undefined || cpu - cpuBefore < 0.5 ? '' : ` (${(cpu - cpuBefore).toFixed(1)} s CPU)`;
  cpuBefore = cpu ?? 0;
  steps.push(`${step} ${((Date.now() - stepStarted) / 1000).toFixed(1)} s${cpuNote}`);
  stepStarted = Date.now();
};
await seedDemo(db, { orders, log: { info: (detail: unknown, message?: string) => console.log(message ?? '', detail) } as never, stepDone });
console.log(`steps: ${steps.join(', ')}`);
console.log(`seeded ${config.database.kind} with ${orders} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const own = process.cpuUsage();
const backends = await sampler.stop();
console.log(
  `CPU: this process ${((own.user + own.system) / 1e6).toFixed(1)} s` +
    (backends === undefined
      ? ''
      : `, PostgreSQL's processes of this database ${backends.toFixed(1)} s (its connections and parallel workers, sampled every second)`),
);
await db.destroy();

/**
 * User + system CPU of the PostgreSQL processes working for this database (its connections, which the
 * pool closes when idle, and the parallel workers of index builds), when the server runs on this
 * machine: a busy machine inflates wall time, far less CPU. Each process's counters are read every
 * second and its last reading kept, so a process that ends between two readings loses at most a second.
 */
function backendCpuSampler(): { latest: () => number | undefined; stop: () => Promise<number | undefined> } {
  if (config.database.kind !== 'postgres') return { latest: () => undefined, stop: async () => undefined };
  const seen = new Map<number, number>();
  let readable = true;
  const sample = async () => {
    const { rows } = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
    for (const { pid } of rows) {
      try {
        // Fields 14 and 15 of /proc/<pid>/stat (after the command in parentheses): utime and stime in clock ticks of 1/100 s.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        seen.set(pid, Number(fields[11]) + Number(fields[12]));
      } catch {
        readable = false; // not on this machine (or ended since)
      }
    }
  };
  let pending = sample().catch(() => undefined);
  const timer = setInterval(() => (pending = pending.then(sample).catch(() => undefined)), 1000);
  const total = () => [...seen.values()].reduce((sum, ticks) => sum + ticks, 0) / 100;
  return {
    latest: () => (seen.size ? total() : undefined),
    stop: async () => {
      clearInterval(timer);
      await pending;
      await sample().catch(() => undefined);
      if (!readable && seen.size === 0) return undefined;
      return total();
    },
  };
}
