import type { Kysely } from 'kysely';
import type { IndexBuiltAside } from '../indexes-built-aside';
import { runScript } from '../run-script';

// Decision 0719: the sent e-mails list's recipient filter (part of an address, any letter case) was ILIKE, which no
// index serves. The outbox holds every e-mail the product wrote, one or more for most payments: with ten million of
// them a search read them all, 2.2-9.2 s on every keystroke. A trigram index of the lower-cased address
// (`lower(recipient)` in server/sent-emails/sent-email-query.ts, word for word) answers the same filter from the index.
// pg_trgm is there since migration 0241.
export const indexesBuiltAside: readonly IndexBuiltAside[] = [
  { name: 'email_outbox_recipient_trgm', on: `email_outbox USING gin ((lower(recipient)) gin_trgm_ops)` },
];

// The indexes are built after the migrations' transaction, without holding writes back (decision 0723).
export async function up(): Promise<void> {}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP INDEX IF EXISTS email_outbox_recipient_trgm;`);
}
