import { sql } from 'kysely';
import { buildSettlementLines } from '../payouts/settlement-build';
import type { Db } from '../db/database';

// The demo's payouts made of the demo's orders (issue 37, decision 0430): after the orders, refunds
// and fee schedules exist, every payout gets its settlement lines and its amount from them, so each
// one adds up to the cent. Set-based (a few statements for every payout at once), run on the first
// start and after a top-up of orders, which then join the payout of their day.
export async function seedSettlementLines(db: Db): Promise<void> {
  await buildSettlementLines(db, sql`TRUE`);
}
