import fs, { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { clusterTemplate, hasPgliteCluster, unpackClusterTar } from './pglite-cluster.mjs';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | 'memory' };

// Dates stay 'YYYY-MM-DD' text, as PGlite gives them, rather than a Date at local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

// The pool behind each PostgreSQL database, for what Kysely cannot do: COPY ... TO STDOUT streams.
const pools = new WeakMap<Db, pg.Pool>();

export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

// The embedded engine behind each PGlite database (opened on first use where it was opened so), for its
// notifications (server/events).
const pglites = new WeakMap<Db, () => PGlite>();

export function pgliteOf(db: Db): PGlite | undefined {
  return pglites.get(db)?.();
}

/** What the server's PostgreSQL sessions start with (decision 0718): no JIT; parallel workers ten times dearer to start. */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off -c parallel_setup_cost=10000';

/**
 * The database of `target`. `openOnFirstQuery`: the embedded engine is opened by the first statement rather
 * than now (a server that listens before its database is ready opens it after `listen`, decision 0652).
 */
export function openDatabase(target: DatabaseTarget, { openOnFirstQuery = false } = {}): Db {
  if (target.kind === 'postgres') {
    // No JIT compilation, and parallel workers only for a statement that saves a lot by them (decision 0718): at ten
    // million orders many a page's statement is estimated costly enough for both. Compiling took 0.3-0.4 s of a 0.2 s
    // statement (the Payouts page's fees), and starting two workers 30-60 ms of a count that takes 1-15 ms alone.
    // An `options` in the URL is the operator's and replaces these.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, options: POSTGRES_SESSION_OPTIONS });
    pool.on('error', () => undefined); // idle client errors are reported on the next query
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  if (!openOnFirstQuery) return pgliteDatabase(openPglite(target.dataDir));
  let pglite: PGlite | undefined;
  const open = () => (pglite ??= openPglite(target.dataDir));
  const db = new Kysely<Database>({ dialect: new PGliteDialect(open) });
  pglites.set(db, open);
  return db;
}

/**
 * A database over an embedded engine already open, known to `pgliteOf`: what a new schema's one-step
 * script (its several statements go through the engine's `exec`) and the live notifications need.
 */
export function pgliteDatabase(pglite: PGlite): Db {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  pglites.set(db, () => pglite);
  return db;
}

/**
 * The embedded engine. Its buffer pool is 16 MB rather than PostgreSQL's 128 MB: the operating
 * system's page cache holds the data files anyway, and on the bench database (a million orders)
 * the smaller pool took the resident memory at open from 363 to 213 MB while a full scan and a
 * COPY of the orders ran no slower (decision 0127).
 *
 * A new database (in memory, or a directory without a cluster) starts from the committed empty
 * cluster, as a first start does (decision 0630), instead of running PGlite's initdb in this process:
 * about 1.2-1.8 s of CPU instead of 4.5-8.6 s per database, which the tests and scripts that open one
 * spend many times over (decision 0661). Without a template for the installed PGlite, initdb runs.
 */
export function openPglite(dataDir: string | 'memory'): PGlite {
  const isNew = dataDir === 'memory' || !hasPgliteCluster(dataDir);
  // Read only for a new database: a server opening its existing cluster does not pay for the template.
  const template = isNew ? emptyClusterTar() : undefined;
  if (dataDir !== 'memory') {
    mkdirSync(dataDir, { recursive: true });
    if (template) unpackClusterTar(template, dataDir, fs, path);
  }
  // The options form: `new PGlite(undefined, options)` ignores the options.
  return new PGlite({
    dataDir: dataDir === 'memory' ? undefined : dataDir,
    // In memory the engine unpacks the tar into its own file system.
    ...(dataDir === 'memory' && template ? { loadDataDir: emptyClusterBlob(template) } : {}),
    // Trigram indexes serve the transactions list's guest filter (migration 0241).
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    ...engineFiles(),
  });
}

let emptyCluster: Buffer | null | undefined;
/** The committed empty cluster as a tar, decompressed once per process; null when it is not for the installed PGlite. */
function emptyClusterTar(): Buffer | undefined {
  if (emptyCluster === undefined) {
    const archive = clusterTemplate();
    emptyCluster = archive ? brotliDecompressSync(readFileSync(archive)) : null;
  }
  return emptyCluster ?? undefined;
}

let emptyClusterAsBlob: Blob | undefined;
/** The same tar as the Blob PGlite loads an in-memory database from, made once (a Blob copies its bytes). */
function emptyClusterBlob(tar: Buffer): Blob {
  return (emptyClusterAsBlob ??= new Blob([tar as Uint8Array<ArrayBuffer>]));
}

let compiledEngine: Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'> | undefined;
/**
 * The engine's WebAssembly modules and file bundle, compiled and read once per process: every
 * further database the process opens (each test app) then starts in about 0.8 s
 * instead of 1.7 s. Falls back to PGlite's own loading if its files are not where expected.
 */
function engineFiles(): typeof compiledEngine {
  if (compiledEngine) return compiledEngine;
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const file = (name: string) => path.join(dist, name);
  if (![file('pglite.wasm'), file('initdb.wasm'), file('pglite.data')].every((candidate) => existsSync(candidate))) return undefined;
  compiledEngine = {
    pgliteWasmModule: new WebAssembly.Module(readFileSync(file('pglite.wasm'))),
    initdbWasmModule: new WebAssembly.Module(readFileSync(file('initdb.wasm'))),
    fsBundle: new Blob([readFileSync(file('pglite.data'))]),
  };
  return compiledEngine;
}

// A first start's cluster is created in a child process (decision 0128); `npm start` does it beside the
// build (decision 0590).
export { createPgliteCluster } from './pglite-cluster.mjs';
