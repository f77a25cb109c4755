import type { Db } from '../db/database';
import { DEMO_ANCHOR, OTHER_GROUPS } from './demo-layout';

// Demo fee schedules (issue 17, decision 0291): one property of the Active group Kastro Island
// Resorts has charged fees since before its first demo payout, so payouts and orders show a fee
// and a net amount out of the box. Lagoon's properties stay without a schedule: their fee pages
// start empty for whoever sets the first one. Idempotent: added once, when the property has none.

const KASTRO = OTHER_GROUPS.find((group) => group.name === 'Kastro Island Resorts')!;
export const DEMO_FEE_PROPERTY = KASTRO.properties[0].name;
/** Blended 1.9 % + €0.25 per transaction, from 200 days before the demo's anchor. */
export const DEMO_FEE_SCHEDULE = { feeModel: 'Blended', percentage: 1.9, fixedAmountMinor: 25, daysBeforeAnchor: 200 } as const;

export async function seedFees(db: Db): Promise<void> {
  const merchant = await db.selectFrom('merchants').select(['id', 'currency']).where('name', '=', DEMO_FEE_PROPERTY).executeTakeFirst();
  if (!merchant) return;
  const existing = await db.selectFrom('fees').select('id').where('merchant_id', '=', merchant.id).executeTakeFirst();
  if (existing) return;
  const validFrom = new Date(Date.parse(DEMO_ANCHOR) - DEMO_FEE_SCHEDULE.daysBeforeAnchor * 86_400_000).toISOString().slice(0, 10);
  await db
    .insertInto('fees')
    .values({
      merchant_id: merchant.id,
      fee_model: DEMO_FEE_SCHEDULE.feeModel,
      percentage: DEMO_FEE_SCHEDULE.percentage,
      fixed_amount_minor: DEMO_FEE_SCHEDULE.fixedAmountMinor,
      currency: merchant.currency.trim(),
      valid_from: validFrom,
      created_at: new Date(`${validFrom}T09:00:00Z`),
    })
    .execute();
}
