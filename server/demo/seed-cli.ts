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
const stepDone = (step: string) => {
  steps.push(`${step} ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
  stepStarted = Date.now();
};
await seedDemo(db, { orders, log: { info: (detail: unknown, message?: string) => console.log(message ?? '', detail) } as never, stepDone });
console.log(`steps: ${steps.join(', ')}`);
console.log(`seeded ${config.database.kind} with ${orders} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const own = process.cpuUsage();
const backends = await backendCpuSeconds();
console.log(
  `CPU: this process ${((own.user + own.system) / 1e6).toFixed(1)} s` +
    (backends === undefined ? '' : `, PostgreSQL's backends of this database ${backends.toFixed(1)} s (parallel workers not counted)`),
);
await db.destroy();

/** User + system CPU of the open PostgreSQL backends on this database, when the server runs on this machine (a busy machine inflates wall time, far less CPU). */
async function backendCpuSeconds(): Promise<number | undefined> {
  if (config.database.kind !== 'postgres') return undefined;
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`.execute(db);
  try {
    // Fields 14 and 15 of /proc/<pid>/stat (after the command in parentheses): utime and stime in clock ticks of 1/100 s.
    const ticks = rows.map(({ pid }) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(fields[11]) + Number(fields[12]);
    });
    return ticks.reduce((sum, value) => sum + value, 0) / 100;
  } catch {
    return undefined;
  }
}
