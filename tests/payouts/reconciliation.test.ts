import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { feeOf } from '../../contract/fees';
import type { ReconciliationAnswer, ReconciliationFinding } from '../../contract/settlement';
import { DEMO_FEE_PROPERTY, DEMO_FEE_SCHEDULE } from '../../server/demo/seed-fees';
import { unbalancedPayoutsStatement, unpaidCapturesStatement } from '../../server/payouts/reconciliation';
import { planWithoutSequentialScans } from '../support/query-plan';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Decision 0716: the reconciliation check's fee rule read from the lines and their payouts (a schedule in force from its
// first day to the next schedule's), and the Paid orders of the days paid out for read from their own index. The planted
// breaks of each kind are in settlement-routes.test.ts; this file holds the fee rule's edges and the statements' plans.

let app: FastifyInstance;
let admin: string;
let merchantId: string;

const unbalanced = async (): Promise<ReconciliationFinding[]> => {
  const response = await app.inject({ method: 'GET', url: '/folio/payment-api/v2/payouts/reconciliation', headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReconciliationAnswer>().findings.filter((finding) => finding.kind === 'LinesDoNotSum');
};

const planOf = (statement: RawBuilder<unknown>) => planWithoutSequentialScans(app.ctx.db, (trx) => statement.compile(trx));

beforeAll(async () => {
  app = await startTestApp();
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantId = (await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', DEMO_FEE_PROPERTY).executeTakeFirstOrThrow()).id;
}, 180_000);
afterAll(async () => app.close());

describe('the fee each payout charged, against the schedules in force (decision 0716)', () => {
  test('a fee line one minor unit off its schedule lists its payout, and only it', async () => {
    expect(await unbalanced()).toEqual([]);
    const line = (
      await sql<{ id: string; payout_id: string }>`
        SELECT l.id::text, l.payout_id FROM payout_lines l JOIN payouts p ON p.id = l.payout_id
        WHERE p.merchant_id = ${merchantId}::uuid AND l.kind = 'Fee' AND l.amount_minor < 0 ORDER BY l.id LIMIT 1`.execute(app.ctx.db)
    ).rows[0]!;
    expect(line, 'the demo property with a fee schedule has fee lines').toBeDefined();
    await sql`UPDATE payout_lines SET amount_minor = amount_minor - 1 WHERE id = ${line.id}::bigint`.execute(app.ctx.db);
    try {
      const findings = await unbalanced();
      expect(findings.map((finding) => finding.payouts[0]!.id)).toEqual([line.payout_id]);
      expect(findings[0]!.actualMinor - findings[0]!.expectedMinor).toBe(-1);
    } finally {
      await sql`UPDATE payout_lines SET amount_minor = amount_minor + 1 WHERE id = ${line.id}::bigint`.execute(app.ctx.db);
    }
    expect(await unbalanced()).toEqual([]);
  });

  test('a schedule dated back into the paid days: each capture is charged by the one in force on its day, the other side of the day unchanged', async () => {
    // A payout with captures on more than one day; the new schedule starts on its last capture day.
    const split = (
      await sql<{ payout_id: string; day: string }>`
        SELECT l.payout_id, max((l.booked_at AT TIME ZONE 'UTC')::date)::text AS day FROM payout_lines l JOIN payouts p ON p.id = l.payout_id
        WHERE p.merchant_id = ${merchantId}::uuid AND l.kind = 'Capture'
        GROUP BY l.payout_id HAVING count(DISTINCT (l.booked_at AT TIME ZONE 'UTC')::date) > 1
        ORDER BY min(p.period_start) LIMIT 1`.execute(app.ctx.db)
    ).rows[0]!;
    expect(split, 'a demo payout of the fee property covers several days').toBeDefined();
    const dearer = { percentage: 3.5, fixedAmountMinor: 40 };
    // Dated back as an import could leave it: the API refuses a schedule starting before today.
    await sql`INSERT INTO fees (merchant_id, fee_model, percentage, fixed_amount_minor, currency, valid_from)
      SELECT id, 'Blended', ${dearer.percentage}, ${dearer.fixedAmountMinor}, currency, ${split.day}::date FROM merchants WHERE id = ${merchantId}::uuid`.execute(
      app.ctx.db,
    );
    try {
      const findings = await unbalanced();
      const payouts = await sql<{ id: string; amount_minor: string; period_end: string }>`
        SELECT id, amount_minor::text, period_end::text FROM payouts WHERE merchant_id = ${merchantId}::uuid`.execute(app.ctx.db);
      const listed = new Map(findings.map((finding) => [finding.payouts[0]!.id, finding]));
      // Every payout of captures before the day is as it was; every one holding a capture of the day or later is listed.
      for (const payout of payouts.rows) {
        const captures = (
          await sql<{ amount_minor: string; day: string }>`
            SELECT amount_minor::text, (booked_at AT TIME ZONE 'UTC')::date::text AS day FROM payout_lines
            WHERE payout_id = ${payout.id}::uuid AND kind = 'Capture'`.execute(app.ctx.db)
        ).rows;
        if (!captures.some((capture) => capture.day >= split.day)) {
          expect(listed.has(payout.id), `payout ${payout.id} has no capture on or after ${split.day}`).toBe(false);
          continue;
        }
        const charged = captures.reduce(
          (sum, capture) => sum + feeOf(Number(capture.amount_minor), capture.day >= split.day ? dearer : DEMO_FEE_SCHEDULE).feeMinor,
          0,
        );
        expect(listed.get(payout.id)?.expectedMinor, `payout ${payout.id}`).toBe(Number(payout.amount_minor) - charged);
      }
      expect(listed.has(split.payout_id)).toBe(true);
    } finally {
      await sql`DELETE FROM fees WHERE merchant_id = ${merchantId}::uuid AND valid_from = ${split.day}::date`.execute(app.ctx.db);
    }
    expect(await unbalanced()).toEqual([]);
  });
});

describe('the statements read what they must and no more (decision 0716)', () => {
  test('the unbalanced payouts are found from the lines and their payouts: no order is read', async () => {
    expect(await planOf(unbalancedPayoutsStatement(201))).not.toMatch(/ on orders\b/);
  });

  test('the Paid orders of the days paid out for come from their own index', async () => {
    expect(await planOf(unpaidCapturesStatement(201))).toContain('orders_paid_merchant_created');
  });
});
