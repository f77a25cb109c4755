import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestPaymentAnswer } from '../../contract/payment-links';
import type { OrderDetail } from '../../contract/transaction-payments';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { activePropertiesOf, createdLink, guestOf } from './support';

// A link pays at most once, under a real race: two server instances on one PostgreSQL database, a
// slow acquirer, and 12 payments of one link spread over both (two tabs, double clicks). The row
// lock on the link serialises them: one pays, the rest are told the link has been used.
describe.skipIf(!postgresUrl)('payments of one link racing on PostgreSQL through two server instances', () => {
  let drop: () => Promise<void>;
  let instances: FastifyInstance[] = [];

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh.drop;
    const shared = { database: { kind: 'postgres' as const, url: fresh.url }, orders: 30, tokenSecret: 'pay-race-one-secret', demoAcquirerLatencyMs: 25 };
    instances = [await startTestApp(shared), await startTestApp(shared)];
  }, 180_000);
  afterAll(async () => {
    for (const app of instances) await app.close();
    await drop?.();
  });

  it('12 concurrent payments: exactly one is taken, the order is captured once', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const manager = (await signIn(a, 'propertymanager@demo.folio.test')).accessToken;
    const [property] = await activePropertiesOf(a, 'propertymanager@demo.folio.test');
    const { link, token } = await createdLink(a, manager, property!.id, { bookingReference: 'BK-PG-RACE' });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => guestOf(index % 2 ? b : a, `10.0.4.${index}`).pay(token)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);
    expect(answers.find((answer) => answer.statusCode === 200)!.json<GuestPaymentAnswer>().outcome).toBe('Paid');
    const detail = (await a.inject({ method: 'GET', url: `/backoffice/api/v2/order/${link.orderId}`, headers: bearer(manager) })).json<OrderDetail>();
    expect(detail).toMatchObject({ status: 'Paid', capturedMinor: 12_500 });
    expect(detail.operations.filter((op) => op.kind === 'Capture')).toHaveLength(1);
  }, 60_000);
});
