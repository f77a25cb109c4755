import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// The settings store and the merchant wizard (issues 17, 18; decisions 0250, 0251):
// - merchant_settings takes the contract-signed kind; the kind list stays the union of every kind in use;
// - the merchant wizard's progress: one draft per step (the values the step saved) and when it was finished.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE merchant_settings DROP CONSTRAINT IF EXISTS merchant_settings_kind_check;
    ALTER TABLE merchant_settings ADD CONSTRAINT merchant_settings_kind_check CHECK (kind IN (
      'location','config','smtp','email-config','payout-email','vcc','pms','ows','webhook','secret-keys','payment','processing',
      'notifications','payout','currency-rules','brand-assets','property-info','contract-signed'));

    CREATE TABLE merchant_wizard_steps (
      merchant_group_id uuid NOT NULL REFERENCES merchant_groups(id),
      step text NOT NULL,
      data jsonb NOT NULL DEFAULT '{}',
      saved_by uuid REFERENCES users(id),
      saved_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_group_id, step)
    );
    CREATE TABLE merchant_wizards (
      merchant_group_id uuid PRIMARY KEY REFERENCES merchant_groups(id),
      completed_by uuid REFERENCES users(id),
      completed_at timestamptz NOT NULL DEFAULT now()
    );
    `,
  );
}
