import { sql } from 'kysely';
import type { Db } from '../db/database';

// Demo bookings (decision 0212): every fourth order of a property that takes payments came with a
// booking (the order's guest, amount and currency), in every deposit basis and PMS integration,
// each with its log: the reservation the PMS sent (source Booking, inbound) and the payment
// webhooks delivered to the hotel (source Webhook, outbound; one in seven failed once first).
// Deterministic (hashtext of the order id), and only orders without a booking are looked at, so it
// runs again after each top-up. Only the volume's orders (FOL-…) take part: the payment links'
// orders are seeded after this step, and a restart of the demo would otherwise book them then.
export async function seedBookings(db: Db): Promise<void> {
  await sql`
    WITH source AS (
      SELECT o.id, o.merchant_id, o.guest_name, o.guest_email, o.amount_minor, o.currency, o.created_at,
        abs(hashtext('bk' || o.id)) AS h
      FROM orders o
      WHERE o.booking_id IS NULL AND o.id % 4 = 0 AND o.reference_no LIKE 'FOL-%'
        AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.reference = 'BK-' || lpad(o.id::text, 8, '0'))
    ),
    inserted AS (
      INSERT INTO bookings (merchant_id, reference, guest_name, guest_email, check_in, check_out, amount_minor, currency,
        deposit_basis, deposit_minor, pms_integration, created_at)
      SELECT merchant_id, 'BK-' || lpad(id::text, 8, '0'), guest_name, guest_email,
        (created_at + make_interval(days => (h % 45)::int))::date,
        (created_at + make_interval(days => (h % 45)::int + 1 + (h % 7)::int))::date,
        amount_minor, currency,
        (ARRAY['None','TotalAmount','DepositAmount'])[1 + h % 3],
        CASE WHEN h % 3 = 2 THEN amount_minor * 3 / 10 END,
        (ARRAY['None','Ows','Cendyn','OraclePI'])[1 + (h / 3) % 4],
        created_at - interval '2 hours'
      FROM source
      RETURNING id, reference, pms_integration, created_at
    ),
    linked AS (
      UPDATE orders o SET booking_id = i.id FROM inserted i WHERE i.reference = 'BK-' || lpad(o.id::text, 8, '0')
      RETURNING o.id AS order_id, o.status, o.amount_minor, o.currency, i.id AS booking_id, i.created_at AS booked_at
    ),
    reservations AS (
      INSERT INTO booking_logs (booking_id, source, direction, http_status, message, request_body, response_body, created_at)
      SELECT id, 'Booking', 'Inbound', 200, 'Reservation received from ' || pms_integration,
        json_build_object('integration', pms_integration, 'reservation', reference, 'event', 'ReservationCreated')::text,
        json_build_object('accepted', true, 'booking', reference)::text,
        created_at
      FROM inserted WHERE pms_integration <> 'None'
    ),
    failed_first AS (
      INSERT INTO booking_logs (booking_id, source, direction, http_status, message, request_body, response_body, created_at)
      SELECT booking_id, 'Webhook', 'Outbound', 500, 'payment.succeeded delivery failed, retried',
        json_build_object('type', 'payment.succeeded', 'orderId', order_id, 'amount', amount_minor, 'currency', currency)::text,
        '{"error":"internal server error"}', booked_at + interval '3 hours'
      FROM linked WHERE status = 'Paid' AND order_id % 7 = 0
    )
    INSERT INTO booking_logs (booking_id, source, direction, http_status, message, request_body, response_body, created_at)
    SELECT booking_id, 'Webhook', 'Outbound', 200, 'payment.succeeded delivered',
      json_build_object('type', 'payment.succeeded', 'orderId', order_id, 'amount', amount_minor, 'currency', currency)::text,
      '{"received":true}', booked_at + interval '3 hours' + CASE WHEN order_id % 7 = 0 THEN interval '5 minutes' ELSE interval '0' END
    FROM linked WHERE status = 'Paid'
  `.execute(db);
}
