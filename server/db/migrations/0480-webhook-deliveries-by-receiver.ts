import type { Kysely } from 'kysely';
import type { IndexBuiltAside } from '../indexes-built-aside';
import { runScript } from '../run-script';

// Decision 0719: a merchant group's webhook log lists what went to the group's receiver, newest first. Its deliveries
// were found by reading every delivery of every group (no index held the receiver), and counted so: 0.42-0.50 s with
// five million deliveries, on each poll of the settings screen while a delivery is under way. Read from this index,
// the page is the receiver's 25 newest.
export const indexesBuiltAside: readonly IndexBuiltAside[] = [{ name: 'webhook_deliveries_receiver', on: `webhook_deliveries (webhook_settings_id, id DESC)` }];

// The indexes are built after the migrations' transaction, without holding writes back (decision 0723).
export async function up(): Promise<void> {}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP INDEX IF EXISTS webhook_deliveries_receiver;`);
}
