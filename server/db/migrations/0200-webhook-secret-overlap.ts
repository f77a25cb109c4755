import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Webhook secret rotation with an overlap (decision 0290): after a rotation the previous secret
// keeps signing deliveries beside the new one until previous_secret_expires_at, so a receiver can
// switch without dropping events. Encrypted like the current one; the hint tells which it was.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE webhook_settings ADD COLUMN IF NOT EXISTS previous_secret_cipher text;
    ALTER TABLE webhook_settings ADD COLUMN IF NOT EXISTS previous_secret_hint text;
    ALTER TABLE webhook_settings ADD COLUMN IF NOT EXISTS previous_secret_expires_at timestamptz;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE webhook_settings DROP COLUMN IF EXISTS previous_secret_cipher;
    ALTER TABLE webhook_settings DROP COLUMN IF EXISTS previous_secret_hint;
    ALTER TABLE webhook_settings DROP COLUMN IF EXISTS previous_secret_expires_at;
  `,
  );
}
