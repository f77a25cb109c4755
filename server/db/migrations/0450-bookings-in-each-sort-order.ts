import type { Kysely } from 'kysely';
import type { IndexBuiltAside } from '../indexes-built-aside';
import { runScript } from '../run-script';

// Decision 0717: the bookings list sorts by one of five columns, either way, the id breaking ties in the same direction
// (server/bookings/booking-query.ts). Provider staff see every property's bookings, and the only sorted index was
// arrival per property: their first page sorted all 2.5 million bookings of the ten-million-order database, 2.5-2.9 s.
// In one of these indexes' order (read forwards or backwards) it reads 25 rows. A user of some properties reads the
// same index, skipping the other properties' rows.
export const indexesBuiltAside: readonly IndexBuiltAside[] = [
  { name: 'bookings_check_in_id', on: `bookings (check_in, id)` },
  { name: 'bookings_check_out_id', on: `bookings (check_out, id)` },
  { name: 'bookings_reference_id', on: `bookings (reference, id)` },
  { name: 'bookings_guest_name_id', on: `bookings (guest_name, id)` },
  { name: 'bookings_amount_id', on: `bookings (amount_minor, id)` },
];

// The indexes are built after the migrations' transaction, without holding writes back (decision 0723).
export async function up(): Promise<void> {}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `DROP INDEX IF EXISTS bookings_check_in_id; DROP INDEX IF EXISTS bookings_check_out_id; DROP INDEX IF EXISTS bookings_reference_id;
     DROP INDEX IF EXISTS bookings_guest_name_id; DROP INDEX IF EXISTS bookings_amount_id;`,
  );
}
