import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Page access and API rights are two representations of a role (docs/decisions/0110): the SPA's
// route guard needs exact action sets per resource (spec 5), which would hand a view-only role
// Insert/Update/Delete if the server enforced the same rows. The server enforces these instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    CREATE TABLE role_api_grants (
      role_name text NOT NULL REFERENCES roles(name) ON DELETE CASCADE,
      resource text NOT NULL,
      actions text[] NOT NULL,
      PRIMARY KEY (role_name, resource)
    );
  `,
  );
}
