import type { Kysely } from 'kysely';
import type { IndexBuiltAside } from '../indexes-built-aside';
import { runScript } from '../run-script';

// Decision 0717: the home screens' lists at ten million orders. Each predicate is its query's own, word for word
// (server/home/home-query.ts), so the planner may use the index:
// - the authorizations with money still open, per property, newest first (about 2 % of orders): the list and its
//   count read 22,821 of them from 1.25 million orders of a property through the (merchant, created) index, 1.6-3.7 s;
// - the Failed orders by when they failed, per property: the status index matched 909,461 Failed orders to find the
//   week's few, 0.3 s;
// - the declined payment attempts by day: read from every payment operation, 0.18 s.
export const indexesBuiltAside: readonly IndexBuiltAside[] = [
  {
    name: 'orders_open_authorizations',
    on: `orders (merchant_id, created_at DESC, id DESC) WHERE status = 'Tokenized' AND authorized_minor - captured_minor - voided_minor > 0`,
  },
  { name: 'orders_failed_updated', on: `orders (merchant_id, updated_at) WHERE status = 'Failed'` },
  { name: 'payment_operations_declined', on: `payment_operations (created_at) WHERE outcome = 'Declined'` },
];

// The indexes are built after the migrations' transaction, without holding writes back (decision 0723).
export async function up(): Promise<void> {}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `DROP INDEX IF EXISTS orders_open_authorizations; DROP INDEX IF EXISTS orders_failed_updated; DROP INDEX IF EXISTS payment_operations_declined;`,
  );
}
