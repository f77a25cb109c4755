import { sql } from 'kysely';
import type { LiveEvent } from '../../contract/live-events';
import type { Resource } from '../../contract/roles';
import type { Db } from '../db/database';

/** The one channel every instance listens on; a notification carries one outbox row. */
export const LIVE_CHANNEL = 'folio_live';

/** Who may hear of an event: readers of a resource on a property, or one person (their own export). */
export type LiveAudience = { merchantId: string; resource: Resource } | { ownerUserId: string };

/** An outbox row as it travels: its position, its audience and the event. */
export interface LiveEnvelope {
  id: string;
  audience: LiveAudience;
  event: LiveEvent;
}

/**
 * The resource whose Read grant a caller needs to hear of an event: the one the event's read endpoint
 * declares (transactions and payment links: Transactions; refund requests: Refund; payouts: Payouts).
 */
const RESOURCE_OF: Record<Exclude<LiveEvent['type'], 'export'>, Resource> = {
  order: 'Transactions',
  paymentLink: 'Transactions',
  refundRequest: 'Refund',
  payout: 'Payouts',
};

/**
 * Records a change for the live streams, in the caller's transaction (decision 0441): the outbox row
 * and its notification commit with the change or not at all. PostgreSQL and PGlite both hold a
 * NOTIFY until commit and drop it on rollback, so no instance hears of a change that did not happen.
 * An export of a secret key has no browser to tell; pass `ownerUserId: null` and nothing is recorded.
 */
export async function recordLiveEvent(db: Db, event: LiveEvent, owner?: { ownerUserId: string | null }): Promise<void> {
  let audience: LiveAudience;
  if (event.type === 'export') {
    if (!owner?.ownerUserId) return;
    audience = { ownerUserId: owner.ownerUserId };
  } else {
    audience = { merchantId: event.merchantId, resource: RESOURCE_OF[event.type] };
  }
  const row = await db
    .insertInto('live_events')
    .values({
      merchant_id: 'merchantId' in audience ? audience.merchantId : null,
      resource: 'resource' in audience ? audience.resource : null,
      owner_user_id: 'ownerUserId' in audience ? audience.ownerUserId : null,
      payload: JSON.stringify(event),
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  const envelope: LiveEnvelope = { id: String(row.id), audience, event };
  await sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(envelope)})`.execute(db);
}

interface OutboxRow {
  id: string;
  merchant_id: string | null;
  resource: string | null;
  owner_user_id: string | null;
  payload: unknown;
}

export function envelopeOfRow(row: OutboxRow): LiveEnvelope {
  const audience: LiveAudience = row.owner_user_id
    ? { ownerUserId: row.owner_user_id }
    : { merchantId: row.merchant_id as string, resource: row.resource as Resource };
  const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as LiveEvent) : (row.payload as LiveEvent);
  return { id: String(row.id), audience, event: payload };
}

/** The rows after a position, oldest first, at most `limit` (a resume; a listener catching up). */
export async function outboxAfter(db: Db, afterId: string, limit: number): Promise<LiveEnvelope[]> {
  const rows = await db
    .selectFrom('live_events')
    .select(['id', 'merchant_id', 'resource', 'owner_user_id', 'payload'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(envelopeOfRow);
}

/** The newest position, and the oldest still kept ('0' when none). */
export async function outboxBounds(db: Db): Promise<{ newest: string; oldest: string }> {
  const row = await db
    .selectFrom('live_events')
    .select([sql<string>`coalesce(max(id), 0)::text`.as('newest'), sql<string>`coalesce(min(id), 0)::text`.as('oldest')])
    .executeTakeFirstOrThrow();
  return { newest: row.newest, oldest: row.oldest };
}

/**
 * Forgets events older than the retention: a browser away longer than that refetches everything (a
 * `resync`). The newest row always stays, so the stream's position survives a quiet hour.
 */
export async function pruneOutbox(db: Db, retentionMs: number): Promise<void> {
  await db
    .deleteFrom('live_events')
    .where('created_at', '<', new Date(Date.now() - retentionMs))
    .where('id', '<', (eb) => eb.selectFrom('live_events').select(sql<string>`max(id)`.as('newest')))
    .execute();
}
