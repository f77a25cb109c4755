import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// KYC onboarding (issue 5): the database refuses step names the wizard does not have, and the
// review page reads open flags and current documents per application quickly.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE kyc_step_drafts ADD CONSTRAINT kyc_step_drafts_step CHECK (step IN ('application-overview','company-details','business-information','sanctions-exposure','company-stakeholders','processing-details','settlement-accounts','authorised-signatory'));
    CREATE INDEX kyc_review_flags_open ON kyc_review_flags (application_id, resolved_at);
    CREATE INDEX documents_current ON documents (merchant_group_id, replaced_by);
  `,
  );
}
