import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// The card token kept when an order's card is tokenized (decision 0210): what an authorization
// (AUREQ) charges without the guest. Only the acquirer's token is stored, never a card number.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `ALTER TABLE orders ADD COLUMN card_token text CHECK (card_token IS NULL OR card_token !~ '[0-9]{12,}');`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `ALTER TABLE orders DROP COLUMN IF EXISTS card_token;`);
}
