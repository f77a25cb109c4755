import { performance } from 'node:perf_hooks';
import { sql, type Migration } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../server/db/database';
import { buildIndexesAsideInBackground } from '../server/db/indexes-built-aside';
import { indexesBuiltAsideBy, migrateToLatest, migrations, type MigrationOfFolio } from '../server/db/migrate';

// `BENCH_DATABASE_URL=postgres://.../seeded npm run bench:upgrade-writes` (decision 0723): what a guest's payment
// meets while a server upgrades a large database whose migrations add indexes to the payments' tables. It takes
// the database back to before the migrations that build indexes aside (their indexes dropped, their records
// removed), then upgrades it twice in turns:
//   - "in the transaction": each migration's indexes built inside the migrator's transaction, as before 0723;
//   - "aside": as a server's start does now, the migrations, after which the server answers, then the indexes
//     built CONCURRENTLY while it answers.
// Meanwhile one connection writes to orders as payments do (an order's row updated, a random order each time,
// one after another) and the bench prints how long the writes waited: the longest, the 99th percentile and how
// many went through, beside when the server could answer and when the indexes were complete. BENCH_ROUNDS
// rounds (default 1). Asserts nothing.

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL: a PostgreSQL database seeded with `npm run seed -- --orders N`');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);

const aside = Object.entries(migrations as Record<string, MigrationOfFolio>).filter(([, migration]) => migration.indexesBuiltAside?.length);
const asideIndexes = indexesBuiltAsideBy();

/** The same migrations with each one's indexes built inside the migrator's transaction, as before decision 0723. */
const inTheTransaction: Record<string, Migration> = Object.fromEntries(
  Object.entries(migrations as Record<string, MigrationOfFolio>).map(([name, migration]) => [
    name,
    migration.indexesBuiltAside
      ? {
          up: async (db) => {
            for (const index of migration.indexesBuiltAside ?? []) await sql.raw(`CREATE INDEX IF NOT EXISTS ${index.name} ON ${index.on}`).execute(db);
          },
        }
      : migration,
  ]),
);

const db = openDatabase({ kind: 'postgres', url });

async function backToBefore(): Promise<void> {
  for (const index of asideIndexes) await sql.raw(`DROP INDEX IF EXISTS ${index.name}`).execute(db);
  await sql`DELETE FROM kysely_migration WHERE name IN (${sql.join(aside.map(([name]) => name))})`.execute(db);
}

/** Writes to orders one after another until `stop` settles; every write's wait in ms. */
async function payments(stop: Promise<unknown>): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const range = await client.query<{ low: string; high: string }>('SELECT min(id) AS low, max(id) AS high FROM orders');
  const low = Number(range.rows[0]!.low);
  const span = Number(range.rows[0]!.high) - low;
  let stopped = false;
  void stop.finally(() => (stopped = true));
  const waits: number[] = [];
  while (!stopped) {
    const started = performance.now();
    await client.query('UPDATE orders SET updated_at = updated_at WHERE id = $1', [low + Math.floor(Math.random() * span)]);
    waits.push(performance.now() - started);
  }
  await client.end();
  return waits;
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/** The upgrade as a server's start runs it; `readyMs`: when it could answer, `completeMs`: when every index was complete. */
async function serverUpgrade(mode: 'in the transaction' | 'aside'): Promise<{ readyMs: number; completeMs: number }> {
  const started = performance.now();
  await migrateToLatest(db as never, mode === 'aside' ? migrations : inTheTransaction, { indexesAside: 'later' });
  const readyMs = performance.now() - started;
  if (mode === 'aside') await buildIndexesAsideInBackground(db, asideIndexes, { info: () => undefined, error: () => undefined }).done;
  return { readyMs, completeMs: performance.now() - started };
}

async function upgrade(mode: 'in the transaction' | 'aside'): Promise<void> {
  await backToBefore();
  await sql`CHECKPOINT`.execute(db);
  const migrated = serverUpgrade(mode);
  const [{ readyMs, completeMs }, unsorted] = await Promise.all([migrated, payments(migrated)]);
  const waits = unsorted.sort((a, b) => a - b);
  console.log(
    `${mode.padEnd(20)} server ready after ${(readyMs / 1000).toFixed(1).padStart(5)} s, indexes complete after ${(completeMs / 1000).toFixed(1).padStart(5)} s; ` +
      `writes ${String(waits.length).padStart(6)}, p50 ${percentile(waits, 0.5).toFixed(1)} ms, p99 ${percentile(waits, 0.99).toFixed(1)} ms, ` +
      `longest ${(waits.at(-1)! / 1000).toFixed(2)} s`,
  );
}

const { rows } = await sql<{ orders: string }>`SELECT count(*) AS orders FROM orders`.execute(db);
console.log(`${rows[0]!.orders} orders; ${asideIndexes.length} indexes of ${aside.length} migrations built in each upgrade`);
for (let round = 0; round < ROUNDS; round++) {
  await upgrade('in the transaction');
  await upgrade('aside');
}
await db.destroy();
