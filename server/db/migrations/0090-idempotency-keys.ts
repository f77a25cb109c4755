import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Idempotency keys of money calls (decision 0200): one row per user, endpoint and key, holding a
// fingerprint of the request and the answer given, so the same key gets the same answer for 24 h.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE idempotency_keys (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      endpoint text NOT NULL,
      key text NOT NULL,
      fingerprint text NOT NULL,
      status integer,
      response jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, endpoint, key)
    );
    CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP TABLE IF EXISTS idempotency_keys;`);
}
