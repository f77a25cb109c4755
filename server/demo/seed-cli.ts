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
await db.destroy();
