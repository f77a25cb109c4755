import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/endpoint';
import type { OrderDetail } from '../../contract/transaction-payments';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Decision 0205 under a real race: two server instances on one PostgreSQL database, a slow
// acquirer, and 20 captures with different idempotency keys spread over both. The row lock must
// serialise them so that no more than the authorization is ever captured.
describe.skipIf(!postgresUrl)('captures racing on PostgreSQL through two server instances', () => {
  let drop: () => Promise<void>;
  let instances: FastifyInstance[] = [];
  let tokens: string[] = [];

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh.drop;
    const shared = { database: { kind: 'postgres' as const, url: fresh.url }, orders: 30, tokenSecret: 'capture-race-one-secret', demoAcquirerLatencyMs: 20 };
    instances = [await startTestApp(shared), await startTestApp(shared)];
    tokens = await Promise.all(instances.map(async (app) => (await signIn(app, 'folioadmin@demo.folio.test')).accessToken));
  }, 120_000);
  afterAll(async () => {
    for (const app of instances) await app.close();
    await drop?.();
  });

  it('20 concurrent captures of 1000 on an authorization of 7000: seven succeed, the rest are 409', async () => {
    const [a] = instances as [FastifyInstance, FastifyInstance];
    const order = await a.ctx.db.selectFrom('orders').select(['id', 'currency']).orderBy('id').executeTakeFirstOrThrow();
    await a.ctx.db
      .updateTable('orders')
      .set({ status: 'Tokenized', payment_type: 'AU', authorized_minor: 7_000, captured_minor: 0, voided_minor: 0 })
      .where('id', '=', order.id)
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        instances[index % 2]!.inject({
          method: 'POST',
          url: '/backoffice/api/v2/payment/captures',
          headers: { ...bearer(tokens[index % 2]!), [IDEMPOTENCY_KEY_HEADER]: `race-${index}` },
          payload: { orderId: Number(order.id), amountMinor: 1_000, currency: order.currency.trim() },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(7);
    expect(statuses.filter((status) => status === 409)).toHaveLength(13);
    const detail = (await a.inject({ method: 'GET', url: `/backoffice/api/v2/order/${order.id}`, headers: bearer(tokens[0]!) })).json<OrderDetail>();
    expect(detail).toMatchObject({ status: 'Paid', capturedMinor: 7_000, openAuthorizationMinor: 0 });
    expect(detail.operations.filter((op) => op.kind === 'Capture')).toHaveLength(7);
  }, 60_000);
});
