import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// The acquirer's other refund answers (decision 0520): a refund attempt may now be answered Pending
// (settled by a later update), PartiallyAccepted (only part of it refunded) or Changed (a later
// correction of the refunded amount). A request still moves money at most once (Succeeded or
// PartiallyAccepted, whichever came) and is corrected at most once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE refund_executions DROP CONSTRAINT IF EXISTS refund_executions_outcome_check;
    ALTER TABLE refund_executions ADD CONSTRAINT refund_executions_outcome_check
      CHECK (outcome IN ('Succeeded','Declined','Pending','PartiallyAccepted','Changed'));
    -- A correction may take the whole refund back (to 0); every other answer is about some money.
    ALTER TABLE refund_executions DROP CONSTRAINT IF EXISTS refund_executions_amount_minor_check;
    ALTER TABLE refund_executions ADD CONSTRAINT refund_executions_amount_minor_check CHECK (amount_minor > 0 OR (outcome = 'Changed' AND amount_minor = 0));
    DROP INDEX IF EXISTS refund_executions_once;
    CREATE UNIQUE INDEX refund_executions_once ON refund_executions (refund_request_id) WHERE outcome IN ('Succeeded','PartiallyAccepted');
    CREATE UNIQUE INDEX refund_executions_changed_once ON refund_executions (refund_request_id) WHERE outcome = 'Changed';
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP INDEX IF EXISTS refund_executions_changed_once;
    DROP INDEX IF EXISTS refund_executions_once;
    CREATE UNIQUE INDEX refund_executions_once ON refund_executions (refund_request_id) WHERE outcome = 'Succeeded';
    DELETE FROM refund_executions WHERE outcome NOT IN ('Succeeded','Declined');
    ALTER TABLE refund_executions DROP CONSTRAINT IF EXISTS refund_executions_amount_minor_check;
    ALTER TABLE refund_executions ADD CONSTRAINT refund_executions_amount_minor_check CHECK (amount_minor > 0);
    ALTER TABLE refund_executions DROP CONSTRAINT IF EXISTS refund_executions_outcome_check;
    ALTER TABLE refund_executions ADD CONSTRAINT refund_executions_outcome_check CHECK (outcome IN ('Succeeded','Declined'));
  `,
  );
}
