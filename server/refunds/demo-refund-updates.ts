import { sql } from 'kysely';
import type { AppContext } from '../app-context';
import type { Config } from '../config';
import { startRounds } from '../jobs/job-runner';
import { DEMO_REFUND_UPDATE_SUFFIXES, type Acquirer } from '../transactions/acquirer';
import { followUpRefund } from './refund-requests';

/**
 * The demo acquirer's later word on refunds (decision 0520), the way a real acquirer's notification
 * would come: a refund it answered Pending (test amount ending in 54) settles, and a refund it
 * refunded with a test amount ending in 56 is corrected, once the request has stood still for
 * `updateAfterMs`. The demo acquirer keeps no memory of its own, so the loop asks it only about the
 * requests carrying those test amounts in a state it may still change; each one is followed up in
 * its own transaction through the refund lifecycle (machine, ledger, audit, webhook, live event).
 * It runs in demo mode only, in the process that runs the background work; a real deployment
 * records its acquirer's notifications instead of asking by the clock.
 */
export interface RefundUpdateLoopOptions {
  updateAfterMs: number;
  everyMs: number;
}

/** The loop runs in demo mode only, and not when its delay is 0. */
export function demoRefundUpdateOptions(config: Pick<Config, 'demo' | 'demoRefundUpdateMs'>): RefundUpdateLoopOptions | undefined {
  if (!config.demo || config.demoRefundUpdateMs <= 0) return undefined;
  return { updateAfterMs: config.demoRefundUpdateMs, everyMs: Math.min(1000, config.demoRefundUpdateMs) };
}

/**
 * Follows up every request that is due; returns how many changed. A request whose answer the lifecycle
 * refuses (its order's totals do not allow it: data planted beside the lifecycle) is put in `given up`
 * and logged once: it neither holds back the requests after it nor is tried again every round.
 */
export async function followUpDueRefunds(ctx: AppContext, acquirer: Acquirer, updateAfterMs: number, givenUp: Set<string> = new Set()): Promise<number> {
  let query = ctx.db
    .selectFrom('refund_requests')
    .select('id')
    .where('state', 'in', ['Pending', 'Completed', 'PartiallyAccepted'])
    .where(sql<number>`amount_minor % 100`, 'in', [...DEMO_REFUND_UPDATE_SUFFIXES])
    .where('updated_at', '<=', new Date(Date.now() - updateAfterMs));
  if (givenUp.size > 0) query = query.where('id', 'not in', [...givenUp]);
  const due = await query.orderBy('updated_at').limit(100).execute();
  let changed = 0;
  for (const { id } of due) {
    try {
      const next = await ctx.db.transaction().execute((trx) => followUpRefund(trx, acquirer, id));
      if (next) changed += 1;
    } catch (error) {
      givenUp.add(id);
      ctx.log.error({ err: error, refundRequestId: id }, 'demo refund update refused by the refund lifecycle; not tried again');
    }
  }
  return changed;
}

export interface RefundUpdateLoop {
  stop(): Promise<void>;
}

export function startDemoRefundUpdates(ctx: AppContext, acquirer: Acquirer, options: RefundUpdateLoopOptions): RefundUpdateLoop {
  const givenUp = new Set<string>();
  return startRounds({
    everyMs: options.everyMs,
    round: () => followUpDueRefunds(ctx, acquirer, options.updateAfterMs, givenUp),
    onError: (error) => ctx.log.error({ err: error }, 'demo refund update round failed'),
  });
}
