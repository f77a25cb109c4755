import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Settlement lines (issue 37, decision 0430): what a payout is made of, each line signed as it moves
// the payout (captures +, refunds and fees -, adjustments and carried balances either way) and
// linked to its order or refund. Amounts in minor units of the line's currency. An order's capture
// belongs in exactly one payout; that is watched by the reconciliation check (decision 0432), not
// by a unique index, so a duplicate that reaches the table (an imported report, a bug) is listed for
// provider staff rather than failing the write that brought it.
// The settlement report is an export type of its own (SETTLEMENT), so the jobs table accepts it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE payout_lines (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      payout_id uuid NOT NULL REFERENCES payouts(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('Capture','Refund','Fee','Adjustment','CarriedBalance')),
      order_id bigint REFERENCES orders(id),
      refund_request_id uuid REFERENCES refund_requests(id),
      carried_payout_id uuid REFERENCES payouts(id),
      amount_minor bigint NOT NULL,
      currency char(3) NOT NULL,
      booked_at timestamptz NOT NULL,
      note text,
      CHECK (kind NOT IN ('Capture','Fee') OR order_id IS NOT NULL),
      CHECK (kind <> 'Refund' OR refund_request_id IS NOT NULL),
      CHECK (kind <> 'CarriedBalance' OR carried_payout_id IS NOT NULL)
    );
    CREATE INDEX payout_lines_payout ON payout_lines (payout_id, id);
    CREATE INDEX payout_lines_order ON payout_lines (order_id) WHERE order_id IS NOT NULL;
    ALTER TABLE export_jobs DROP CONSTRAINT IF EXISTS export_jobs_export_type_check;
    ALTER TABLE export_jobs ADD CONSTRAINT export_jobs_export_type_check CHECK (export_type IN ('TRANSACTION','PAYOUT','REFUND','SETTLEMENT'));
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP TABLE IF EXISTS payout_lines;
    ALTER TABLE export_jobs DROP CONSTRAINT IF EXISTS export_jobs_export_type_check;
    ALTER TABLE export_jobs ADD CONSTRAINT export_jobs_export_type_check CHECK (export_type IN ('TRANSACTION','PAYOUT','REFUND'));
  `,
  );
}
