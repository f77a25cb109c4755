import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Bookings as spec 3 describes them (deposit basis, PMS integration), their log of PMS and webhook
// exchanges with both bodies, and the charges posted to a booking's PMS folio (decision 0212).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE bookings
      ADD COLUMN deposit_basis text NOT NULL DEFAULT 'None' CHECK (deposit_basis IN ('None','TotalAmount','DepositAmount')),
      ADD COLUMN deposit_minor bigint CHECK (deposit_minor IS NULL OR deposit_minor >= 0),
      ADD COLUMN pms_integration text NOT NULL DEFAULT 'None' CHECK (pms_integration IN ('None','Ows','Cendyn','OraclePI'));
    CREATE INDEX bookings_check_in ON bookings (merchant_id, check_in DESC);
    ALTER TABLE booking_logs
      ADD COLUMN direction text NOT NULL DEFAULT 'Inbound' CHECK (direction IN ('Inbound','Outbound')),
      ADD COLUMN http_status integer,
      ADD COLUMN request_body text,
      ADD COLUMN response_body text;
    CREATE INDEX booking_logs_booking ON booking_logs (booking_id, created_at DESC);
    CREATE INDEX orders_booking ON orders (booking_id) WHERE booking_id IS NOT NULL;
    CREATE TABLE pms_postings (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      booking_id uuid NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      currency char(3) NOT NULL,
      description text NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('Posted','Rejected')),
      pms_reference text,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX pms_postings_booking ON pms_postings (booking_id, id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP TABLE IF EXISTS pms_postings;
    DROP INDEX IF EXISTS orders_booking;
    DROP INDEX IF EXISTS booking_logs_booking;
    ALTER TABLE booking_logs DROP COLUMN IF EXISTS direction, DROP COLUMN IF EXISTS http_status,
      DROP COLUMN IF EXISTS request_body, DROP COLUMN IF EXISTS response_body;
    DROP INDEX IF EXISTS bookings_check_in;
    ALTER TABLE bookings DROP COLUMN IF EXISTS deposit_basis, DROP COLUMN IF EXISTS deposit_minor, DROP COLUMN IF EXISTS pms_integration;
  `,
  );
}
