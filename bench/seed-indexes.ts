import { cpus, loadavg } from 'node:os';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { DEMO_ANCHOR } from '../server/demo/demo-layout';
import { seedDemo } from '../server/demo/seed-demo';
import { seedOrders, withIndexesRebuiltAfter } from '../server/demo/seed-volume';

// `npx tsx bench/seed-indexes.ts` (issue 36, decision 0615): does the demo seed's bulk load pay for
// dropping the orders' secondary indexes and building them again after, or is keeping them up to
// date row by row cheaper? Loads BENCH_ORDERS orders (default 30,000, as `npm start`) into a new
// in-memory embedded database both ways, ROUNDS times alternating, and prints the CPU of this
// process (the engine runs inside it) for the load. Foreign-key checks are skipped and the work memory
// is the same in both, as the seed has them for a bulk load. Asserts nothing.

const ORDERS = Number(process.env.BENCH_ORDERS ?? 30_000);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const cpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

async function load(mode: 'rebuild' | 'maintain'): Promise<number> {
  const db = openDatabase({ kind: 'pglite', dataDir: 'memory' });
  try {
    await migrateToLatest(db as never);
    await seedDemo(db, { orders: 0 });
    const orders = (trx: Db) => seedOrders(trx, 0, ORDERS, DEMO_ANCHOR);
    const started = cpu();
    if (mode === 'rebuild') await withIndexesRebuiltAfter(db, 'orders', orders);
    else
      await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await sql`SET LOCAL work_mem = '32MB'`.execute(trx);
        await orders(trx);
      });
    return cpu() - started;
  } finally {
    await db.destroy();
  }
}

console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load average ${loadavg()[0]?.toFixed(1)}; ${ORDERS} orders`);
for (let round = 1; round <= ROUNDS; round++) {
  const rebuild = await load('rebuild');
  const maintain = await load('maintain');
  console.log(
    `round ${round}: indexes dropped and rebuilt ${rebuild.toFixed(0)} ms CPU, indexes kept up to date ${maintain.toFixed(0)} ms CPU (load average ${loadavg()[0]?.toFixed(1)})`,
  );
}
