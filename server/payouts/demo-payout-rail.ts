import type { AppContext } from '../app-context';
import { audit } from '../audit';
import type { Config } from '../config';
import { enqueuePayoutEvent } from '../webhooks/webhook-events';
import { nextPayoutStage, payoutStage } from '../../machines/payout-lifecycle.machine';
import { recordLiveEvent } from '../events/live-outbox';
import { startRounds } from '../jobs/job-runner';
import { sendPayoutStatements } from './payout-statements';

/**
 * The demo's stand-in for the bank (decision 0137): a payout attempt a user started (a retry) or the
 * payout run sent (decision 0582) is settled once it is `settleAfterMs` old, the payout with it, and the settlement is audited. Like
 * the demo acquirer's declined captures, a payout whose amount ends in 51 minor units (e.g. 1,234.51)
 * is refused by the bank: the attempt and the payout become Failed and `payout.failed` is sent
 * (decision 0292); every other attempt is Paid and sends `payout.paid`. It runs only in demo mode; a real deployment settles attempts from its processor's
 * reports, never by the clock. Attempts are claimed with SKIP LOCKED, so several servers never
 * settle one twice.
 */
/** The demo bank refuses payouts whose amount ends in this many minor units (the demo acquirer's rule for captures). */
export const DEMO_REFUSED_PAYOUT_CENTS = 51;
export const DEMO_REFUSAL_ERROR = 'the bank refused the transfer (demo: payout amounts ending in .51 are refused)';

export interface PayoutRail {
  stop(): Promise<void>;
}

/** Settles every due attempt in one transaction; returns how many. */
export async function settleDueAttempts(ctx: AppContext, settleAfterMs: number): Promise<number> {
  const settled = await ctx.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('payout_attempts')
      .innerJoin('payouts', 'payouts.id', 'payout_attempts.payout_id')
      .select(['payout_attempts.id', 'payout_attempts.payout_id', 'payout_attempts.attempt_no', 'payouts.amount_minor'])
      .where('payout_attempts.status', '=', 'Processing')
      // Attempts someone started (retries) or the payout run sent (decision 0582). The seeded
      // in-flight payouts stay Processing, so the demo always shows the state.
      .where((eb) => eb.or([eb('payout_attempts.requested_by', 'is not', null), eb('payout_attempts.sent_by_run', '=', true)]))
      .where('payout_attempts.created_at', '<=', new Date(Date.now() - settleAfterMs))
      .orderBy('payout_attempts.created_at')
      .limit(100)
      .forUpdate('payout_attempts')
      .skipLocked()
      .execute();
    for (const attempt of due) {
      const refused = Number(attempt.amount_minor) % 100 === DEMO_REFUSED_PAYOUT_CENTS;
      // The bank's answer moves the payout on its lifecycle (decision 0434): a first or retried attempt is Paid or Failed.
      const stage = nextPayoutStage(payoutStage('Processing', attempt.attempt_no), { type: refused ? 'bank.failed' : 'bank.paid' });
      if (!stage) continue;
      const now = new Date();
      let payout: { merchant_id: string };
      if (refused) {
        await trx.updateTable('payout_attempts').set({ status: 'Failed', error: DEMO_REFUSAL_ERROR }).where('id', '=', attempt.id).execute();
        payout = await trx
          .updateTable('payouts')
          .set({ status: 'Failed', updated_at: now })
          .where('id', '=', attempt.payout_id)
          .returning('merchant_id')
          .executeTakeFirstOrThrow();
      } else {
        await trx.updateTable('payout_attempts').set({ status: 'Paid', error: null }).where('id', '=', attempt.id).execute();
        payout = await trx
          .updateTable('payouts')
          .set({ status: 'Paid', paid_at: now, updated_at: now })
          .where('id', '=', attempt.payout_id)
          .returning('merchant_id')
          .executeTakeFirstOrThrow();
      }
      const status = refused ? 'Failed' : 'Paid';
      await recordLiveEvent(trx, { type: 'payout', payoutId: attempt.payout_id, merchantId: payout.merchant_id, status });
      await audit(trx, null, 'payout.settled', 'payout', attempt.payout_id, { attemptNo: attempt.attempt_no, status, by: 'demo payout rail' });
      // In the same transaction as the status: the event is sent exactly when the change commits.
      await enqueuePayoutEvent(
        trx,
        attempt.payout_id,
        refused ? 'payout.failed' : 'payout.paid',
        refused ? { attemptNo: attempt.attempt_no, error: DEMO_REFUSAL_ERROR } : { attemptNo: attempt.attempt_no },
      );
    }
    return due.map((attempt) => attempt.payout_id);
  });
  // Each property's payout e-mail recipients hear what the bank did, once the settlement has committed (decision 0700).
  await sendPayoutStatements(ctx, settled);
  return settled.length;
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
  return startRounds({
    everyMs: options.everyMs,
    round: () => settleDueAttempts(ctx, options.settleAfterMs),
    onError: (error) => ctx.log.error({ err: error }, 'demo payout rail round failed'),
  });
}
