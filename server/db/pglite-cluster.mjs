// Creating the embedded engine's database cluster (initdb) on a new data directory, in a short-lived
// child node process, and giving it the schema every migration leaves (the schema snapshot, decision
// 0620). Plain JavaScript, so `npm start` can run it from the sources beside the build on a fresh
// clone, before the server bundle exists (scripts/prepare-start.mjs, decision 0590); the server runs
// the same code when it finds no cluster (server/db/database.ts, decision 0128).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * Node options of the child. `--liftoff-only`: V8 runs the engine's WebAssembly on its baseline
 * compiler only. initdb runs a great deal of code once, and V8 otherwise also compiles its hot
 * functions again with its optimizing compiler: measured at 8.4 s of CPU against 10.2 s without the
 * flag (medians of three, one command, decision 0590).
 */
export const CLUSTER_NODE_FLAGS = ['--liftoff-only'];

// Opening PGlite on an empty directory creates the cluster. The schema snapshot is applied in the same
// process, whose engine code initdb has just compiled: a new process compiles it again for the same
// statements (decision 0620). One batch, one implicit transaction: all of it or none, and the server's
// migrations then apply what is missing. The trigram extension is loaded as the server loads it.
const CREATE_CLUSTER = `const [pglite, trgm, dataDir, snapshotUrl] = process.argv.slice(1);
const { PGlite } = require(pglite);
const { pg_trgm } = require(trgm);
(async () => {
  const db = new PGlite(dataDir, { extensions: { pg_trgm } });
  await db.waitReady;
  if (snapshotUrl) await db.exec((await import(snapshotUrl)).schemaSnapshot.statements.join(';\\n'));
  await db.close();
})().catch((error) => { console.error(error); process.exit(1); });`;

/**
 * The schema snapshot's module beside this one, which the child imports: there when run from the
 * sources (`npm start`'s prepare step, tests). The server's bundle has no such file beside it; a cluster
 * it creates gets no schema here, and the server's migrations apply the snapshot (server/db/migrate.ts).
 */
function snapshotModule() {
  const url = new URL('./schema-snapshot.generated.mjs', import.meta.url);
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url.href : undefined;
}

/** Whether `dataDir` holds a cluster already. */
export function hasPgliteCluster(dataDir) {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Creates the cluster in a child process when `dataDir` has none yet, with the schema snapshot applied
 * unless `{ schema: false }`; true when it did. PGlite creates a cluster in a WebAssembly instance of
 * its own that stays resident until V8 happens to collect it: about 450 MB more for the server's first
 * 20-25 seconds (decision 0128). In a child process that memory is returned the moment the child exits.
 */
export async function createPgliteCluster(dataDir, { schema = true } = {}) {
  if (hasPgliteCluster(dataDir)) return false;
  mkdirSync(dataDir, { recursive: true });
  const resolve = createRequire(import.meta.url).resolve;
  const modules = [resolve('@electric-sql/pglite'), resolve('@electric-sql/pglite/contrib/pg_trgm')];
  const snapshot = schema ? snapshotModule() : undefined;
  await promisify(execFile)(process.execPath, [...CLUSTER_NODE_FLAGS, '-e', CREATE_CLUSTER, ...modules, dataDir, ...(snapshot ? [snapshot] : [])]);
  return true;
}
