import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Properties (issue 18, decision 0260): the city the list shows, when the status last changed,
// and the reviewer's resubmission reasons per field or settings page (like KYC's flags).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE merchants ADD COLUMN city text;
    ALTER TABLE merchants ADD COLUMN status_changed_at timestamptz NOT NULL DEFAULT now();
    CREATE INDEX merchants_created ON merchants (created_at DESC, id);

    CREATE TABLE property_review_flags (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_id uuid NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
      target text NOT NULL,
      reason text NOT NULL,
      created_by uuid REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz
    );
    CREATE INDEX property_review_flags_merchant ON property_review_flags (merchant_id, created_at DESC);
  `,
  );
}
