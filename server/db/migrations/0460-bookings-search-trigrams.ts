import type { Kysely } from 'kysely';
import type { IndexBuiltAside } from '../indexes-built-aside';
import { runScript } from '../run-script';

// Decision 0719: the bookings list's search (a guest's name, e-mail or the booking's reference, anywhere in them) was
// `ILIKE '%term%'` on three columns, which no index serves: at ten million orders (2.5 million bookings) provider
// staff waited 2.8-6.7 s for a reference, an e-mail or a name found in few bookings, a property's staff 0.6-1.4 s. One
// trigram index over the three, lower-cased together (the expression of BOOKING_SEARCH_TEXT in
// server/bookings/booking-query.ts, word for word), answers the same searches in 1-220 ms. An index on an expression
// leaves the table as it is: no column is added and no row rewritten. pg_trgm is there since migration 0241.
export const indexesBuiltAside: readonly IndexBuiltAside[] = [
  {
    name: 'bookings_search_trgm',
    on: `bookings USING gin ((lower(guest_name || E'\\x1f' || coalesce(guest_email, '') || E'\\x1f' || reference)) gin_trgm_ops)`,
  },
];

// The indexes are built after the migrations' transaction, without holding writes back (decision 0723).
export async function up(): Promise<void> {}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP INDEX IF EXISTS bookings_search_trgm;`);
}
