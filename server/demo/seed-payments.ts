import { sql } from 'kysely';
import type { Db } from '../db/database';

// Demo authorizations (decision 0205): every AU order that is Tokenized holds an open
// authorization of its amount, one in three of them already partly captured (half); every AU
// order that is Paid was authorized and captured in full. Each gets its timeline rows. Orders
// that already have a ledger are left alone, so this runs again after each top-up.
export async function seedPaymentLedgers(db: Db): Promise<void> {
  // Every Tokenized order kept its card token (decision 0210); one in 17 is the demo acquirer's
  // declined test token, so a declined authorization can be tried from the demo accounts.
  await sql`
    UPDATE orders SET card_token = 'demo-tok-' || id || CASE WHEN id % 17 = 0 THEN '-declined' ELSE '' END
    WHERE status = 'Tokenized' AND card_token IS NULL AND card_last4 IS NOT NULL
  `.execute(db);
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

/** Demo e-mail history: every order with a payment link got the link, and a paid one its receipt. */
export async function seedOrderEmails(db: Db): Promise<void> {
  await sql`
    WITH linked AS (
      SELECT o.id, o.guest_email, o.reference_no, o.status, o.created_at FROM orders o
      WHERE (o.payment_type = 'PL' OR o.status = 'PaymentLinkSentNoProcessing') AND o.guest_email IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM order_email_history h WHERE h.order_id = o.id)
    )
    INSERT INTO order_email_history (order_id, recipient, subject, status, sent_at)
    SELECT id, guest_email, 'Your payment link for reservation ' || reference_no, 'Delivered', created_at + interval '5 minutes' FROM linked
    UNION ALL
    SELECT id, guest_email, 'Payment received for reservation ' || reference_no, 'Delivered', created_at + interval '1 day' FROM linked WHERE status = 'Paid'
  `.execute(db);
}
