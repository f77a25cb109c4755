import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Issue 13 "Search at scale": the transactions list sorted by status is ORDER BY status, id (the unique
// tiebreak, decision 0121). No index ended that way, so each page sorted every order: 181 ms at p95
// for a page of 25 on a million orders on PostgreSQL (npm run bench:search), 4.8 ms with this index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `CREATE INDEX IF NOT EXISTS orders_status_id ON orders (status, id);`);
}
