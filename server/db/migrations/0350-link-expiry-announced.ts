import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Issue 38 (decision 0531): a payment link's expiry becomes a change the live streams hear of. A link
// expires at a moment, not at a commit, so a sweep announces it once after the moment passed and notes
// here that it did (on every instance alike: the sweep claims rows FOR UPDATE SKIP LOCKED). Links already
// expired before this migration are noted as announced: nobody is waiting to hear of them. The partial
// index holds only the links still to announce (open, unannounced), so the sweep's look stays small
// however many links there are.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE payment_links ADD COLUMN IF NOT EXISTS expiry_announced_at timestamptz;
    UPDATE payment_links SET expiry_announced_at = expires_at WHERE expires_at <= now() AND expiry_announced_at IS NULL;
    CREATE INDEX IF NOT EXISTS payment_links_expiry_to_announce ON payment_links (expires_at)
      WHERE expiry_announced_at IS NULL AND completed_at IS NULL;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP INDEX IF EXISTS payment_links_expiry_to_announce; ALTER TABLE payment_links DROP COLUMN IF EXISTS expiry_announced_at;`);
}
