import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Decision 0703: a field the reviewer flags must really change before the application is resubmitted, so a field
// flag remembers the value the field held when it was flagged, as `{"value": …}` (`{"value": null}` for a field with
// no value; the wrapper keeps "no value" apart from SQL NULL). SQL NULL: a document flag, or a field flag whose value
// is not known.
// Existing open field flags: when the flagged step's draft has not been saved since the flag, the draft still holds
// the flagged value and it is recorded; otherwise the value it had is lost and the flag stays NULL (not compared).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE kyc_review_flags ADD COLUMN IF NOT EXISTS flagged_value jsonb;
    UPDATE kyc_review_flags f
       SET flagged_value = jsonb_build_object('value', d.data #> (string_to_array(f.target, '.'))[2:])
      FROM kyc_step_drafts d
     WHERE f.target_kind = 'field'
       AND f.resolved_at IS NULL
       AND f.flagged_value IS NULL
       AND d.application_id = f.application_id
       AND d.step = split_part(f.target, '.', 1)
       AND d.updated_at <= f.created_at;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `ALTER TABLE kyc_review_flags DROP COLUMN IF EXISTS flagged_value;`);
}
