// Creating the embedded engine's database cluster (initdb) on a new data directory, in a short-lived
// child node process. Plain JavaScript, so `npm start` can run it from the sources beside the build
// on a fresh clone, before the server bundle exists (scripts/prepare-start.mjs, decision 0590); the
// server runs the same code when it finds no cluster (server/db/database.ts, decision 0128).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Node options of the child. `--liftoff-only`: V8 runs the engine's WebAssembly on its baseline
 * compiler only. initdb runs a great deal of code once, and V8 otherwise also compiles its hot
 * functions again with its optimizing compiler: measured at 8.4 s of CPU against 10.2 s without the
 * flag (medians of three, one command, decision 0590).
 */
export const CLUSTER_NODE_FLAGS = ['--liftoff-only'];

// Opening PGlite on an empty directory creates the cluster.
const CREATE_CLUSTER = `const { PGlite } = require(process.argv[1]);
const db = new PGlite(process.argv[2]);
db.waitReady.then(() => db.close()).catch((error) => { console.error(error); process.exit(1); });`;

/** Whether `dataDir` holds a cluster already. */
export function hasPgliteCluster(dataDir) {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Creates the cluster in a child process when `dataDir` has none yet; true when it did. PGlite creates a
 * cluster in a WebAssembly instance of its own that stays resident until V8 happens to collect it:
 * about 450 MB more for the server's first 20-25 seconds (decision 0128). In a child process that
 * memory is returned the moment the child exits.
 */
export async function createPgliteCluster(dataDir) {
  if (hasPgliteCluster(dataDir)) return false;
  mkdirSync(dataDir, { recursive: true });
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await promisify(execFile)(process.execPath, [...CLUSTER_NODE_FLAGS, '-e', CREATE_CLUSTER, pglite, dataDir]);
  return true;
}
