import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Issue 37 (decisions 0582, 0583): the payout run sends Scheduled payouts to the bank, and the demo
// bank answers those first attempts. The seeded payouts in transit must stay there so the demo shows
// the state (decision 0137), so an attempt the run sent is marked. Existing attempts were not sent by
// the run (the default).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `ALTER TABLE payout_attempts ADD COLUMN IF NOT EXISTS sent_by_run boolean NOT NULL DEFAULT false;`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `ALTER TABLE payout_attempts DROP COLUMN IF EXISTS sent_by_run;`);
}
