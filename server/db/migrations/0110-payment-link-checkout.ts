import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Payment links from end to end (issue 15, decision 0220): what the generate form asks for, and
// what the guest's payment leaves behind. Of the card only the acquirer's token, the brand, the
// last four digits and the expiry are kept; the number and the CVC never reach the database.
// `completed_at` is set once, under the link's row lock: a link pays at most once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    ALTER TABLE payment_links
      ADD COLUMN charge_category text NOT NULL DEFAULT 'Rooms' CHECK (charge_category IN ('Rooms','FnB','Spa','Other','CheckOut','CheckIn')),
      ADD COLUMN booking_reference text NOT NULL DEFAULT '',
      ADD COLUMN deposit_basis text NOT NULL DEFAULT 'None' CHECK (deposit_basis IN ('None','TotalAmount','DepositAmount')),
      ADD COLUMN message text,
      ADD COLUMN completed_at timestamptz,
      ADD COLUMN failed_attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN card_token text,
      ADD COLUMN card_brand text,
      ADD COLUMN card_last4 char(4) CHECK (card_last4 IS NULL OR card_last4 ~ '^[0-9]{4}$'),
      ADD COLUMN card_expiry char(5) CHECK (card_expiry IS NULL OR card_expiry ~ '^[0-9]{2}/[0-9]{2}$'),
      ADD CONSTRAINT payment_links_card_once_completed CHECK (card_token IS NULL OR completed_at IS NOT NULL);
    CREATE UNIQUE INDEX payment_links_one_per_order ON payment_links (order_id);
    CREATE INDEX payment_links_merchant_open ON payment_links (merchant_id, expires_at) WHERE completed_at IS NULL;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    DROP INDEX IF EXISTS payment_links_merchant_open;
    DROP INDEX IF EXISTS payment_links_one_per_order;
    ALTER TABLE payment_links DROP CONSTRAINT IF EXISTS payment_links_card_once_completed,
      DROP COLUMN IF EXISTS charge_category, DROP COLUMN IF EXISTS booking_reference, DROP COLUMN IF EXISTS deposit_basis,
      DROP COLUMN IF EXISTS message, DROP COLUMN IF EXISTS completed_at, DROP COLUMN IF EXISTS failed_attempts,
      DROP COLUMN IF EXISTS card_token, DROP COLUMN IF EXISTS card_brand, DROP COLUMN IF EXISTS card_last4, DROP COLUMN IF EXISTS card_expiry;
  `,
  );
}
