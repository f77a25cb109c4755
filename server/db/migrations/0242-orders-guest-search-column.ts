import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Issue 13 "Search at scale": the guest filter (a name or e-mail anywhere, decision 0121) asked
// `guest_name ILIKE p OR guest_email ILIKE p` of every row it read. ILIKE folds each value's case on
// every comparison, and the e-mail's comparison ran for every row the name missed: a capped count of
// a common last name read 120,000 of a million orders for 82 ms on PostgreSQL, 30 ms of it for the
// name alone. One column holding both, lower-cased once when the row is written, is matched with a
// plain LIKE: the same count takes 21-23 ms, and its trigram index serves it as one bitmap instead of
// two (decision 0341). The unit separator between them is not something a guest name or an e-mail
// address holds, so a term cannot match across the two. The rewrite leaves the table without
// statistics for the new column (the planner guessed 100 matches and read every match to sort
// them: 200 ms) and with an empty visibility map, so it is vacuumed and analysed once applied.
export const vacuumAfter = ['orders'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `ALTER TABLE orders ADD COLUMN IF NOT EXISTS guest_search text
       GENERATED ALWAYS AS (lower(guest_name || E'\\x1f' || coalesce(guest_email, ''))) STORED;
     CREATE INDEX IF NOT EXISTS orders_guest_search_trgm ON orders USING gin (guest_search gin_trgm_ops);
     DROP INDEX IF EXISTS orders_guest_trgm;`,
  );
}
