import type { Db } from './database';

/**
 * Runs `work` in a transaction of `db`, or as part of the transaction `db` already is: a write
 * endpoint's handler receives the request's transaction (server/http/route.ts), and the helpers
 * it calls join it instead of opening a second one (which Kysely refuses, and which on the
 * one-connection embedded engine would wait for the first forever).
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute((trx) => work(trx));
}
