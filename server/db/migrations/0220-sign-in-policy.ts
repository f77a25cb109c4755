import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// The product's sign-in policy (issue 19; decision 0310): one row, written by a provider admin.
// Without the row the default applies (two-step sign-in required for provider roles, except in demo mode).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE sign_in_policy (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      require_two_step_for_provider_roles boolean NOT NULL,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}
