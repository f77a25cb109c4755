import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as handOver } from 'node:timers';
import { types, type PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { PreparedStatements } from './pglite-prepared';

// A small Kysely dialect over PGlite. PGlite is one connection, so the driver hands it out to one
// holder at a time: a transaction keeps it until commit/rollback and other queries queue behind,
// interactive ones ahead of background work (asBackground), each handover on a new turn of the event loop.

// int8, numeric and date come back as text, as node-postgres gives them, so money never passes through a
// float and both engines answer alike. (PGlite 0.5 ignores parsers given to its constructor.)
const keepAsText = (value: string) => value;
const parsers = { [types.INT8]: keepAsText, [types.NUMERIC]: keepAsText, [types.DATE]: keepAsText };

class PGliteConnection implements DatabaseConnection {
  private readonly statements: PreparedStatements;

  constructor(private readonly client: PGlite) {
    this.statements = new PreparedStatements(client, parsers);
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.statements.query<R>(compiledQuery.sql, compiledQuery.parameters);
    const numAffectedRows = result.affectedRows === undefined ? undefined : BigInt(result.affectedRows);
    return { rows: result.rows, numAffectedRows };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream; exports use COPY (server/exports/copy-out.ts)');
  }
}

/** Someone waiting for the one connection. */
interface Waiter {
  take: () => void;
  since: number;
}

const background = new AsyncLocalStorage<true>();

/**
 * Runs `work` as background work: on the embedded engine its queries wait while interactive ones
 * (API calls) are waiting, for at most BACKGROUND_MAX_WAIT_MS each (decision 0330). The export
 * worker runs its jobs so, and a call that arrives during an export waits for one chunk at most,
 * not for one chunk per query it makes.
 */
export function asBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

const yielding = new AsyncLocalStorage<true>();

/**
 * Runs `work` with a turn of the event loop before each of its statements on the embedded engine, whose
 * statements run on the server's one thread: a start's database work then lets the requests that came
 * meanwhile (the sign-in page's files) be answered between its statements (decision 0652).
 */
export function yieldingToRequests<T>(work: () => Promise<T>): Promise<T> {
  return yielding.run(true, work);
}

/** How long a background query yields to interactive ones before it takes its turn anyway (so an export finishes under any load). */
export const BACKGROUND_MAX_WAIT_MS = 100;

class PGliteDriver implements Driver {
  private client: PGlite | undefined;
  private connection: PGliteConnection | undefined;
  private held = false;
  private readonly interactive: Waiter[] = [];
  private readonly background: Waiter[] = [];

  constructor(private readonly open: () => PGlite) {}

  /** Kysely's first use of the database: the engine is opened here when it was given as an opener. */
  async init(): Promise<void> {
    this.client = this.open();
    this.connection = new PGliteConnection(this.client);
    await this.client.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (yielding.getStore()) await new Promise((resolve) => handOver(resolve));
    return this.take();
  }

  private async take(): Promise<PGliteConnection> {
    const connection = this.connection;
    if (!connection) throw new Error('the embedded database is used before it was opened');
    if (!this.held && this.interactive.length === 0 && this.background.length === 0) {
      this.held = true;
      return connection;
    }
    const queue = background.getStore() ? this.background : this.interactive;
    await new Promise<void>((take) => queue.push({ take, since: performance.now() }));
    return connection;
  }

  /** Interactive first; a background waiter once none is waiting or once it has waited its maximum. */
  private next(): Waiter | undefined {
    const oldestBackground = this.background[0];
    if (oldestBackground && (this.interactive.length === 0 || performance.now() - oldestBackground.since >= BACKGROUND_MAX_WAIT_MS))
      return this.background.shift();
    return this.interactive.shift();
  }

  async releaseConnection(): Promise<void> {
    const waiter = this.next();
    if (!waiter) {
      this.held = false;
      return;
    }
    // Handed over on the next turn of the event loop, not in this microtask: otherwise one query's
    // end runs every queued query back to back without the loop ever polling, and new connections
    // and requests wait until the queue is empty (decision 0330). The connection stays held meanwhile.
    handOver(waiter.take);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` ISOLATION LEVEL ${settings.isolationLevel.toUpperCase()}` : '';
    await connection.executeQuery(CompiledQuery.raw(`BEGIN${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async destroy(): Promise<void> {
    await this.client?.close();
  }
}

export class PGliteDialect implements Dialect {
  /** `client`: the engine, or what opens it on the database's first use. */
  constructor(private readonly client: PGlite | (() => PGlite)) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    const client = this.client;
    return new PGliteDriver(typeof client === 'function' ? client : () => client);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
