import type { Kysely } from 'kysely';
import type { IndexBuiltAside } from '../indexes-built-aside';
import { runScript } from '../run-script';

// Decision 0719: the refund requests list sorts by amount, approval, state or last change, either way, the request's
// id breaking ties in the same direction (sortKeys in server/lists/list-query.ts). With a few percent of ten million
// orders refunded (227,000 requests), provider staff's page sorted all of them: 122-196 ms. In one of these indexes'
// order, read forwards or backwards, it reads 25 rows. (Opening, newest first, reads refund_requests_created.)
export const indexesBuiltAside: readonly IndexBuiltAside[] = [
  { name: 'refund_requests_amount_id', on: `refund_requests (amount_minor, id)` },
  { name: 'refund_requests_state_id', on: `refund_requests (state, id)` },
  { name: 'refund_requests_approval_id', on: `refund_requests (approval_status, id)` },
  { name: 'refund_requests_updated_id', on: `refund_requests (updated_at, id)` },
];

// The indexes are built after the migrations' transaction, without holding writes back (decision 0723).
export async function up(): Promise<void> {}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `DROP INDEX IF EXISTS refund_requests_amount_id; DROP INDEX IF EXISTS refund_requests_state_id;
     DROP INDEX IF EXISTS refund_requests_approval_id; DROP INDEX IF EXISTS refund_requests_updated_id;`,
  );
}
