import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import path from 'node:path';
import { configFromEnv, type Config } from '../../server/config';
import { openDatabase, openPglite, pgliteDatabase, type Db } from '../../server/db/database';

// What the parts of `npm run bench:export` share: the bench database (PGlite in .bench-data/, or
// PostgreSQL at BENCH_DATABASE_URL), the server's configuration on it, a memory probe, and the
// engine's own COPY of a query (the baseline every export is measured against).

export const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);

// How often the bench asks for the export's status. The browser asks every 3 s (EXPORT_POLL_INTERVAL_MS);
// the bench asked every 50 ms until decision 0332, and those 20 calls a second through the whole
// API stack made a 1,000,000-row xlsx export on PostgreSQL about 0.4 s slower (medians of 5
// alternating runs: 5.37 s at 50 ms, 4.98 s at 250 ms). The duration printed is the job's own
// (created to Ready), so the poll interval only decides how soon the bench notices.
export const STATUS_POLL_MS = 250;
export const dataDir = path.resolve(process.env.FOLIO_DATA_DIR ?? '.bench-data');
export const postgresUrl = process.env.BENCH_DATABASE_URL;

// Collect between phases so one phase's garbage is not counted as the next one's peak.
setFlagsFromString('--expose_gc');
export const collectGarbage = runInNewContext('gc') as () => void;

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Samples the process's memory every 25 ms between start() and stop(). */
export function memoryProbe() {
  let peakRss = 0;
  let peakHeap = 0;
  let timer: NodeJS.Timeout | undefined;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  return {
    start() {
      peakRss = 0;
      peakHeap = 0;
      sample();
      timer = setInterval(sample, 25);
    },
    stop() {
      clearInterval(timer);
      sample();
      return { peakRss, peakHeap };
    },
  };
}

export async function openBenchDatabase(): Promise<{ db: Db; copy: (query: string) => Promise<number>; close: () => Promise<void> }> {
  if (postgresUrl) {
    const db = openDatabase({ kind: 'postgres', url: postgresUrl });
    // COPY ... TO STDOUT through psql (node-postgres needs pg-copy-streams for COPY OUT); bytes counted, not kept.
    const copy = (query: string) =>
      new Promise<number>((resolve, reject) => {
        const child = spawn('psql', [postgresUrl, '-X', '-q', '-c', `COPY (${query}) TO STDOUT WITH CSV`]);
        let bytes = 0;
        child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
        child.on('error', reject);
        child.on('close', (code) => (code === 0 ? resolve(bytes) : reject(new Error(`psql exited ${code}`))));
      });
    return { db, copy, close: () => db.destroy() };
  }
  mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
  const client = openPglite(path.join(dataDir, 'pglite'));
  const db = pgliteDatabase(client);
  // PGlite's COPY TO '/dev/blob' hands the whole output back as a Blob (pglite.dev "Copy" example).
  const copy = async (query: string) => (await client.query(`COPY (${query}) TO '/dev/blob' WITH CSV`)).blob?.size ?? 0;
  return { db, copy, close: () => db.destroy() };
}

export function benchConfig(): Config {
  const base = configFromEnv({ ...process.env, NODE_ENV: 'test', FOLIO_DATA_DIR: dataDir, FOLIO_DEMO: 'true', LOG_LEVEL: 'warn' });
  // Answers are not checked against the contract, as in production: that development check is not what users wait for.
  return {
    ...base,
    seedOrders: ORDERS,
    exportWorkers: 1,
    validateResponses: false,
    rateLimits: { ...base.rateLimits, signInPerMinute: 1000, forgotPasswordPerHour: 1000 },
  };
}
