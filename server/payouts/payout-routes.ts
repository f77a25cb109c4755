import type { FastifyInstance } from 'fastify';
import { payoutEndpoints, type PayoutDetail, type PayoutRow as PayoutRowWithFee, type PayoutStatus } from '../../contract/payouts';
import { mayRetry } from '../../machines/payout-lifecycle.machine';
import { audit } from '../audit';
import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';
import { effectiveMerchants, pageAnswer, toIso } from '../lists/list-query';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { payoutFees } from '../fees/payout-fees';
import { payoutById, payoutPage, type PayoutRow } from './payout-query';
import { recordLiveEvent } from '../events/live-outbox';
import { canSeeMerchant, type Caller } from '../auth/caller';
import { effectiveSettingsOf } from '../settings/settings-store';
import { schedulePayouts } from './payout-run';
import { requestableProperties } from './requestable-properties';

const { searchPayouts, getPayout, retryPayout, requestPayout, previewPayoutRequest, searchRequestableProperties } = payoutEndpoints;

/** Each payout with the fee and net amount its merchant's fee schedules imply (decision 0291). */
async function withFees(db: Db, payouts: PayoutRow[]): Promise<PayoutRowWithFee[]> {
  const fees = await payoutFees(db, payouts);
  return payouts.map((payout) => ({ ...payout, ...(fees.get(payout.id) ?? { feeMinor: null, netMinor: null }) }));
}

async function payoutDetail(db: Db, id: string, merchants: 'all' | string[]): Promise<PayoutDetail> {
  const payout = await payoutById(db, id, merchants);
  if (!payout) throw problems.notFound(`payout ${id} not found`);
  const [withFee] = await withFees(db, [payout]);
  const attempts = await db
    .selectFrom('payout_attempts')
    .select(['id', 'attempt_no', 'status', 'error', 'requested_by', 'created_at'])
    .where('payout_id', '=', id)
    .orderBy('attempt_no')
    .execute();
  return {
    ...withFee!,
    attemptList: attempts.map((attempt) => ({
      id: attempt.id,
      attemptNo: attempt.attempt_no,
      status: attempt.status as PayoutDetail['attemptList'][number]['status'],
      error: attempt.error,
      requestedBy: attempt.requested_by,
      createdAt: toIso(attempt.created_at),
    })),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

const attemptInProgress = () => problems.conflict('an attempt of this payout is already in progress').withCode('payout.attemptInProgress');

const nothingDue = () =>
  problems.conflict('nothing is due: every Paid capture up to the end of yesterday (UTC) is in a payout already').withCode('payout.nothingDue');

/**
 * Spec 7 "Payouts": search, detail, retry. A retry is a new attempt of the same payout (decision 0123). Beside the
 * spec: a payout asked for by hand for a property paid "Manually" (decision 0704).
 */
export function registerPayoutRoutes(app: FastifyInstance, options: { nudgeRun: () => void }): void {
  registerEndpoint(
    app,
    searchPayouts,
    async ({ body, caller, merchantId, ctx }) => {
      const merchants = effectiveMerchants(caller.merchantScope, merchantId, body.filters.merchantIds);
      const { page, pageSize } = body.pagination;
      const { rows, count } = await payoutPage(ctx.db, body, merchants, page, pageSize);
      return pageAnswer(await withFees(ctx.db, rows), count, page, pageSize);
    },
    { readOnly: true },
  );

  registerEndpoint(app, getPayout, async ({ params, caller, ctx }) => payoutDetail(ctx.db, params.id, caller.merchantScope));

  registerEndpoint(app, retryPayout, async ({ params, caller, ctx }) => {
    try {
      await inTransaction(ctx.db, async (trx) => {
        const payout = await trx.selectFrom('payouts').select(['id', 'status', 'merchant_id']).where('id', '=', params.id).forUpdate().executeTakeFirst();
        if (!payout || (caller.merchantScope !== 'all' && !caller.merchantScope.includes(payout.merchant_id)))
          throw problems.notFound(`payout ${params.id} not found`);
        const attempts = await trx.selectFrom('payout_attempts').select(['attempt_no', 'status']).where('payout_id', '=', payout.id).execute();
        // The payout lifecycle machine (decision 0434) says whether a retry may follow; its lines stay as they are (decision 0430).
        if (!mayRetry(payout.status as PayoutStatus, attempts.length))
          throw problems
            .conflict(`only a Failed payout can be retried; this one is ${payout.status}`)
            .withCode('payout.onlyFailedRetried', { status: payout.status });
        if (attempts.some((attempt) => attempt.status === 'Processing')) throw attemptInProgress();
        const attemptNo = Math.max(0, ...attempts.map((attempt) => attempt.attempt_no)) + 1;
        await trx
          .insertInto('payout_attempts')
          .values({ payout_id: payout.id, attempt_no: attemptNo, status: 'Processing', requested_by: caller.userId })
          .execute();
        await trx.updateTable('payouts').set({ status: 'Processing', updated_at: new Date() }).where('id', '=', payout.id).execute();
        await recordLiveEvent(trx, { type: 'payout', payoutId: payout.id, merchantId: payout.merchant_id, status: 'Processing' });
        await audit(trx, caller.userId, 'payout.retry', 'payout', payout.id, { attemptNo, previousStatus: payout.status });
      });
    } catch (error) {
      // Two retries racing: the partial unique index lets only one attempt be in flight.
      if (isUniqueViolation(error)) throw attemptInProgress();
      throw error;
    }
    return payoutDetail(ctx.db, params.id, caller.merchantScope);
  });

  // Decision 0704: the run's own rule (schedulePayouts) for one property on "Manually", up to the end of yesterday.
  registerEndpoint(app, requestPayout, async ({ body, caller, ctx, afterCommit }) => {
    const made = await payoutsAskedFor(ctx.db, caller, body.merchantId);
    // Asked for now, sent now: the run's next round starts once the payout is committed, not a minute later.
    afterCommit(options.nudgeRun);
    return { payouts: await withFees(ctx.db, made) };
  });

  // Decision 0707: the request dialog lists only the properties a payout may be asked for.
  registerEndpoint(app, searchRequestableProperties, async ({ query, caller, ctx }) => requestableProperties(ctx.db, caller.merchantScope, query.search), {
    transaction: false,
  });

  // The same request in a transaction that is rolled back: what it would make now, for the confirmation.
  registerEndpoint(
    app,
    previewPayoutRequest,
    async ({ query, caller, ctx }) => {
      try {
        await ctx.db.transaction().execute(async (trx) => {
          throw new PreviewOnly(await payoutsAskedFor(trx, caller, query.merchantId));
        });
      } catch (error) {
        if (!(error instanceof PreviewOnly)) throw error;
        return {
          due: error.payouts.map(({ merchantName, amountMinor, currency, periodStart, periodEnd }) => ({
            merchantName,
            amountMinor,
            currency,
            periodStart,
            periodEnd,
          })),
        };
      }
      throw new Error('unreachable: a preview always rolls back');
    },
    { transaction: false },
  );
}

/** Carries a preview's payouts out of its transaction, which the throw rolls back. */
class PreviewOnly extends Error {
  constructor(readonly payouts: PayoutRow[]) {
    super('payout request preview');
  }
}

/**
 * A payout asked for by hand (decision 0704), in the transaction `db`: the property (in the caller's scope) must be
 * paid "Manually"; the run's rule then makes its payouts, or says why none: nothing is due, or it is short of the
 * property's minimum payout.
 */
async function payoutsAskedFor(db: Db, caller: Caller, merchantId: string): Promise<PayoutRow[]> {
  const property = canSeeMerchant(caller, merchantId)
    ? await db.selectFrom('merchants').select(['id', 'merchant_group_id']).where('id', '=', merchantId).executeTakeFirst()
    : undefined;
  if (!property) throw problems.notFound(`property ${merchantId} not found`);
  const { schedule } = await effectiveSettingsOf(db, property.merchant_group_id, property.id, 'payout');
  if (schedule !== 'Manually')
    throw problems
      .conflict(`this property is paid ${schedule} by the payout run; a payout is requested only for a property paid Manually`)
      .withCode('payout.notManual', { schedule });
  let pass;
  try {
    pass = await schedulePayouts(db, new Date(), { kind: 'request', merchantId: property.id, userId: caller.userId });
  } catch (error) {
    // Two requests raced past the claim (each payout's reference names its last day, and is unique): one made it.
    if (isUniqueViolation(error)) throw nothingDue();
    throw error;
  }
  if (pass.made.length === 0) {
    const short = pass.held[0];
    if (!short) throw nothingDue();
    throw problems
      .conflict(
        `the payout due, ${short.netMinor} ${short.currency} minor units, is below the property's minimum payout of ${short.minimumMinor}; it stays due`,
      )
      .withCode('payout.belowMinimum', { amountMinor: short.netMinor, currency: short.currency, minimumMinor: short.minimumMinor });
  }
  const made = await Promise.all(pass.made.map((payout) => payoutById(db, payout.id, 'all')));
  return made.filter((payout) => payout !== undefined);
}
