import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Two-step sign-in (issue 19; decision 0271): the user's authenticator secret (encrypted), their
// recovery codes (hashed, each used once), and the short-lived challenges between password and code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE user_two_step (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      secret_encrypted text NOT NULL,
      enabled_at timestamptz,
      last_used_step bigint,
      failed_attempts integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE two_step_recovery_codes (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (user_id, code_hash)
    );
    CREATE TABLE two_step_challenges (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      callback_url text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX two_step_challenges_user ON two_step_challenges (user_id);
  `,
  );
}
