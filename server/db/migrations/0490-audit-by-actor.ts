import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Decision 0719: a user's audit page lists what they did and what was done to their account, newest first. Nothing
// indexed the actor, so the log was read from its newest entry back until a hundred matched: all of it for a user who
// has done little, and the log grows by an entry for most payments. This index holds the entries each person made in
// the page's order (an entry without one, a guest's or the payout run's, is left out). The entries about an account
// are found through audit_log_entity, a few hundred or thousand for one account, and sorted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `CREATE INDEX IF NOT EXISTS audit_log_actor ON audit_log (actor_user_id, id DESC) WHERE actor_user_id IS NOT NULL;`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP INDEX IF EXISTS audit_log_actor;`);
}
