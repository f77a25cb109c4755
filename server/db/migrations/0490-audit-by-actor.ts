import type { Kysely } from 'kysely';
import type { IndexBuiltAside } from '../indexes-built-aside';
import { runScript } from '../run-script';

// Decision 0719: a user's audit page lists what they did and what was done to their account, newest first. Nothing
// indexed the actor, so the log was read from its newest entry back until a hundred matched: all of it for a user who
// has done little, and the log grows by an entry for most payments. This index holds the entries each person made in
// the page's order (an entry without one, a guest's or the payout run's, is left out). The entries about an account
// are found through audit_log_entity, a few hundred or thousand for one account, and sorted.
export const indexesBuiltAside: readonly IndexBuiltAside[] = [
  { name: 'audit_log_actor', on: `audit_log (actor_user_id, id DESC) WHERE actor_user_id IS NOT NULL` },
];

// The indexes are built after the migrations' transaction, without holding writes back (decision 0723).
export async function up(): Promise<void> {}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP INDEX IF EXISTS audit_log_actor;`);
}
