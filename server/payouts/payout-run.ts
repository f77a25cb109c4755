import { sql } from 'kysely';
import type { AppContext } from '../app-context';
import { audit } from '../audit';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { ColumnsOf, Int8Text } from '../db/row-types';
import { recordLiveEvent } from '../events/live-outbox';
import { startRounds, type JobRunner } from '../jobs/job-runner';
import { enqueuePayoutEvent } from '../webhooks/webhook-events';
import { nextPayoutStage, storedStatus } from '../../machines/payout-lifecycle.machine';
import { buildSettlementLines } from './settlement-build';
import { effectivePayoutSettings } from '../settings/settings-store';

/**
 * The payout run (issue 37, decisions 0582, 0583): the provider's own job that makes and sends payouts.
 * Each round:
 * 1. schedules: for each merchant that takes payments (Active or Inactive, as the demo seed pays out) and
 *    is paid on a schedule (a property on "Manually" is paid when a user asks, decision 0704, by the same rule),
 *    the Paid captures of closed periods of its payout schedule (UTC days before today, or weeks before
 *    this one, or months before this one; decision 0699) after the merchant's last payout period that
 *    are in no payout's lines get one new payout per currency, Scheduled, covering the days from the
 *    one after that period (or the first such capture's day) to the period's end; its lines are built by
 *    buildSettlementLines and its amount from them. A payout whose net falls short of the merchant's
 *    minimum payout (in its currency) is not made: its days join the next one. A capture of a day an earlier payout already
 *    covered stays out: the reconciliation check lists it (decision 0432);
 * 2. sends every Scheduled payout: its first attempt, marked as the run's, and the payout in transit
 *    (stored Processing), with a live event, an audit entry and the `payout.sent` webhook.
 * The bank's answer comes later: in demo mode the demo bank answers the run's attempts (decision 0137).
 * Merchants and payouts are claimed FOR ... SKIP LOCKED, so two instances never build or send one twice.
 */

export interface PayoutRoundResult {
  scheduled: number;
  sent: number;
}

/** How many merchants, or payouts, one transaction of a round takes at most. */
const BATCH = 100;

/** A day of the payout run's calendar: UTC, as the payouts' periods (decision 0430). */
function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The first day a payout made today may not cover, per the merchant's payout schedule (decision 0699), as SQL over
 * the effective settings `s`: a daily payout covers the days before today, a weekly one the weeks before this one
 * (Monday to Sunday, ISO), a monthly one the months before this one. The days of the schedule's open period wait for it
 * to close; a run that missed a closing day catches up on the next. A payout asked for by hand for a property on
 * "Manually" (decision 0704) covers the days before today, as a daily one.
 */
const cutoffOf = (today: string) => sql`(CASE s.schedule
  WHEN 'Weekly' THEN date_trunc('week', ${today}::date)::date
  WHEN 'Monthly' THEN date_trunc('month', ${today}::date)::date
  ELSE ${today}::date END)`;

/**
 * Whose payouts a pass makes: the run's, every merchant paid on a schedule (not "Manually"), a batch at a time in id
 * order after `after`; or one property on "Manually" that a user asked for (decision 0704), by that user.
 */
export type PayoutClaim = { kind: 'run'; after: string | null } | { kind: 'request'; merchantId: string; userId: string };

/** A payout a pass would have made but did not: its net is short of the merchant's minimum in that currency. */
export interface HeldPayout {
  currency: string;
  netMinor: number;
  minimumMinor: number;
}

export interface SchedulePass {
  /** The payouts made, Scheduled, with their lines. */
  made: Array<{ id: string; merchant_id: string }>;
  /** The payouts not made for their minimum: their days join the next one. */
  held: HeldPayout[];
  /** The last merchant the pass claimed (the run's next batch starts after it); null when it claimed none. */
  last: string | null;
}

/** Step 1: schedules a payout per merchant and currency with captures of closed periods in no payout; returns how many. */
export async function scheduleDuePayouts(ctx: AppContext, now = new Date()): Promise<number> {
  let scheduled = 0;
  // Merchant by merchant in id order: a batch whose payouts all waited for their minimum moves on to the next merchants.
  for (let after: string | null = null, first = true; first || after !== null; first = false) {
    const batch = await ctx.db.transaction().execute((trx) => schedulePayouts(trx, now, { kind: 'run', after }));
    scheduled += batch.made.length;
    after = batch.last;
  }
  return scheduled;
}

/**
 * The one rule of how payouts are made, for the run and for a payout asked for by hand (decision 0704), in the
 * caller's transaction: the claimed merchants' Paid captures of closed periods after their last payout period, in no
 * payout yet, become one payout per currency with its lines (buildSettlementLines); a payout short of the minimum is
 * not made. The run skips a merchant another instance holds; a request waits for it, so two requests for one property
 * make one payout (the second finds nothing left).
 */
export async function schedulePayouts(trx: Db, now: Date, claim: PayoutClaim): Promise<SchedulePass> {
  const today = utcDay(now);
  const cutoff = cutoffOf(today);
  // Captures of closed periods after the merchant's last payout period, in no payout yet. The first day
  // depends on the merchant only, so the orders are one range of its (merchant, created) index.
  const firstDay = (merchant: string) => sql`(SELECT max(p.period_end) + 1 FROM payouts p WHERE p.merchant_id = ${sql.raw(merchant)})`;
  const unsettled = (merchant: string) => sql`
    o.merchant_id = ${sql.raw(merchant)} AND o.status = 'Paid' AND o.created_at < ${cutoff}::timestamp AT TIME ZONE 'UTC'
    AND o.created_at >= coalesce(${firstDay(merchant)}::timestamp AT TIME ZONE 'UTC', '-infinity'::timestamptz)
    AND NOT EXISTS (SELECT 1 FROM payout_lines l WHERE l.order_id = o.id AND l.kind = 'Capture')`;
  // The merchant's row is the claim (NO KEY: new orders of the merchant are not held up). The run takes the merchants
  // paid on a schedule and skips those another instance holds; a request takes its property on "Manually" and waits.
  const which =
    claim.kind === 'run'
      ? sql`s.schedule <> 'Manually' ${claim.after === null ? sql`` : sql`AND m.id > ${claim.after}::uuid`}`
      : sql`s.schedule = 'Manually' AND m.id = ${claim.merchantId}::uuid`;
  const claimed = await sql<ColumnsOf<'merchants', 'id'>>`
    SELECT m.id FROM merchants m CROSS JOIN ${effectivePayoutSettings} s
    WHERE m.status IN ('Active', 'Inactive') AND ${which}
      AND EXISTS (SELECT 1 FROM orders o WHERE ${unsettled('m.id')})
    ORDER BY m.id LIMIT ${BATCH}
    FOR NO KEY UPDATE OF m ${claim.kind === 'run' ? sql`SKIP LOCKED` : sql``}`.execute(trx);
  if (claimed.rows.length === 0) return { made: [], held: [], last: null };
  const last = claimed.rows.at(-1)!.id;
  const merchantIds = sql.join(claimed.rows.map((row) => sql`${row.id}::uuid`));
  const created = await sql<ColumnsOf<'payouts', 'id' | 'merchant_id'>>`
    INSERT INTO payouts (merchant_id, reference, amount_minor, currency, status, schedule, period_start, period_end, created_at, updated_at)
    SELECT o.merchant_id,
      'PO-' || substr(o.merchant_id::text, 1, 8) || '-' || to_char(${cutoff} - 1, 'YYYYMMDD') || CASE WHEN o.currency = m.currency THEN '' ELSE '-' || trim(o.currency) END,
      0, o.currency, 'Scheduled', s.schedule,
      coalesce(${firstDay('o.merchant_id')}, min((o.created_at AT TIME ZONE 'UTC')::date)),
      ${cutoff} - 1, now(), now()
    FROM orders o JOIN merchants m ON m.id = o.merchant_id CROSS JOIN ${effectivePayoutSettings} s
    WHERE o.merchant_id IN (${merchantIds}) AND ${unsettled('o.merchant_id')}
    GROUP BY o.merchant_id, o.currency, m.currency, s.schedule
    RETURNING id, merchant_id`.execute(trx);
  if (created.rows.length === 0) return { made: [], held: [], last };
  const ids = sql.join(created.rows.map((row) => sql`${row.id}::uuid`));
  await buildSettlementLines(trx, sql`p.id IN (${ids})`);
  // A payout that would pay less than the merchant's minimum (in that currency) waits: it is not made, and its
  // captures, refunds and fees join the next one (decision 0699).
  const waiting = await sql<ColumnsOf<'payouts', 'id' | 'currency'> & { net_minor: Int8Text; minimum_minor: Int8Text }>`
    WITH due AS (SELECT p.id, (SELECT coalesce(sum(l.amount_minor), 0) FROM payout_lines l WHERE l.payout_id = p.id) AS net FROM payouts p WHERE p.id IN (${ids}))
    DELETE FROM payouts p USING due, merchants m CROSS JOIN ${effectivePayoutSettings} s
    WHERE due.id = p.id AND m.id = p.merchant_id AND trim(p.currency) = s.minimum_currency AND due.net < s.minimum_minor
    RETURNING p.id, trim(p.currency) AS currency, due.net::text AS net_minor, s.minimum_minor::text AS minimum_minor`.execute(trx);
  const made = created.rows.filter((payout) => !waiting.rows.some((held) => held.id === payout.id));
  const by = claim.kind === 'run' ? { userId: null, how: 'payout run' } : { userId: claim.userId, how: 'request' };
  for (const payout of made) {
    await recordLiveEvent(trx, { type: 'payout', payoutId: payout.id, merchantId: payout.merchant_id, status: 'Scheduled' });
    await audit(trx, by.userId, 'payout.scheduled', 'payout', payout.id, { by: by.how });
  }
  const held = waiting.rows.map((row) => ({ currency: row.currency, netMinor: Number(row.net_minor), minimumMinor: Number(row.minimum_minor) }));
  return { made, held, last };
}

/** Step 2: sends every Scheduled payout to the bank (its first attempt); returns how many. */
export async function sendScheduledPayouts(ctx: AppContext): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('payouts')
      .select(['id', 'merchant_id'])
      .where('status', '=', 'Scheduled')
      .orderBy('created_at')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    let sent = 0;
    for (const payout of due) {
      // The lifecycle machine says what sending leads to (decision 0583): in transit.
      const stage = nextPayoutStage('Scheduled', { type: 'payout.send' });
      if (!stage) continue;
      const status = storedStatus(stage);
      await trx
        .insertInto('payout_attempts')
        .values({ payout_id: payout.id, attempt_no: 1, status: 'Processing', requested_by: null, sent_by_run: true })
        .execute();
      await trx.updateTable('payouts').set({ status, updated_at: new Date() }).where('id', '=', payout.id).execute();
      await recordLiveEvent(trx, { type: 'payout', payoutId: payout.id, merchantId: payout.merchant_id, status });
      await audit(trx, null, 'payout.sent', 'payout', payout.id, { attemptNo: 1, by: 'payout run' });
      // In the same transaction as the status: the event is sent exactly when the change commits.
      await enqueuePayoutEvent(trx, payout.id, 'payout.sent', { attemptNo: 1 });
      sent++;
    }
    return sent;
  });
}

/** One round of the run: schedules what is due, then sends what is scheduled. */
export async function runPayoutRound(ctx: AppContext, now = new Date()): Promise<PayoutRoundResult> {
  const scheduled = await scheduleDuePayouts(ctx, now);
  let sent = 0;
  for (let batch = await sendScheduledPayouts(ctx); batch > 0; batch = await sendScheduledPayouts(ctx)) sent += batch;
  return { scheduled, sent };
}

export function startPayoutRun(ctx: AppContext, config: Pick<Config, 'payoutRunMs'>): JobRunner | undefined {
  if (config.payoutRunMs <= 0) return undefined;
  return startRounds({
    everyMs: config.payoutRunMs,
    round: () => runPayoutRound(ctx),
    onError: (error) => ctx.log.error({ err: error }, 'payout run round failed'),
  });
}
