import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createMachine, type AnyStateMachine } from 'xstate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PayoutDetail } from '../../contract/payouts';
import type { SettlementLineAnswer } from '../../contract/settlement';
import { payoutLifecycleMachine, type PayoutLifecycleEvent, type PayoutStage } from '../../machines/payout-lifecycle.machine';
import { settleDueAttempts, DEMO_REFUSED_PAYOUT_CENTS } from '../../server/payouts/demo-payout-rail';
import { sendScheduledPayouts } from '../../server/payouts/payout-run';
import { clearMachineCoverage, MODEL_COVERAGE_HTTP_DIR } from '../../testing/model/coverage-record';
import { byStateValue, formatEvent, machinePaths, stateCoverage, type MachinePath } from '../../testing/model/machine-paths';
import { createModelDriver } from '../../testing/model/model-driver';
import { bearer, signIn, startTestApp } from '../support/test-app';

/*
 * Model-based paths through the payout lifecycle (decisions 0434, 0583), generated from the real
 * machine and run against the real server over HTTP: no screen makes a payout's moves (the retry
 * button only sends the call, the payout run schedules and sends, and the bank's answer comes from
 * the bank), so the paths are driven where the rules live. Each path starts on a payout of the demo
 * group with settlement lines, Scheduled as the payout run leaves it (every other stage, the seeded
 * failures' too, is reached from there and moves the same way): the payout run sends it
 * (its own send step, sendScheduledPayouts), provider staff retry it (POST .../retry), the demo bank
 * answers (the rail's own round, settleDueAttempts; the demo bank refuses an amount ending in 51
 * minor units, so the path plants the amount that gives the answer it wants), and after every step
 * the payout as callers read it (GET detail, as the provider admin and as the group's merchant admin)
 * is the stage the path is in, its lines untouched. One more path reads a seeded payout in transit.
 * The machine holds only the moves some part of the product makes (decision 0580), so together they
 * take all of it. Passed paths are recorded for `npm run model:coverage`.
 */

const BASE = '/folio/payment-api/v2/payouts';
let app: FastifyInstance;
let admin: string;
let merchantAdmin: string;
let groupId: string;
let payout: { id: string; lines: number };
const used = new Set<string>();

const lifecycleFrom = (stage: PayoutStage): AnyStateMachine => createMachine({ ...payoutLifecycleMachine.config, initial: stage } as never);
const EVENTS: PayoutLifecycleEvent[] = [{ type: 'payout.send' }, { type: 'bank.paid' }, { type: 'bank.failed' }, { type: 'payout.retry' }];
const fromScheduled = machinePaths(lifecycleFrom('Scheduled'), { events: EVENTS, serialize: byStateValue, cover: 'transitions', environment: false });
// The demo bank never answers a seeded payout in transit (decision 0137): the path reads it there.
const inTransit = machinePaths(lifecycleFrom('InTransit'), { events: [], serialize: byStateValue, cover: 'states', environment: false });

const detail = async (token: string) => {
  const response = await app.inject({ method: 'GET', url: `${BASE}/${payout.id}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PayoutDetail>();
};
const lineCount = async (token: string) => {
  const response = await app.inject({ method: 'POST', url: `${BASE}/${payout.id}/lines/search`, headers: bearer(token), payload: {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SettlementLineAnswer>().total;
};
const retry = () => app.inject({ method: 'POST', url: `${BASE}/${payout.id}/retry`, headers: bearer(admin) });

/** What every caller reads in a stage, written out from decision 0434 rather than asked of the machine. */
async function readsAs(stage: PayoutStage) {
  for (const token of [admin, merchantAdmin]) {
    const answer = await detail(token);
    const last = answer.attemptList.at(-1);
    if (stage === 'Scheduled') {
      expect(answer.status).toBe('Scheduled');
      expect(answer.attemptList).toEqual([]);
    } else if (stage === 'Failed') {
      expect(answer.status).toBe('Failed');
      expect(last?.status).toBe('Failed');
    } else if (stage === 'Retried') {
      expect(answer.status).toBe('Processing');
      expect(answer.attemptList.length).toBeGreaterThan(1);
      expect(last?.status).toBe('Processing');
    } else if (stage === 'InTransit') {
      expect(answer.status).toBe('Processing');
      expect(answer.attemptList.map((attempt) => attempt.status)).toEqual(['Processing']);
    } else if (stage === 'Paid') {
      expect(answer.status).toBe('Paid');
      expect(last?.status).toBe('Paid');
      expect(answer.paidAt).not.toBeNull();
    } else throw new Error(`no stage ${String(stage)}`);
    // A retry keeps the payout's settlement lines (decision 0430).
    expect(await lineCount(token)).toBe(payout.lines);
  }
  // Only a Failed payout may be retried: in any other stage the call is refused and nothing moves.
  if (stage !== 'Failed') {
    const refused = await retry();
    expect(refused.statusCode, refused.body).toBe(409);
    expect((await detail(admin)).attemptList.length).toBe((await detail(merchantAdmin)).attemptList.length);
  }
}

/** The demo bank answers: the amount decides (ending in 51 minor units is refused), then the rail's round settles the attempt. */
const bankAnswers = (refuse: boolean) => async () => {
  await sql`UPDATE payouts SET amount_minor = amount_minor - (amount_minor % 100) + ${refuse ? DEMO_REFUSED_PAYOUT_CENTS : DEMO_REFUSED_PAYOUT_CENTS + 1}
    WHERE id = ${payout.id}::uuid`.execute(app.ctx.db);
  expect(await settleDueAttempts(app.ctx, 0)).toBe(1);
};

const driver = createModelDriver<null>(
  payoutLifecycleMachine,
  {
    states: {
      Scheduled: () => readsAs('Scheduled'),
      InTransit: () => readsAs('InTransit'),
      Failed: () => readsAs('Failed'),
      Retried: () => readsAs('Retried'),
      Paid: () => readsAs('Paid'),
    },
    events: {
      'payout.send': async () => {
        expect(await sendScheduledPayouts(app.ctx)).toBe(1);
      },
      'payout.retry': async () => {
        const response = await retry();
        expect(response.statusCode, response.body).toBe(200);
      },
      'bank.paid': bankAnswers(false),
      'bank.failed': bankAnswers(true),
    },
  },
  { coverageDir: MODEL_COVERAGE_HTTP_DIR },
);

/** A seeded payout in transit of the merchant admin's group, with settlement lines. */
async function seededInTransit(): Promise<{ id: string; lines: number }> {
  const { rows } = await sql<{ id: string; lines: string }>`
    SELECT p.id, (SELECT count(*) FROM payout_lines l WHERE l.payout_id = p.id)::text AS lines
    FROM payouts p JOIN merchants m ON m.id = p.merchant_id
    WHERE m.merchant_group_id = ${groupId}::uuid AND p.status = 'Processing'
      AND (SELECT count(*) FROM payout_attempts a WHERE a.payout_id = p.id) = 1
      AND EXISTS (SELECT 1 FROM payout_lines l WHERE l.payout_id = p.id)
    ORDER BY p.reference LIMIT 1`.execute(app.ctx.db);
  const row = rows[0];
  if (!row) throw new Error("the demo has no payout in transit with lines in the merchant admin's group");
  return { id: row.id, lines: Number(row.lines) };
}

/**
 * A Scheduled payout as the payout run leaves it (decision 0582): lines and amount, no attempt yet. The demo seeds
 * none (its closed days are all paid out), so a paid one of the group with lines is put back before its sending.
 */
async function plantedScheduled(): Promise<{ id: string; lines: number }> {
  const { rows } = await sql<{ id: string; lines: string }>`
    SELECT p.id, (SELECT count(*) FROM payout_lines l WHERE l.payout_id = p.id)::text AS lines
    FROM payouts p JOIN merchants m ON m.id = p.merchant_id
    WHERE m.merchant_group_id = ${groupId}::uuid AND p.status = 'Paid'
      AND (SELECT count(*) FROM payout_attempts a WHERE a.payout_id = p.id) = 1
      AND EXISTS (SELECT 1 FROM payout_lines l WHERE l.payout_id = p.id)
    ORDER BY p.reference DESC`.execute(app.ctx.db);
  const row = rows.find((candidate) => !used.has(candidate.id));
  if (!row) throw new Error("the demo has no unused paid payout with lines in the merchant admin's group");
  used.add(row.id);
  await sql`DELETE FROM payout_attempts WHERE payout_id = ${row.id}::uuid`.execute(app.ctx.db);
  await sql`UPDATE payouts SET status = 'Scheduled', paid_at = NULL WHERE id = ${row.id}::uuid`.execute(app.ctx.db);
  return { id: row.id, lines: Number(row.lines) };
}

beforeAll(async () => {
  clearMachineCoverage(payoutLifecycleMachine);
  // The rail's timer is off (settle time 0): each bank answer is one round of the rail, run by the path.
  app = await startTestApp({ demoPayoutSettleMs: 0 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  const group = await app.ctx.db.selectFrom('users').select('merchant_group_id').where('email', '=', 'merchantadmin@demo.folio.test').executeTakeFirstOrThrow();
  groupId = group.merchant_group_id!;
}, 180_000);
afterAll(async () => app?.close());

describe('payout lifecycle model paths, over HTTP', () => {
  test('the paths visit every stage of the lifecycle and take every move the product makes (decisions 0580, 0583)', () => {
    const paths = [...fromScheduled, ...inTransit] as MachinePath<typeof payoutLifecycleMachine>[];
    expect(stateCoverage(payoutLifecycleMachine, paths).missing).toEqual([]);
    const taken = new Set(
      fromScheduled.flatMap((path) =>
        path.steps.map((step, index) => `${String((index === 0 ? path.initialState : path.steps[index - 1]!.state).value)} ${formatEvent(step.event)}`),
      ),
    );
    expect([...taken].sort()).toEqual([
      'Failed payout.retry',
      'InTransit bank.failed',
      'InTransit bank.paid',
      'Retried bank.failed',
      'Retried bank.paid',
      'Scheduled payout.send',
    ]);
  });

  for (const path of fromScheduled)
    test(`from Scheduled: ${path.steps.map((step) => formatEvent(step.event)).join(' → ')}`, async () => {
      payout = await plantedScheduled();
      await driver.run(null, path);
    });

  for (const path of inTransit)
    test('a seeded payout in transit reads as such and refuses a retry', async () => {
      payout = await seededInTransit();
      await driver.run(null, path);
    });
});
