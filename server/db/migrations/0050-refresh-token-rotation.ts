import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Refresh tokens rotate on every use (decision 0186): a session (one sign-in, the token family)
// keeps every refresh token it was ever given, so a superseded one coming back is recognised as
// reuse. At most one token of a session is current (not superseded).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE refresh_tokens (
      token_hash text PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      issued_at timestamptz NOT NULL DEFAULT now(),
      superseded_at timestamptz
    );
    CREATE UNIQUE INDEX refresh_tokens_one_current ON refresh_tokens (session_id) WHERE superseded_at IS NULL;
    CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id, superseded_at);
    INSERT INTO refresh_tokens (token_hash, session_id, issued_at) SELECT refresh_token_hash, id, refreshed_at FROM sessions;
    ALTER TABLE sessions DROP COLUMN refresh_token_hash;
  `,
  );
}
