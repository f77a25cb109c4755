import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Refunds with maker-checker approval (decision 0230). Rules per merchant group or property; a
// request remembers how many approvals its rule asked for; approvals and execution attempts are
// their own rows. Three constraints hold the money rules even if a lock were ever bypassed: an
// order never refunds more than was captured, a request moves money at most once, and one person
// approves a request at most once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE orders
      ADD COLUMN refunded_minor bigint NOT NULL DEFAULT 0,
      ADD CONSTRAINT orders_refund_within_capture CHECK (
        refunded_minor >= 0
        AND refunded_minor <= GREATEST(captured_minor, CASE WHEN payment_type <> 'AU' AND status = 'Paid' THEN amount_minor ELSE 0 END)
      );

    ALTER TABLE refund_rules
      ALTER COLUMN merchant_id DROP NOT NULL,
      ALTER COLUMN name SET DEFAULT '',
      ADD COLUMN merchant_group_id uuid NOT NULL REFERENCES merchant_groups(id),
      ADD COLUMN currency char(3) NOT NULL,
      ADD COLUMN auto_approve_up_to_minor bigint NOT NULL CHECK (auto_approve_up_to_minor >= 0),
      ADD COLUMN two_approvals_above_minor bigint,
      ADD COLUMN daily_cap_minor bigint,
      ADD COLUMN approver_roles text[] NOT NULL,
      ADD COLUMN updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
      ADD CONSTRAINT refund_rules_thresholds CHECK (
        (two_approvals_above_minor IS NULL OR two_approvals_above_minor >= auto_approve_up_to_minor)
        AND (daily_cap_minor IS NULL OR daily_cap_minor >= auto_approve_up_to_minor)
      );
    CREATE UNIQUE INDEX refund_rules_one_per_scope ON refund_rules (merchant_group_id, COALESCE(merchant_id, '00000000-0000-0000-0000-000000000000'::uuid));

    ALTER TABLE refund_requests
      ADD COLUMN note text,
      ADD COLUMN approvals_required smallint NOT NULL DEFAULT 1 CHECK (approvals_required BETWEEN 0 AND 2),
      ADD COLUMN approver_roles text[] NOT NULL DEFAULT '{}',
      ADD COLUMN rule_id uuid REFERENCES refund_rules(id) ON DELETE SET NULL;
    CREATE INDEX refund_requests_order ON refund_requests (order_id);
    CREATE INDEX refund_requests_created ON refund_requests (created_at DESC, id DESC);

    CREATE UNIQUE INDEX refund_approvals_one_per_person ON refund_approvals (refund_request_id, approver_id) WHERE decision = 'approve';

    CREATE TABLE refund_executions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      refund_request_id uuid NOT NULL REFERENCES refund_requests(id) ON DELETE CASCADE,
      outcome text NOT NULL CHECK (outcome IN ('Succeeded','Declined')),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      currency char(3) NOT NULL,
      acquirer_reference text,
      message text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX refund_executions_once ON refund_executions (refund_request_id) WHERE outcome = 'Succeeded';
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP TABLE IF EXISTS refund_executions;
    DROP INDEX IF EXISTS refund_approvals_one_per_person;
    DROP INDEX IF EXISTS refund_requests_order;
    DROP INDEX IF EXISTS refund_requests_created;
    ALTER TABLE refund_requests DROP COLUMN IF EXISTS note, DROP COLUMN IF EXISTS approvals_required, DROP COLUMN IF EXISTS approver_roles, DROP COLUMN IF EXISTS rule_id;
    DROP INDEX IF EXISTS refund_rules_one_per_scope;
    ALTER TABLE refund_rules DROP CONSTRAINT IF EXISTS refund_rules_thresholds, DROP COLUMN IF EXISTS merchant_group_id, DROP COLUMN IF EXISTS currency,
      DROP COLUMN IF EXISTS auto_approve_up_to_minor, DROP COLUMN IF EXISTS two_approvals_above_minor, DROP COLUMN IF EXISTS daily_cap_minor,
      DROP COLUMN IF EXISTS approver_roles, DROP COLUMN IF EXISTS updated_by, DROP COLUMN IF EXISTS updated_at;
    ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_refund_within_capture, DROP COLUMN IF EXISTS refunded_minor;
  `,
  );
}
