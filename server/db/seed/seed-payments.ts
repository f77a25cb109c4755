import { sql } from 'kysely';
import type { Db } from '../database';

// Demo authorizations (decision 0205): every AU order that is Tokenized holds an open
// authorization of its amount, one in three of them already partly captured (half); every AU
// order that is Paid was authorized and captured in full. Each gets its timeline rows. Orders
// that already have a ledger are left alone, so this runs again after each top-up.
export async function seedPaymentLedgers(db: Db): Promise<void> {
  await sql`
    WITH fresh AS (
      SELECT id, status, amount_minor, currency, created_at,
        CASE WHEN status = 'Paid' THEN amount_minor WHEN id % 3 = 0 THEN amount_minor / 2 ELSE 0 END AS captured
      FROM orders
      WHERE payment_type = 'AU' AND status IN ('Tokenized', 'Paid') AND authorized_minor = 0
    ),
    ledger AS (
      UPDATE orders o SET authorized_minor = f.amount_minor, captured_minor = f.captured
      FROM fresh f WHERE o.id = f.id
      RETURNING o.id
    ),
    authorizations AS (
      INSERT INTO payment_operations (order_id, kind, outcome, amount_minor, currency, acquirer_reference, created_at)
      SELECT id, 'Authorization', 'Succeeded', amount_minor, currency, 'demo-auth-' || id, created_at FROM fresh
    )
    INSERT INTO payment_operations (order_id, kind, outcome, amount_minor, currency, acquirer_reference, created_at)
    SELECT id, 'Capture', 'Succeeded', captured, currency, 'demo-cap-' || id, created_at + interval '1 hour' FROM fresh WHERE captured > 0
  `.execute(db);
}
