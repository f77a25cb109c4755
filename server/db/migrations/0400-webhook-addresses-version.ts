import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Decision 0683: an address save names the version of the addresses it was made from, and rotating the secret is
// no change to them, so the addresses keep a time of their own beside the row's updated_at (which a rotation moves).
// Existing rows: the addresses were last saved no later than the row, so its updated_at stands in for them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE webhook_settings ADD COLUMN IF NOT EXISTS addresses_updated_at timestamptz;
    UPDATE webhook_settings SET addresses_updated_at = updated_at WHERE addresses_updated_at IS NULL;
    ALTER TABLE webhook_settings ALTER COLUMN addresses_updated_at SET DEFAULT now();
    ALTER TABLE webhook_settings ALTER COLUMN addresses_updated_at SET NOT NULL;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `ALTER TABLE webhook_settings DROP COLUMN IF EXISTS addresses_updated_at;`);
}
