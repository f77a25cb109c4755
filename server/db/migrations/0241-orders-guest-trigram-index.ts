import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Issue 13 "Search at scale": the transactions list's guest filter matches a name or e-mail anywhere
// (ILIKE '%term%', decision 0121), which no b-tree serves: the capped count read orders until it had
// found 10,001 matches, 93 ms on a million orders on PostgreSQL for a common last name. A trigram
// index answers the same count in 33 ms (bitmap scan). pg_trgm ships with PostgreSQL's contrib
// modules and is a trusted extension (the database owner may create it); the embedded engine loads
// it with the database (server/db/database.ts). Terms under three characters still scan.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `CREATE EXTENSION IF NOT EXISTS pg_trgm;
     CREATE INDEX IF NOT EXISTS orders_guest_trgm ON orders USING gin (guest_name gin_trgm_ops, guest_email gin_trgm_ops);`,
  );
}
