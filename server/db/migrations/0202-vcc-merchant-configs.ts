import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Virtual card (VCC) configs of properties (spec 7 vcc-merchant-configs; decision 0295): one per property.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE IF NOT EXISTS vcc_merchant_configs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_id uuid NOT NULL UNIQUE REFERENCES merchants(id),
      enabled boolean NOT NULL,
      channels text[] NOT NULL DEFAULT '{}',
      charge_timing text NOT NULL CHECK (charge_timing IN ('OnBooking', 'BeforeCheckIn', 'OnCheckIn', 'OnCheckOut')),
      days_before_check_in integer CHECK (days_before_check_in BETWEEN 1 AND 60),
      notification_email text,
      updated_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP TABLE IF EXISTS vcc_merchant_configs;`);
}
