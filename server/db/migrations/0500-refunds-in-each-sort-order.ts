import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Decision 0719: the refund requests list sorts by amount, approval, state or last change, either way, the request's
// id breaking ties in the same direction (sortKeys in server/lists/list-query.ts). With a few percent of ten million
// orders refunded (227,000 requests), provider staff's page sorted all of them: 122-196 ms. In one of these indexes'
// order, read forwards or backwards, it reads 25 rows. (Opening, newest first, reads refund_requests_created.)
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `CREATE INDEX IF NOT EXISTS refund_requests_amount_id ON refund_requests (amount_minor, id);
     CREATE INDEX IF NOT EXISTS refund_requests_state_id ON refund_requests (state, id);
     CREATE INDEX IF NOT EXISTS refund_requests_approval_id ON refund_requests (approval_status, id);
     CREATE INDEX IF NOT EXISTS refund_requests_updated_id ON refund_requests (updated_at, id);`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `DROP INDEX IF EXISTS refund_requests_amount_id; DROP INDEX IF EXISTS refund_requests_state_id;
     DROP INDEX IF EXISTS refund_requests_approval_id; DROP INDEX IF EXISTS refund_requests_updated_id;`,
  );
}
