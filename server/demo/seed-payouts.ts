import { sql } from 'kysely';
import { buildSettlementLines } from '../payouts/settlement-build';
import type { Db } from '../db/database';
import { inBulkTransactions } from './seed-volume';

// The demo's payouts made of the demo's orders (issue 37, decision 0430): after the orders, refunds
// and fee schedules exist, every payout gets its settlement lines and its amount from them, so each
// one adds up to the cent. Set-based (a few statements for every payout at once), run on the first
// start and after a top-up of orders, which then join the payout of their day.
//
// Built like a bulk load (decision 0658): the lines refer only to orders, payouts and refunds the
// same statement has just read, so their foreign keys are not checked row by row (each check locked
// the order it named, writing to every settled order again: a tuple lock and its WAL record per
// line). On PostgreSQL the merchants are shared out over `connections` transactions at once, one
// core each; a merchant's payouts (and the balances carried between them) stay in one, and all
// commit together.
export async function seedSettlementLines(db: Db, connections = 1): Promise<void> {
  const { rows } = await sql<{ merchant_id: string }>`SELECT DISTINCT merchant_id FROM payouts ORDER BY merchant_id`.execute(db);
  const shares = Math.max(1, Math.min(connections, rows.length));
  await inBulkTransactions(db, shares, async (transactions) => {
    await Promise.all(
      transactions.map((trx, share) => {
        if (transactions.length === 1) return buildSettlementLines(trx, sql`TRUE`);
        const merchants = rows.filter((_, index) => index % transactions.length === share).map((row) => row.merchant_id);
        return buildSettlementLines(trx, sql`p.merchant_id = ANY(${merchants}::uuid[])`);
      }),
    );
  });
}
