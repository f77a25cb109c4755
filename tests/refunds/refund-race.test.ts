import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/endpoint';
import type { RefundRequestDetail } from '../../contract/refunds';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { API, paidOrder, refundCalls, refundedOf, type PaidOrder } from './refund-support';

// Decision 0230 under races: requests and approvals arriving at once on one order never refund
// more than was captured, and a request's money moves once whatever the number of approvals racing.
// On the embedded engine the requests interleave at every await of the handlers; on PostgreSQL
// (TEST_DATABASE_URL) two server instances share the database and only the row locks serialise them.

async function scenario(instances: FastifyInstance[]) {
  const [a] = instances as [FastifyInstance];
  const tokens = (role: string) => Promise.all(instances.map(async (app) => (await signIn(app, `${role}@demo.folio.test`)).accessToken));
  const requester = await tokens('propertyoperations');
  const admin = await tokens('merchantadmin');
  const manager = await tokens('propertymanager');
  const pick = <T>(list: T[], index: number) => list[index % list.length]!;
  await a.ctx.db.deleteFrom('refund_rules').execute();
  const group = await a.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', 'Lagoon Hotels Group').executeTakeFirstOrThrow();

  async function setRule(autoApproveUpToMinor: number, twoApprovalsAboveMinor: number | null) {
    const answer = await refundCalls(a).saveRule(admin[0]!, {
      merchantGroupId: group.id,
      merchantId: null,
      rule: { currency: 'EUR', autoApproveUpToMinor, twoApprovalsAboveMinor, approverRoles: ['MerchantAdmin', 'PropertyManager'] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }

  return {
    async twentyAutoApprovedRequests(order: PaidOrder) {
      await setRule(1_000_000, null);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => refundCalls(pick(instances, index)).request(pick(requester, index), order, 1_000)),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      return { statuses, refunded: await refundedOf(a, order.id) };
    },
    async twentyRequestsThenRacingApprovals(order: PaidOrder) {
      await setRule(0, null);
      const created = await Promise.all(
        Array.from({ length: 20 }, (_, index) => refundCalls(pick(instances, index)).request(pick(requester, index), order, 1_000)),
      );
      const ids = created.filter((answer) => answer.statusCode === 201).map((answer) => answer.json<RefundRequestDetail>().id);
      // Every accepted request approved by both approvers at once, twice each, on alternating instances.
      const approvals = await Promise.all(
        ids.flatMap((id, index) =>
          [admin, manager, admin, manager].map((tokenList, attempt) =>
            refundCalls(pick(instances, index + attempt)).approve(pick(tokenList, index + attempt), id),
          ),
        ),
      );
      const executions = await a.ctx.db.selectFrom('refund_executions').select(['refund_request_id', 'outcome']).where('outcome', '=', 'Succeeded').execute();
      return {
        created: created.map((answer) => answer.statusCode),
        approvals: approvals.map((answer) => answer.statusCode),
        executionsPerRequest: ids.map((id) => executions.filter((execution) => execution.refund_request_id === id).length),
        refunded: await refundedOf(a, order.id),
      };
    },
    async sameKeyTwice(order: PaidOrder) {
      await setRule(0, null);
      const request = (await refundCalls(a).request(requester[0]!, order, 2_500)).json<RefundRequestDetail>();
      const key = crypto.randomUUID();
      const both = await Promise.all(
        [0, 1].map(() =>
          a.inject({
            method: 'POST',
            url: `${API}/refunds/requests/${request.id}/approve`,
            headers: { ...bearer(admin[0]!), [IDEMPOTENCY_KEY_HEADER]: key },
            payload: {},
          }),
        ),
      );
      return { statuses: both.map((answer) => answer.statusCode), refunded: await refundedOf(a, order.id) };
    },
  };
}

describe('refund races on the embedded database', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app.close());

  it('20 concurrent auto-approved requests of 10.00 on 70.00 captured: seven refund, thirteen are 409, 70.00 refunded', async () => {
    const run = await scenario([app]);
    const result = await run.twentyAutoApprovedRequests(await paidOrder(app, 'Lagoon Hotels Group', 7_000, 40));
    expect(result.statuses.filter((status) => status === 201)).toHaveLength(7);
    expect(result.statuses.filter((status) => status === 409)).toHaveLength(13);
    expect(result.refunded).toBe(7_000);
  });

  it('20 concurrent requests needing one approval, each approved by two people twice at once: money moves once per request, never past the capture', async () => {
    const run = await scenario([app]);
    const result = await run.twentyRequestsThenRacingApprovals(await paidOrder(app, 'Lagoon Hotels Group', 7_000, 41));
    expect(result.created.filter((status) => status === 201)).toHaveLength(7);
    expect(result.executionsPerRequest).toEqual(Array(7).fill(1));
    // Per request: one approval lands (200); the other three find it Approved (409) or are the same person again.
    expect(result.approvals.filter((status) => status === 200)).toHaveLength(7);
    expect(result.approvals.every((status) => status === 200 || status === 409 || status === 403)).toBe(true);
    expect(result.refunded).toBe(7_000);
  });

  it('the same approval sent twice with one Idempotency-Key refunds once', async () => {
    const run = await scenario([app]);
    const result = await run.sameKeyTwice(await paidOrder(app, 'Lagoon Hotels Group', 7_000, 42));
    expect(result.statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(result.refunded).toBe(2_500);
  });
});

describe.skipIf(!postgresUrl)('refund races on PostgreSQL through two server instances', () => {
  let drop: () => Promise<void>;
  let instances: FastifyInstance[] = [];
  beforeAll(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh.drop;
    const shared = { database: { kind: 'postgres' as const, url: fresh.url }, orders: 60, tokenSecret: 'refund-race-one-secret', demoAcquirerLatencyMs: 20 };
    instances = [await startTestApp(shared), await startTestApp(shared)];
  }, 120_000);
  afterAll(async () => {
    for (const app of instances) await app.close();
    await drop?.();
  });

  it('20 concurrent auto-approved requests: never more refunded than captured', async () => {
    const run = await scenario(instances);
    const result = await run.twentyAutoApprovedRequests(await paidOrder(instances[0]!, 'Lagoon Hotels Group', 7_000, 3));
    expect(result.statuses.filter((status) => status === 201)).toHaveLength(7);
    expect(result.refunded).toBe(7_000);
  }, 60_000);

  it('racing approvals move money once per request', async () => {
    const run = await scenario(instances);
    const result = await run.twentyRequestsThenRacingApprovals(await paidOrder(instances[0]!, 'Lagoon Hotels Group', 7_000, 4));
    expect(result.executionsPerRequest).toEqual(Array(7).fill(1));
    expect(result.refunded).toBe(7_000);
  }, 60_000);
});
