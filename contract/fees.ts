import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { MERCHANT_API } from './product';

// Spec 7 "Users and fees" (POST /fees/search, POST /fees) and spec 3's fee models (issue 17,
// decision 0241). A merchant (property) has one fee schedule in force at a time; a new schedule
// takes over from its effective date and the earlier ones stay as history. Every model charges
// `percentage` of the amount plus `fixedAmountMinor` per transaction, in the merchant's currency;
// the models differ in what they must state (FEE_MODEL_NEEDS).

export const FEE_MODELS = ['Blended', 'IC Plus', 'Other fee', 'Transaction fees'] as const;
export type FeeModel = (typeof FEE_MODELS)[number];
export const FeeModelSchema = z.enum(FEE_MODELS, { error: 'fees.validation.model' });

/**
 * What each model needs: Blended one all-in percentage; IC Plus the provider's markup percentage
 * on top of interchange (which the demo acquirer does not report, so only the markup is charged);
 * Transaction fees a fixed amount per transaction; Other fee either.
 */
export const FEE_MODEL_NEEDS: Record<FeeModel, 'percentage' | 'fixed' | 'either'> = {
  Blended: 'percentage',
  'IC Plus': 'percentage',
  'Transaction fees': 'fixed',
  'Other fee': 'either',
};

/** At most 3 decimals, as the fees table stores them (numeric(6,3)); at most 100 %. */
const PercentageSchema = z
  .number({ error: 'fees.validation.percentage' })
  .min(0, { error: 'fees.validation.percentage' })
  .max(100, { error: 'fees.validation.percentage' })
  .refine((value) => Math.round(value * 1000) === value * 1000 || Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6, {
    error: 'fees.validation.percentageDecimals',
  });

export const NewFeeScheduleSchema = z
  .object({
    merchantId: z.uuid({ error: 'fees.validation.merchant' }),
    feeModel: FeeModelSchema,
    percentage: PercentageSchema.default(0),
    /** Minor units of the merchant's currency. */
    fixedAmountMinor: z
      .number({ error: 'fees.validation.fixedAmount' })
      .int({ error: 'fees.validation.fixedAmount' })
      .min(0, { error: 'fees.validation.fixedAmount' })
      .max(100_000_000, { error: 'fees.validation.fixedAmountTooLarge' })
      .default(0),
    /** The first day the schedule applies (YYYY-MM-DD, UTC); today or later, so charged orders keep their fee. */
    validFrom: z.iso.date({ error: 'fees.validation.validFrom' }),
  })
  .superRefine((fee, context) => {
    const needs = FEE_MODEL_NEEDS[fee.feeModel];
    if (needs === 'percentage' && fee.percentage <= 0) context.addIssue({ code: 'custom', path: ['percentage'], message: 'fees.validation.percentageNeeded' });
    if (needs === 'fixed' && fee.fixedAmountMinor <= 0)
      context.addIssue({ code: 'custom', path: ['fixedAmountMinor'], message: 'fees.validation.fixedAmountNeeded' });
    if (needs === 'either' && fee.percentage <= 0 && fee.fixedAmountMinor <= 0)
      context.addIssue({ code: 'custom', path: ['percentage'], message: 'fees.validation.somethingNeeded' });
  });
export type NewFeeSchedule = z.input<typeof NewFeeScheduleSchema>;

export const FeeScheduleSchema = z.object({
  feeId: z.uuid(),
  merchantId: z.uuid(),
  feeModel: FeeModelSchema,
  percentage: z.number(),
  fixedAmountMinor: z.number().int(),
  currency: z.string().length(3),
  validFrom: z.string(),
  /** The day before the next schedule takes over; null while none follows. */
  validUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type FeeSchedule = z.infer<typeof FeeScheduleSchema>;

export const FeeSearchSchema = z.object({ merchantId: z.uuid({ error: 'fees.validation.merchant' }) });

export const FeeHistorySchema = z.object({
  merchantId: z.uuid(),
  merchantName: z.string(),
  currency: z.string().length(3),
  /** In force today; null when none has started yet. */
  current: FeeScheduleSchema.nullable(),
  /** Every schedule, the latest effective date first (future ones included). */
  schedules: z.array(FeeScheduleSchema),
});
export type FeeHistory = z.infer<typeof FeeHistorySchema>;

/** What one amount costs under a schedule: the fee and what the merchant keeps (minor units). */
export function feeOf(amountMinor: number, schedule: Pick<FeeSchedule, 'percentage' | 'fixedAmountMinor'>): { feeMinor: number; netMinor: number } {
  // Round half away from zero on the percentage part, in integers: percentage has 3 decimals.
  const permille = Math.round(schedule.percentage * 1000);
  const percentPart = Math.round((amountMinor * permille) / 100_000);
  const feeMinor = amountMinor === 0 ? 0 : percentPart + schedule.fixedAmountMinor;
  return { feeMinor, netMinor: amountMinor - feeMinor };
}

export const OrderFeeSchema = z.object({
  orderId: z.string(),
  amountMinor: z.number().int(),
  currency: z.string().length(3),
  /** Null when no schedule was in force on the order's day (or in another currency). */
  feeMinor: z.number().int().nullable(),
  netMinor: z.number().int().nullable(),
  schedule: FeeScheduleSchema.nullable(),
});

export const feeEndpoints = endpointTable([
  defineEndpoint({
    id: 'searchFees',
    method: 'POST',
    path: `${MERCHANT_API}/fees/search`,
    summary: "A merchant's fee schedules: the one in force today and the whole history (scoped to the merchants the caller may see)",
    access: { resource: 'Fees', action: 'Read' },
    body: FeeSearchSchema,
    response: FeeHistorySchema,
  }),
  defineEndpoint({
    id: 'createFeeSchedule',
    method: 'POST',
    path: `${MERCHANT_API}/fees`,
    summary: 'A new fee schedule for a merchant from its effective date (today or later); 409 when one starts that day already',
    access: { resource: 'Fees', action: 'Insert' },
    body: NewFeeScheduleSchema,
    response: FeeHistorySchema,
    successStatus: 201,
  }),
  defineEndpoint({
    id: 'getOrderFee',
    method: 'GET',
    path: `${MERCHANT_API}/fees/orders/{id}`,
    summary: "An order's fee and net amount under the schedule in force on the order's day",
    access: { resource: 'Transactions', action: 'Read' },
    params: z.object({ id: z.string().regex(/^\d{1,18}$/, { error: 'fees.validation.order' }) }),
    response: OrderFeeSchema,
  }),
]);
