import { sql, type RawBuilder } from 'kysely';
import type { Db } from './database';

// What Folio forgets, and when (decision 0724). Some tables grow with every payment or sign-in and hold rows that
// serve nothing after a while: at ten million orders there were ten million copies of sent e-mails and five million
// webhook deliveries, and every staff sign-in leaves a session whose refresh tokens rotate every quarter of an hour.
// Process 1 sweeps them once the database is ready and then every hour, a bounded batch at a time:
// - a session that ended (signed out, revoked or expired) more than ENDED_SESSION_DAYS ago, with its refresh tokens;
// - a password-reset link that expired more than a day ago (used or not);
// - a webhook delivery finished (delivered or given up) more than FOLIO_KEEP_WEBHOOK_DELIVERIES_DAYS ago, with its
//   attempts; one still under way is never forgotten;
// - the copy of an e-mail sent more than FOLIO_KEEP_SENT_EMAILS_DAYS ago (the provider's "sent e-mails" list; an
//   order's own e-mail history is another table and stays with the order).
// The audit log is kept: PCI DSS asks a payments service for at least a year of it, and what a provider keeps beyond
// is its own policy, archived outside Folio. Orders, payouts and their lines are the books: never forgotten here.

export interface RetentionConfig {
  /** FOLIO_KEEP_WEBHOOK_DELIVERIES_DAYS: how long a finished webhook delivery stays in its log; 0 keeps them all. */
  webhookDeliveryDays: number;
  /** FOLIO_KEEP_SENT_EMAILS_DAYS: how long the copy of a sent e-mail stays in the sent e-mails list; 0 keeps them all. */
  sentEmailDays: number;
}

export const DEFAULT_RETENTION: RetentionConfig = { webhookDeliveryDays: 90, sentEmailDays: 730 };
/**
 * How long a list keeps its rows, as its answer tells the page (decision 0725): the days the sweep keeps them, or null
 * when the setting is 0 and nothing of the kind is forgotten. Read from the same configuration the sweep reads.
 */
export const keptForDays = (days: number): number | null => (days > 0 ? days : null);

/** The longest retention a setting may ask for (a hundred years); 0 keeps everything. */
export const MAX_KEPT_DAYS = 36_500;
/** A session that ended stays this long (someone looking into a recent sign-in), then goes with its refresh tokens. */
export const ENDED_SESSION_DAYS = 30;
/** A password-reset link is forgotten this long after it expired. */
export const EXPIRED_RESET_DAYS = 1;
/** How often process 1 sweeps. */
export const RETENTION_SWEEP_MS = 60 * 60_000;

/** Rows deleted per statement: a short lock each, whatever the backlog. */
const BATCH = 5_000;
/** Statements per kind and round: a first sweep of a large backlog spreads over several rounds. */
const BATCHES_PER_ROUND = 20;

const DAY_MS = 24 * 60 * 60_000;

export interface Forgotten {
  sessions: number;
  passwordResets: number;
  webhookDeliveries: number;
  sentEmails: number;
}

/** Deletes a batch at a time (`batch` deletes up to `limit` rows and says how many) until one comes back short. */
async function inBatches(db: Db, batch: (limit: number) => RawBuilder<{ n: number }>): Promise<number> {
  let total = 0;
  for (let round = 0; round < BATCHES_PER_ROUND; round++) {
    const { rows } = await batch(BATCH).execute(db);
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < BATCH) break;
  }
  return total;
}

/** The rows of `table` whose `column` is before `before`, oldest first, a batch at a time (`key`: the table's key). */
function forgetOldest(db: Db, { table, key, column, before }: { table: string; key: string; column: string; before: Date }): Promise<number> {
  const [t, k, c] = [sql.raw(table), sql.raw(key), sql.raw(column)];
  return inBatches(
    db,
    (limit) => sql<{ n: number }>`WITH gone AS (DELETE FROM ${t} WHERE ${k} IN (
      SELECT ${k} FROM ${t} WHERE ${c} < ${before} ORDER BY ${c} LIMIT ${limit}) RETURNING 1)
      SELECT count(*)::int AS n FROM gone`,
  );
}

/** One sweep: what is past its keeping, at `now`. */
export async function forgetWhatIsNoLongerKept(db: Db, retention: RetentionConfig, now = new Date()): Promise<Forgotten> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const sessionsEnded = before(ENDED_SESSION_DAYS);
  const sessions = await inBatches(
    db,
    (limit) => sql<{ n: number }>`WITH gone AS (DELETE FROM sessions WHERE id IN (
      SELECT id FROM sessions WHERE expires_at < ${sessionsEnded} OR revoked_at < ${sessionsEnded} LIMIT ${limit}) RETURNING 1)
      SELECT count(*)::int AS n FROM gone`,
  );
  const passwordResets = await forgetOldest(db, {
    table: 'password_reset_tokens',
    key: 'token_hash',
    column: 'expires_at',
    before: before(EXPIRED_RESET_DAYS),
  });
  // Read oldest first from their indexes (migration 0510); a delivery under way has no finished_at.
  const webhookDeliveries = retention.webhookDeliveryDays
    ? await forgetOldest(db, { table: 'webhook_deliveries', key: 'id', column: 'finished_at', before: before(retention.webhookDeliveryDays) })
    : 0;
  const sentEmails = retention.sentEmailDays
    ? await forgetOldest(db, { table: 'email_outbox', key: 'id', column: 'created_at', before: before(retention.sentEmailDays) })
    : 0;
  return { sessions, passwordResets, webhookDeliveries, sentEmails };
}
