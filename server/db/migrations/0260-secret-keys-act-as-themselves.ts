import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// A property's secret key is a principal of its own (issue 33, decision 0370), never the person who
// made it. What a key does is recorded as the key's: the audit trail, the payment operations, links
// and metadata it creates, the exports it starts (owned by the key, so its maker cannot read them and
// it cannot read its maker's) and its idempotency keys. Each row names either a user or a key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS actor_key_id uuid REFERENCES property_api_keys(id);
    ALTER TABLE payment_operations ADD COLUMN IF NOT EXISTS actor_key_id uuid REFERENCES property_api_keys(id) ON DELETE SET NULL;
    ALTER TABLE payment_links ADD COLUMN IF NOT EXISTS created_by_key_id uuid REFERENCES property_api_keys(id) ON DELETE SET NULL;
    ALTER TABLE metadata ADD COLUMN IF NOT EXISTS created_by_key_id uuid REFERENCES property_api_keys(id) ON DELETE SET NULL;

    ALTER TABLE export_jobs ALTER COLUMN owner_user_id DROP NOT NULL;
    ALTER TABLE export_jobs ADD COLUMN IF NOT EXISTS owner_key_id uuid REFERENCES property_api_keys(id) ON DELETE CASCADE;
    ALTER TABLE export_jobs ADD CONSTRAINT export_jobs_one_owner CHECK (num_nonnulls(owner_user_id, owner_key_id) = 1);

    -- Idempotency keys were a user's; a key's own were stored under its maker with an 'api-key:<id>|' prefix.
    ALTER TABLE idempotency_keys ADD COLUMN IF NOT EXISTS principal text;
    UPDATE idempotency_keys SET principal = CASE
      WHEN key LIKE 'api-key:%|%' THEN 'key:' || substring(key FROM 9 FOR 36)
      ELSE 'user:' || user_id::text END;
    ALTER TABLE idempotency_keys ALTER COLUMN principal SET NOT NULL;
    ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey;
    ALTER TABLE idempotency_keys ALTER COLUMN user_id DROP NOT NULL;
    UPDATE idempotency_keys SET key = substring(key FROM 47), user_id = NULL WHERE principal LIKE 'key:%';
    ALTER TABLE idempotency_keys ADD PRIMARY KEY (principal, endpoint, key);
  `,
  );
}
