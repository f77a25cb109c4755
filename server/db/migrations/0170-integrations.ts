import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// The outside-world settings of a merchant group or one property (issues 17, 18; decisions 0280-0283):
// SMTP settings with the password encrypted, webhook settings with the signing secret encrypted, and
// webhook deliveries: a job table (claimed with SKIP LOCKED) that is also the delivery log, one row
// per attempt beside it. A row with merchant_id NULL is the group's; a property's own row overrides it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE smtp_settings (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_group_id uuid NOT NULL REFERENCES merchant_groups(id),
      merchant_id uuid REFERENCES merchants(id),
      provider text NOT NULL CHECK (provider IN ('SMTP', 'SendGrid')),
      server text NOT NULL,
      port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
      encryption text NOT NULL CHECK (encryption IN ('None', 'STARTTLS', 'SSL/TLS')),
      username text NOT NULL,
      password_cipher text,
      sender_email text NOT NULL,
      sender_name text,
      updated_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX smtp_settings_scope ON smtp_settings (merchant_group_id, coalesce(merchant_id, '00000000-0000-0000-0000-000000000000'::uuid));

    CREATE TABLE webhook_settings (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_group_id uuid NOT NULL REFERENCES merchant_groups(id),
      merchant_id uuid REFERENCES merchants(id),
      url text NOT NULL,
      pay_later_url text,
      secret_cipher text NOT NULL,
      secret_hint text NOT NULL,
      secret_created_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX webhook_settings_scope ON webhook_settings (merchant_group_id, coalesce(merchant_id, '00000000-0000-0000-0000-000000000000'::uuid));

    CREATE TABLE webhook_deliveries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      webhook_settings_id uuid NOT NULL REFERENCES webhook_settings(id) ON DELETE CASCADE,
      merchant_group_id uuid NOT NULL REFERENCES merchant_groups(id),
      merchant_id uuid REFERENCES merchants(id),
      event_id uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      event_type text NOT NULL,
      payload jsonb NOT NULL,
      booking_id uuid REFERENCES bookings(id) ON DELETE SET NULL,
      target_url text NOT NULL,
      status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Delivering', 'Succeeded', 'Failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      claimed_by text,
      claimed_at timestamptz,
      last_response_status integer,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status IN ('Pending', 'Delivering');
    CREATE INDEX webhook_deliveries_scope ON webhook_deliveries (merchant_group_id, merchant_id, id DESC);

    CREATE TABLE webhook_delivery_attempts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      delivery_id bigint NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
      attempt_no integer NOT NULL,
      request_headers jsonb NOT NULL,
      request_body text NOT NULL,
      response_status integer,
      response_body text,
      error text,
      duration_ms integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (delivery_id, attempt_no)
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP TABLE IF EXISTS webhook_delivery_attempts, webhook_deliveries, webhook_settings, smtp_settings;`);
}
