import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// The authorization ledger of an order and its payment operations (decision 0205). The CHECK is
// the last line against capturing more than was authorized: the capture handler locks the order
// row first, but no code path can get past the constraint.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE orders
      ADD COLUMN authorized_minor bigint NOT NULL DEFAULT 0,
      ADD COLUMN captured_minor bigint NOT NULL DEFAULT 0,
      ADD COLUMN voided_minor bigint NOT NULL DEFAULT 0,
      ADD CONSTRAINT orders_ledger_within_authorization
        CHECK (authorized_minor >= 0 AND captured_minor >= 0 AND voided_minor >= 0 AND captured_minor + voided_minor <= authorized_minor);
    CREATE TABLE payment_operations (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('Authorization','Capture','Void','Cancel','ReferenceChange')),
      outcome text NOT NULL CHECK (outcome IN ('Succeeded','Declined')),
      amount_minor bigint CHECK (amount_minor IS NULL OR amount_minor >= 0),
      currency char(3) NOT NULL,
      acquirer_reference text,
      reason_code integer,
      note text,
      actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payment_operations_order ON payment_operations (order_id, id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP TABLE IF EXISTS payment_operations;
    ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_ledger_within_authorization,
      DROP COLUMN IF EXISTS authorized_minor, DROP COLUMN IF EXISTS captured_minor, DROP COLUMN IF EXISTS voided_minor;
  `,
  );
}
