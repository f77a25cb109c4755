import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeOf } from '../../contract/fees';
import { MERCHANT_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 17 "Fees": fee schedules per merchant with effective dates and history (spec 7 POST
// /fees/search and /fees), validated per fee model, scoped to what the caller may see, and an
// order's fee and net amount under the schedule in force on its day.

let app: FastifyInstance;
let admin: string;
let merchantAdmin: string;
let lagoonMerchant: string;
let otherGroupMerchant: string;

const post = (token: string, url: string, payload: object) => app.inject({ method: 'POST', url, headers: bearer(token), payload });
const get = (token: string, url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  app = await startTestApp({ orders: 200 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  const lagoon = await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', 'Lagoon Hotels Group').executeTakeFirstOrThrow();
  const merchants = (await get(admin, `${MERCHANT_API}/merchants/search/${lagoon.id}`)).json();
  lagoonMerchant = merchants.find((merchant: { status: string }) => merchant.status === 'Active').merchantId;
  const other = await app.ctx.db.selectFrom('merchants').select('id').where('merchant_group_id', '!=', lagoon.id).executeTakeFirstOrThrow();
  otherGroupMerchant = other.id;
}, 120_000);
afterAll(async () => {
  await app.close();
});

describe('fee schedules', () => {
  it('saves a schedule from today and a later one, answering the one in force and the history with end dates', async () => {
    const today = dayFromToday(0);
    const later = dayFromToday(30);
    const first = await post(admin, `${MERCHANT_API}/fees`, {
      merchantId: lagoonMerchant,
      feeModel: 'Blended',
      percentage: 2.5,
      fixedAmountMinor: 25,
      validFrom: today,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().current).toMatchObject({
      feeModel: 'Blended',
      percentage: 2.5,
      fixedAmountMinor: 25,
      currency: 'EUR',
      validFrom: today,
      validUntil: null,
    });

    const second = await post(admin, `${MERCHANT_API}/fees`, {
      merchantId: lagoonMerchant,
      feeModel: 'Transaction fees',
      fixedAmountMinor: 35,
      validFrom: later,
    });
    expect(second.statusCode).toBe(201);
    const history = (await post(merchantAdmin, `${MERCHANT_API}/fees/search`, { merchantId: lagoonMerchant })).json();
    expect(history.current).toMatchObject({ feeModel: 'Blended', validFrom: today, validUntil: dayFromToday(29) });
    expect(history.schedules.map((schedule: { feeModel: string }) => schedule.feeModel)).toEqual(['Transaction fees', 'Blended']);

    const audited = await app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'fee.create')
      .where('entity_id', '=', lagoonMerchant)
      .execute();
    expect(audited).toHaveLength(2);
  });

  it('validates what each fee model needs, the date, and refuses a second schedule on the same day', async () => {
    const bad = async (payload: object) => {
      const response = await post(admin, `${MERCHANT_API}/fees`, { merchantId: lagoonMerchant, validFrom: dayFromToday(5), ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      return response.json().errors;
    };
    expect((await bad({ feeModel: 'Blended', fixedAmountMinor: 10 })).percentage).toEqual(['fees.validation.percentageNeeded']);
    expect((await bad({ feeModel: 'IC Plus' })).percentage).toEqual(['fees.validation.percentageNeeded']);
    expect((await bad({ feeModel: 'Transaction fees', percentage: 1 })).fixedAmountMinor).toEqual(['fees.validation.fixedAmountNeeded']);
    expect((await bad({ feeModel: 'Other fee' })).percentage).toEqual(['fees.validation.somethingNeeded']);
    expect((await bad({ feeModel: 'Flat', percentage: 1 })).feeModel).toEqual(['fees.validation.model']);
    expect((await bad({ feeModel: 'Blended', percentage: 101 })).percentage).toEqual(['fees.validation.percentage']);
    expect((await bad({ feeModel: 'Blended', percentage: 1.2345 })).percentage).toEqual(['fees.validation.percentageDecimals']);
    expect((await bad({ feeModel: 'Other fee', fixedAmountMinor: 1.5 })).fixedAmountMinor).toEqual(['fees.validation.fixedAmount']);
    expect((await bad({ feeModel: 'Other fee', fixedAmountMinor: 10, validFrom: dayFromToday(-1) })).validFrom).toEqual(['fees.validation.validFromPast']);
    const past = await post(admin, `${MERCHANT_API}/fees`, {
      merchantId: lagoonMerchant,
      feeModel: 'Other fee',
      fixedAmountMinor: 10,
      validFrom: dayFromToday(-1),
    });
    expect(past.json()).toMatchObject({ code: 'fees.validFromPast', detail: 'a fee schedule starts today or later' });
    // Too much is said as too much, not as "0 or more".
    expect((await bad({ feeModel: 'Transaction fees', fixedAmountMinor: 100_000_001 })).fixedAmountMinor).toEqual(['fees.validation.fixedAmountTooLarge']);

    const sameDay = await post(admin, `${MERCHANT_API}/fees`, {
      merchantId: lagoonMerchant,
      feeModel: 'Other fee',
      fixedAmountMinor: 10,
      validFrom: dayFromToday(0),
    });
    expect(sameDay.statusCode).toBe(409);
    expect(sameDay.json().detail).toMatch(/starts on .* already/);
    // The clash is the day's: named at that field, so the form shows it there in the user's words.
    expect(sameDay.json().errors).toEqual({ validFrom: ['fees.validation.validFromTaken'] });
    expect(sameDay.json().code).toBe('fees.validFromTaken');
  });

  it('is scoped: a merchant admin reads their own merchants only and may not set fees', async () => {
    expect((await post(merchantAdmin, `${MERCHANT_API}/fees/search`, { merchantId: otherGroupMerchant })).statusCode).toBe(404);
    const refused = await post(merchantAdmin, `${MERCHANT_API}/fees`, {
      merchantId: lagoonMerchant,
      feeModel: 'Other fee',
      fixedAmountMinor: 1,
      validFrom: dayFromToday(9),
    });
    expect(refused.statusCode).toBe(403);
    const viewOnly = (await signIn(app, 'propertyviewonlyuser@demo.folio.test')).accessToken;
    expect((await post(viewOnly, `${MERCHANT_API}/fees/search`, { merchantId: lagoonMerchant })).statusCode).toBe(403);
  });
});

describe("an order's fee and net amount", () => {
  it('applies the schedule in force on the order day; none before the first schedule', async () => {
    const order = await app.ctx.db
      .selectFrom('orders')
      .select(['id', 'amount_minor', 'currency'])
      .where('merchant_id', '=', lagoonMerchant)
      .where('currency', '=', 'EUR')
      .where('amount_minor', '>', '0')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // Arrange: the order was placed before any schedule, then it is placed today.
    await app.ctx.db
      .updateTable('orders')
      .set({ created_at: new Date('2020-01-02T10:00:00Z') })
      .where('id', '=', order.id)
      .execute();
    const before = (await get(admin, `${MERCHANT_API}/fees/orders/${order.id}`)).json();
    expect(before).toMatchObject({ feeMinor: null, netMinor: null, schedule: null });

    await app.ctx.db.updateTable('orders').set({ created_at: new Date() }).where('id', '=', order.id).execute();
    const answer = await get(merchantAdmin, `${MERCHANT_API}/fees/orders/${order.id}`);
    expect(answer.statusCode).toBe(200);
    const amount = Number(order.amount_minor);
    const expectedFee = Math.round((amount * 2500) / 100_000) + 25;
    expect(answer.json()).toMatchObject({
      amountMinor: amount,
      currency: 'EUR',
      feeMinor: expectedFee,
      netMinor: amount - expectedFee,
      schedule: { feeModel: 'Blended' },
    });

    const outsider = (await signIn(app, 'applicant@demo.folio.test')).accessToken;
    expect((await get(outsider, `${MERCHANT_API}/fees/orders/${order.id}`)).statusCode).toBeGreaterThanOrEqual(403);
    expect((await get(admin, `${MERCHANT_API}/fees/orders/abc`)).statusCode).toBe(400);
  });

  it('computes in integers: 2.5 % of 10 001 cents is 250 (half away from zero), plus the fixed part', () => {
    expect(feeOf(10_001, { percentage: 2.5, fixedAmountMinor: 0 })).toEqual({ feeMinor: 250, netMinor: 9751 });
    expect(feeOf(10_020, { percentage: 2.5, fixedAmountMinor: 30 })).toEqual({ feeMinor: 281, netMinor: 9739 });
    expect(feeOf(1, { percentage: 0.125, fixedAmountMinor: 0 })).toEqual({ feeMinor: 0, netMinor: 1 });
    expect(feeOf(0, { percentage: 2, fixedAmountMinor: 30 })).toEqual({ feeMinor: 0, netMinor: 0 });
  });
});
