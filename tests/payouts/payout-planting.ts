import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { PAYOUT_DEFAULTS, type PayoutSettings } from '../../contract/settings/payout';
import { bearer } from '../support/test-app';

// What the payout tests plant and set, written once (the schedule tests of decision 0699 and the requests of 0704):
// a property's payout settings saved through the API, and a Paid capture on a given day straight into the database.

const DAY = 86_400_000;
/** A UTC day as YYYY-MM-DD. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
/** The day `days` after (or before) `date`. */
export const plusDays = (date: string, days: number) => dayOf(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY));

/** Saves the property's payout settings (an account, the defaults, then `changes`) as the user of `token`. */
export async function setPayoutSettings(app: FastifyInstance, token: string, merchantId: string, changes: Partial<PayoutSettings>): Promise<void> {
  const saved = await app.inject({
    method: 'PUT',
    url: `${MERCHANT_API}/property-settings/${merchantId}/payout`,
    headers: bearer(token),
    payload: { ...PAYOUT_DEFAULTS, accountHolder: 'Lagoon Hotels BV', accountNumber: 'NL91ABNA0417164300', ...changes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A Paid EUR capture of the property on the day (10:00 UTC), its reference starting with `prefix`; its order id. */
export async function plantCapture(app: FastifyInstance, prefix: string, merchantId: string, date: string, amountMinor: number): Promise<string> {
  const order = await sql<{ id: string }>`
    INSERT INTO orders (merchant_id, reference_no, guest_name, amount_minor, currency, status, payment_type, created_at, updated_at)
    VALUES (${merchantId}::uuid, ${`${prefix}-${date}-${amountMinor}`}, 'Planted Guest', ${amountMinor}, 'EUR', 'Paid', 'PN',
      ${`${date}T10:00:00Z`}::timestamptz, now()) RETURNING id::text`.execute(app.ctx.db);
  return order.rows[0]!.id;
}
