import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { feeEndpoints, feeOf, type FeeHistory, type FeeModel, type FeeSchedule } from '../../contract/fees';
import { audit } from '../audit';
import { canSeeMerchant, type Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';

// Fee schedules per merchant (spec 7 POST /fees/search and /fees; decision 0241). A schedule is in
// force from its effective day until the day before the next one starts. New schedules start
// today or later, so an order already charged keeps the fee it was charged under.

const FEE_COLUMNS = ['id', 'merchant_id', 'fee_model', 'percentage', 'fixed_amount_minor', 'currency', 'valid_from', 'created_at'] as const;
type FeeRow = {
  id: string;
  merchant_id: string;
  fee_model: string;
  percentage: string;
  fixed_amount_minor: string;
  currency: string;
  valid_from: string | Date;
  created_at: Date;
};

/** A date column as YYYY-MM-DD, whichever form the driver hands it over in. */
function day(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

function dayBefore(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

function scheduleOf(row: FeeRow, next: FeeRow | undefined): FeeSchedule {
  return {
    feeId: row.id,
    merchantId: row.merchant_id,
    feeModel: row.fee_model as FeeModel,
    percentage: Number(row.percentage),
    fixedAmountMinor: Number(row.fixed_amount_minor),
    currency: row.currency,
    validFrom: day(row.valid_from),
    validUntil: next ? dayBefore(day(next.valid_from)) : null,
    createdAt: row.created_at.toISOString(),
  };
}

/** The merchant when the caller may see it; 404 otherwise, so other merchants' existence is not told. */
async function visibleMerchant(db: Db, caller: Caller, merchantId: string, lock = false) {
  let query = db.selectFrom('merchants').select(['id', 'name', 'currency']).where('id', '=', merchantId);
  if (lock) query = query.forUpdate();
  const merchant = await query.executeTakeFirst();
  if (!merchant || !canSeeMerchant(caller, merchant.id)) throw problems.notFound('no such merchant');
  return merchant;
}

async function historyOf(db: Db, merchant: { id: string; name: string; currency: string }): Promise<FeeHistory> {
  const rows = (await db.selectFrom('fees').select(FEE_COLUMNS).where('merchant_id', '=', merchant.id).orderBy('valid_from', 'desc').execute()) as FeeRow[];
  // rows[i - 1] starts after rows[i]: it ends rows[i].
  const schedules = rows.map((row, index) => scheduleOf(row, rows[index - 1]));
  const today = todayUtc();
  const current = schedules.find((schedule) => schedule.validFrom <= today) ?? null;
  return { merchantId: merchant.id, merchantName: merchant.name, currency: merchant.currency.trim(), current, schedules };
}

export function registerFeeRoutes(app: FastifyInstance): void {
  registerEndpoint(app, feeEndpoints.searchFees, async ({ body, caller, ctx }) => historyOf(ctx.db, await visibleMerchant(ctx.db, caller, body.merchantId)), {
    transaction: false,
  });

  registerEndpoint(app, feeEndpoints.createFeeSchedule, async ({ body, caller, ctx }) => {
    // The merchant row's lock makes concurrent saves for one merchant take turns.
    const merchant = await visibleMerchant(ctx.db, caller, body.merchantId, true);
    if (body.validFrom < todayUtc())
      throw problems.validation({ validFrom: ['fees.validation.validFromPast'] }, 'a fee schedule starts today or later').withCode('fees.validFromPast');
    const sameDay = await ctx.db
      .selectFrom('fees')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('valid_from', '=', body.validFrom)
      .executeTakeFirst();
    if (sameDay)
      throw problems
        .conflict(`a fee schedule starts on ${body.validFrom} already; choose another day`, { validFrom: ['fees.validation.validFromTaken'] })
        .withCode('fees.validFromTaken');
    const { id } = await ctx.db
      .insertInto('fees')
      .values({
        merchant_id: merchant.id,
        fee_model: body.feeModel,
        percentage: body.percentage,
        fixed_amount_minor: body.fixedAmountMinor,
        currency: merchant.currency.trim(),
        valid_from: body.validFrom,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(ctx.db, caller.userId, 'fee.create', 'merchant', merchant.id, { feeId: id, ...body });
    return historyOf(ctx.db, merchant);
  });

  registerEndpoint(app, feeEndpoints.getOrderFee, async ({ params, caller, ctx }) => {
    const order = await ctx.db
      .selectFrom('orders')
      .select(['id', 'merchant_id', 'amount_minor', 'currency', sql<string>`(created_at AT TIME ZONE 'UTC')::date::text`.as('order_day')])
      .where('id', '=', params.id)
      .executeTakeFirst();
    if (!order || !canSeeMerchant(caller, order.merchant_id)) throw problems.notFound('no such order');
    const row = (await ctx.db
      .selectFrom('fees')
      .select(FEE_COLUMNS)
      .where('merchant_id', '=', order.merchant_id)
      .where('valid_from', '<=', order.order_day)
      .orderBy('valid_from', 'desc')
      .limit(1)
      .executeTakeFirst()) as FeeRow | undefined;
    const amountMinor = Number(order.amount_minor);
    const schedule = row ? scheduleOf(row, undefined) : null;
    // A fixed amount in another currency than the order's says nothing about this order.
    const applies = schedule !== null && schedule.currency === order.currency.trim();
    const fee = applies ? feeOf(amountMinor, schedule) : null;
    return {
      orderId: String(order.id),
      amountMinor,
      currency: order.currency.trim(),
      feeMinor: fee?.feeMinor ?? null,
      netMinor: fee?.netMinor ?? null,
      schedule: applies ? schedule : null,
    };
  });
}
