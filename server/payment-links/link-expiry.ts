import type { AppContext } from '../app-context';
import type { Db } from '../db/database';
import { recordLiveEvent } from '../events/live-outbox';
import { liveConfigOf } from '../events/live-config';
import { startRounds } from '../jobs/job-runner';

/** At most this many links are announced in one transaction; a larger backlog takes several rounds. */
const ANNOUNCE_BATCH = 500;

/**
 * Announces the payment links whose expiry has passed (decision 0531): each such link, still open
 * (not paid, its order not cancelled), becomes one "payment link changed (expired)" event for the
 * readers of its property, once. A link expires at a moment, not at a commit, so this sweep makes the
 * commit: it claims the links FOR UPDATE SKIP LOCKED and notes them announced in the same transaction
 * as their events, so several instances never announce one twice and a rolled-back round announces
 * nothing. A link that expired longer ago than the streams keep events is noted without an event: no
 * stream could resume to it, and every screen opened since reads it as expired. Returns how many
 * events were recorded.
 */
export async function announceExpiredLinks(db: Db, retentionMs: number, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('payment_links as l')
      .leftJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.id', 'l.order_id', 'l.merchant_id', 'l.expires_at', 'o.status as order_status'])
      .where('l.expiry_announced_at', 'is', null)
      .where('l.completed_at', 'is', null)
      .where('l.expires_at', '<=', now)
      .orderBy('l.expires_at')
      .limit(ANNOUNCE_BATCH)
      .forUpdate('l')
      .skipLocked()
      .execute();
    if (due.length === 0) return 0;
    await trx
      .updateTable('payment_links')
      .set({ expiry_announced_at: now })
      .where(
        'id',
        'in',
        due.map((link) => link.id),
      )
      .execute();
    let told = 0;
    const oldest = now.getTime() - retentionMs;
    for (const link of due) {
      if (link.order_status === 'Cancelled' || new Date(link.expires_at).getTime() < oldest) continue;
      await recordLiveEvent(trx, {
        type: 'paymentLink',
        linkId: link.id,
        orderId: link.order_id === null ? null : Number(link.order_id),
        merchantId: link.merchant_id,
        change: 'expired',
        state: 'Expired',
      });
      told++;
    }
    return told;
  });
}

export interface LinkExpirySweep {
  stop(): Promise<void>;
}

/**
 * Runs the sweep now, resolving once that first round is done (so a server is ready with what expired
 * while it was down already noted), then every `linkExpiryCheckMs`, one round at a time.
 */
export async function startLinkExpirySweep(ctx: AppContext): Promise<LinkExpirySweep> {
  const { linkExpiryCheckMs, retentionMs } = liveConfigOf(ctx.config);
  const round = () => announceExpiredLinks(ctx.db, retentionMs);
  const onError = (error: unknown) => ctx.log.error({ err: error }, 'link expiry sweep failed');
  // The first round runs before the server answers, so a link that expired while it was down is announced at once.
  await round().catch(onError);
  return startRounds({ everyMs: linkExpiryCheckMs, round, onError });
}
