import type { Kysely } from 'kysely';
import type { IndexBuiltAside } from '../indexes-built-aside';
import { runScript } from '../run-script';

// Decision 0724: the hourly sweep forgets finished webhook deliveries and the copies of sent e-mails past their keeping,
// oldest first. At ten million orders (five million deliveries, ten million e-mails) finding them without an index read
// every row each hour. Built aside: the tables keep being written while the indexes are built (decision 0723).
export const indexesBuiltAside: readonly IndexBuiltAside[] = [
  { name: 'webhook_deliveries_finished', on: `webhook_deliveries (finished_at) WHERE finished_at IS NOT NULL` },
  { name: 'email_outbox_created', on: `email_outbox (created_at)` },
];

// The indexes are built after the migrations' transaction, without holding writes back (decision 0723).
export async function up(): Promise<void> {}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP INDEX IF EXISTS webhook_deliveries_finished; DROP INDEX IF EXISTS email_outbox_created;`);
}
