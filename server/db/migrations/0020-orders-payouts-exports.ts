import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Indexes for the transactions and payouts tables at a million rows (decision 0121): every
// sortable column has an index ending in the `id` tiebreak, so a page and an export chunk are
// index range scans in either direction; the reference filter is a prefix match (text_pattern_ops
// because the database collation may not be C).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE INDEX IF NOT EXISTS orders_amount_id ON orders (amount_minor, id);
    CREATE INDEX IF NOT EXISTS orders_updated_id ON orders (updated_at, id);
    CREATE INDEX IF NOT EXISTS orders_status_created_id ON orders (status, created_at, id);
    CREATE INDEX IF NOT EXISTS orders_guest_name_id ON orders (guest_name, id);
    CREATE INDEX IF NOT EXISTS orders_reference_prefix ON orders (reference_no text_pattern_ops);
    CREATE INDEX IF NOT EXISTS payouts_created_id ON payouts (created_at, id);
    CREATE INDEX IF NOT EXISTS payouts_amount_id ON payouts (amount_minor, id);
    CREATE INDEX IF NOT EXISTS payouts_reference_prefix ON payouts (reference text_pattern_ops);
    -- A retry adds an attempt; at most one attempt of a payout may be in flight at a time.
    CREATE UNIQUE INDEX IF NOT EXISTS payout_attempts_one_processing ON payout_attempts (payout_id) WHERE status = 'Processing';
    -- Export downloads and the cleanup of expired files look jobs up by state.
    CREATE INDEX IF NOT EXISTS export_jobs_ready_expiry ON export_jobs (expires_at) WHERE status = 'Ready';
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP INDEX IF EXISTS orders_amount_id, orders_updated_id, orders_status_created_id, orders_guest_name_id, orders_reference_prefix,
      payouts_created_id, payouts_amount_id, payouts_reference_prefix, payout_attempts_one_processing, export_jobs_ready_expiry;
  `,
  );
}
