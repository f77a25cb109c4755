import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Secret keys of a property (issue 18, decision 0262): only a hash of each key is kept; a rotated
// key keeps working until its expiry (the overlap), a revoked one stops at once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE property_api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_id uuid NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
      name text NOT NULL,
      key_prefix text NOT NULL,
      key_hash text NOT NULL UNIQUE,
      created_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      expires_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX property_api_keys_merchant ON property_api_keys (merchant_id, created_at DESC);
  `,
  );
}
