import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedPaymentLinks } from '../../server/demo/seed-payment-links';
import { scheduleDuePayouts } from '../../server/payouts/payout-run';
import { startTestApp } from '../support/test-app';

// Decision 0582: a fresh demo has no payout due, at any hour. Its paid payment links were paid six hours
// before the start, which between 00:00 and 06:00 UTC was a closed day after the seeded payout periods:
// the payout run then made a payout per property at once (seen on a CI run at 00:19 UTC).

let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestApp();
}, 180_000);
afterAll(async () => app?.close());

test('a demo started half an hour after midnight (UTC) has no payout due: its paid link was paid that day', async () => {
  const { db } = app.ctx;
  // The links seeded at the test app's start go, and are seeded again as at 00:30 UTC.
  const seeded = sql`SELECT order_id FROM payment_links`;
  await sql`DELETE FROM order_email_history WHERE order_id IN (${seeded})`.execute(db);
  const orders = (await sql<{ order_id: string }>`DELETE FROM payment_links RETURNING order_id::text`.execute(db)).rows.map((row) => row.order_id);
  await sql`DELETE FROM orders WHERE id = ANY(${orders}::bigint[])`.execute(db);

  const start = Date.parse('2026-11-30T00:30:00Z');
  await seedPaymentLinks(db, start);
  const paid = await sql<{ created_at: Date; completed_at: Date }>`
    SELECT o.created_at, l.completed_at FROM payment_links l JOIN orders o ON o.id = l.order_id WHERE o.status = 'Paid'`.execute(db);
  expect(paid.rows.length).toBeGreaterThan(0);
  for (const row of paid.rows) {
    expect(row.created_at.toISOString().slice(0, 10)).toBe('2026-11-30');
    expect(row.completed_at.getTime()).toBeLessThanOrEqual(start);
  }
  expect(await scheduleDuePayouts(app.ctx, new Date('2026-11-30T00:45:00Z'))).toBe(0);
});
