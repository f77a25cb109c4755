import type { AppContext } from '../app-context';
import { audit } from '../audit';
import type { Config } from '../config';
import { enqueuePayoutEvent } from '../webhooks/webhook-events';

/**
 * The demo's stand-in for the bank (decision 0137): a payout attempt a user started (a retry) is
 * settled as Paid once it is `settleAfterMs` old, the payout with it, and the settlement is
 * audited. It runs only in demo mode; a real deployment settles attempts from its processor's
 * reports, never by the clock. Attempts are claimed with SKIP LOCKED, so several servers never
 * settle one twice.
 */
export interface PayoutRail {
  stop(): Promise<void>;
}

/** Settles every due attempt in one transaction; returns how many. */
export async function settleDueAttempts(ctx: AppContext, settleAfterMs: number): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('payout_attempts')
      .select(['id', 'payout_id', 'attempt_no'])
      .where('status', '=', 'Processing')
      // Attempts someone started (retries). The seeded in-flight payouts stay Processing, so the
      // demo always shows the state.
      .where('requested_by', 'is not', null)
      .where('created_at', '<=', new Date(Date.now() - settleAfterMs))
      .orderBy('created_at')
      .limit(100)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const attempt of due) {
      await trx.updateTable('payout_attempts').set({ status: 'Paid', error: null }).where('id', '=', attempt.id).execute();
      const now = new Date();
      await trx.updateTable('payouts').set({ status: 'Paid', paid_at: now, updated_at: now }).where('id', '=', attempt.payout_id).execute();
      await audit(trx, null, 'payout.settled', 'payout', attempt.payout_id, {
        attemptNo: attempt.attempt_no,
        status: 'Paid',
        by: 'demo payout rail',
      });
      await enqueuePayoutEvent(trx, attempt.payout_id, 'payout.paid', { attemptNo: attempt.attempt_no });
    }
    return due.length;
  });
}

export interface PayoutRailOptions {
  settleAfterMs: number;
  everyMs: number;
}

/** The rail runs in demo mode only, and not when its settle time is 0. */
export function demoPayoutRailOptions(config: Pick<Config, 'demo' | 'demoPayoutSettleMs'>): PayoutRailOptions | undefined {
  if (!config.demo || config.demoPayoutSettleMs <= 0) return undefined;
  return { settleAfterMs: config.demoPayoutSettleMs, everyMs: Math.min(1000, config.demoPayoutSettleMs) };
}

export function startDemoPayoutRail(ctx: AppContext, options: PayoutRailOptions): PayoutRail {
  let stopped = false;
  let round: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    round = round.then(() =>
      stopped ? 0 : settleDueAttempts(ctx, options.settleAfterMs).catch((error: unknown) => ctx.log.error({ err: error }, 'demo payout rail round failed')),
    );
  }, options.everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
