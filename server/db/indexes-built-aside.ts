import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { poolOf, type Db } from './database';

// Indexes a migration adds to a table that payments keep writing to (decision 0723). A migration runs in
// the migrator's transaction, where `CREATE INDEX` takes a lock that stops every insert and update of the
// table until the index is built: at ten million orders that is 26-30 s per index, and worse, the lock waits
// behind any transaction still open on the table while every new write queues behind the wait. A guest
// paying during a deploy would wait the whole time. On PostgreSQL these are built `CONCURRENTLY` instead,
// after the migrations' transaction: reads and writes go on while the index is built, and it is used
// once it is complete. The embedded engine has one connection, nothing to keep writing: it builds them
// plainly.

/** One index a migration builds aside: `on` is what follows `ON` in CREATE INDEX (table, columns, a WHERE). */
export interface IndexBuiltAside {
  name: string;
  on: string;
}

// Two servers starting on one database (FOLIO_WORKERS' primaries, a rolling deploy) build each index once:
// the second waits for the first's lock, then finds the index complete.
/** The advisory lock one session holds while it builds (exported for the tests that stand in for another server). */
export const BUILD_LOCK = 'folio: indexes built aside';
/**
 * Between two tries for the lock while another session builds. A session must not wait for it inside one statement:
 * CREATE INDEX CONCURRENTLY waits for every transaction older than its snapshots, that waiting statement among them,
 * while the statement waits for the builder's lock. PostgreSQL then cancels one of them ("deadlock detected", seen
 * in CI run 80). Each try is a statement that ends at once.
 */
const LOCK_RETRY_MS = 200;

const SAFE_NAME = /^[a-z_][a-z0-9_]*$/;

/** The indexes among `names` that are not complete in the current schema: missing, or left invalid by a build that stopped. */
export async function incompleteIndexes(db: Kysely<unknown>, names: readonly string[]): Promise<string[]> {
  if (!names.length) return [];
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND i.indisvalid AND c.relname IN (${sql.join([...names])})`.execute(db);
  const complete = new Set(rows.map((row) => row.name));
  return names.filter((name) => !complete.has(name));
}

/**
 * Builds each index of `indexes` that is not complete yet and returns their names: what a migration run by a
 * script or a test leaves (the server builds them after it is ready instead: buildIndexesAsideInBackground).
 * On PostgreSQL without blocking writes, one server at a time; an index left invalid by an interrupted build (a
 * crash, a cancel) is dropped and built again. Indexes already complete cost one catalog query in all.
 */
export async function buildIndexesAside(db: Kysely<unknown>, indexes: readonly IndexBuiltAside[]): Promise<string[]> {
  const toBuild = await stillToBuild(db, indexes);
  if (!toBuild.length) return [];
  const pool = poolOf(db as Db);
  if (!pool) {
    for (const index of toBuild) await sql.raw(`CREATE INDEX IF NOT EXISTS ${index.name} ON ${index.on}`).execute(db);
    return toBuild.map((index) => index.name);
  }
  return buildConcurrently(pool, toBuild, { waitForOthers: true });
}

/** A build under way behind a server that already answers. */
export interface BackgroundIndexBuild {
  /** The indexes it built, once it has ended (nothing when another server was building them). */
  done: Promise<string[]>;
  /** Cancels the statement under way (the index is left invalid, and the next start builds it again) and waits for the end. */
  stop(): Promise<void>;
}

/**
 * The indexes a server's upgrade left to build aside on PostgreSQL, built while it answers (decision 0723): the
 * lists they serve are slower until each is complete, and no one waits for them. When another server is already
 * building them, this one leaves it to that one. Each index built is logged with its duration.
 */
export function buildIndexesAsideInBackground(db: Db, indexes: readonly IndexBuiltAside[], log: Logger): BackgroundIndexBuild {
  const state: BuildState = { stopping: false };
  const pool = poolOf(db);
  const done = (async () => {
    const toBuild = pool ? await stillToBuild(db as Kysely<unknown>, indexes) : [];
    if (!pool || !toBuild.length || state.stopping) return [];
    log.info({ indexes: toBuild.map((index) => index.name) }, 'indexes of the last upgrade: built while the server answers');
    return buildConcurrently(pool, toBuild, { waitForOthers: false, state, log });
  })();
  done.catch((error: unknown) => {
    if (!state.stopping) log.error({ err: error }, 'an index of the last upgrade could not be built; the next start tries again');
  });
  return {
    done,
    stop: async () => {
      state.stopping = true;
      if (state.backend !== undefined && pool) await pool.query('SELECT pg_cancel_backend($1)', [state.backend]).catch(() => undefined);
      await done.catch(() => undefined);
    },
  };
}

interface Logger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

interface BuildState {
  stopping: boolean;
  /** The PostgreSQL backend running the builds, to cancel. */
  backend?: number;
}

async function stillToBuild(db: Kysely<unknown>, indexes: readonly IndexBuiltAside[]): Promise<IndexBuiltAside[]> {
  for (const index of indexes) if (!SAFE_NAME.test(index.name)) throw new Error(`index name "${index.name}" is not a plain lower-case name`);
  const incomplete = new Set(
    await incompleteIndexes(
      db,
      indexes.map((index) => index.name),
    ),
  );
  return indexes.filter((index) => incomplete.has(index.name));
}

/**
 * The builds on one connection: a session's advisory lock is held by its connection, and CONCURRENTLY may not
 * run inside a transaction (a pooled query outside one runs on its own). `waitForOthers`: wait for a server
 * already building, then find its work done; otherwise leave it to that server.
 */
async function buildConcurrently(
  pool: pg.Pool,
  toBuild: readonly IndexBuiltAside[],
  { waitForOthers, state = { stopping: false }, log }: { waitForOthers: boolean; state?: BuildState; log?: Logger },
): Promise<string[]> {
  const client = await pool.connect();
  const built: string[] = [];
  let locked = false;
  try {
    state.backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    for (;;) {
      locked = (await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS got', [BUILD_LOCK])).rows[0]!.got;
      if (locked || !waitForOthers || state.stopping) break;
      await sleep(LOCK_RETRY_MS);
    }
    if (!locked) return [];
    for (const index of toBuild) {
      if (state.stopping) break;
      const { rows } = await client.query<{ valid: boolean; building: boolean }>(
        `SELECT i.indisvalid AS valid, EXISTS (SELECT 1 FROM pg_stat_progress_create_index p WHERE p.index_relid = c.oid) AS building
         FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = current_schema() AND c.relname = $1`,
        [index.name],
      );
      if (rows[0]?.valid) continue; // another server built it while this one waited for the lock
      // Invalid because someone is building it right now (an operator by hand, as decisions 0716 and 0719 advised):
      // left to them; a later start finds it complete, or finishes it.
      if (rows[0]?.building) {
        log?.info({ index: index.name }, 'index being built by another session: left to it');
        continue;
      }
      const started = Date.now();
      if (rows[0]) await client.query(`DROP INDEX CONCURRENTLY IF EXISTS ${index.name}`);
      await client.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${index.name} ON ${index.on}`);
      built.push(index.name);
      log?.info({ index: index.name, ms: Date.now() - started }, 'index built while the server answers');
    }
  } finally {
    state.backend = undefined;
    if (locked) await client.query('SELECT pg_advisory_unlock(hashtext($1))', [BUILD_LOCK]).catch(() => undefined);
    client.release();
  }
  return built;
}
