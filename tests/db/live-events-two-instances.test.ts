import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveStream, type LiveClient } from '../events/live-client';
import { activePropertiesOf, createdLink, guestOf } from '../payment-links/support';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';
import { signIn, startTestApp } from '../support/test-app';

// Issue 38, decision 0441: two server instances on one PostgreSQL database. A change committed on one
// reaches the streams of the other through LISTEN/NOTIFY, and a browser whose instance goes away
// resumes on the other from its Last-Event-ID without missing anything.

describe.skipIf(!postgresUrl)('live events across two instances on one PostgreSQL database', () => {
  let drop: () => Promise<void>;
  let instanceA: FastifyInstance;
  let instanceB: FastifyInstance;
  const base: Record<'A' | 'B', string> = { A: '', B: '' };
  const open: LiveClient[] = [];
  let token = '';
  let propertyId = '';

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh.drop;
    const shared = { database: { kind: 'postgres' as const, url: fresh.url }, orders: 0, tokenSecret: 'two-instances-one-secret' };
    // One after the other: the first migrates and seeds, the second finds it done.
    instanceA = await startTestApp(shared);
    instanceB = await startTestApp(shared);
    base.A = await instanceA.listen({ port: 0, host: '127.0.0.1' });
    base.B = await instanceB.listen({ port: 0, host: '127.0.0.1' });
    token = (await signIn(instanceA, 'merchantadmin@demo.folio.test')).accessToken;
    propertyId = (await activePropertiesOf(instanceA, 'propertymanager@demo.folio.test'))[0]!.id;
  }, 180_000);
  afterAll(async () => {
    open.forEach((client) => client.close());
    await instanceA?.close();
    await instanceB?.close();
    await drop?.();
  });

  async function stream(on: 'A' | 'B', lastEventId?: string): Promise<LiveClient> {
    const client = await openLiveStream(base[on], { bearer: token, lastEventId });
    open.push(client);
    expect(client.status).toBe(200);
    await client.until((c) => c.frames.some((frame) => frame.event === 'ready' || frame.event === 'resync'));
    return client;
  }

  /** A guest pays a fresh link through the instance named. */
  async function payOn(app: FastifyInstance) {
    const { link, token: linkToken } = await createdLink(app, token, propertyId);
    const paid = await guestOf(app, '203.0.113.90').pay(linkToken);
    expect(paid.statusCode).toBe(200);
    return link;
  }

  it('a payment taken on A reaches a stream on B', async () => {
    const onB = await stream('B');
    const link = await payOn(instanceA);
    await onB.until((c) => c.changes().some((event) => event.type === 'paymentLink' && event.linkId === link.id));
    expect(onB.changes().map((event) => event.type)).toEqual(['order', 'paymentLink']);
    expect(onB.changes()[0]).toMatchObject({ type: 'order', orderId: link.orderId, change: 'paid', status: 'Paid' });
  });

  it('when A goes away, its browser resumes on B and misses nothing', async () => {
    const onA = await stream('A');
    const before = await payOn(instanceB);
    await onA.until((c) => c.changes().some((event) => event.type === 'paymentLink' && event.linkId === before.id));
    const position = onA.lastId()!;
    await instanceA.close();
    await onA.until((c) => c.isEnded());

    const missed = [await payOn(instanceB), await payOn(instanceB)];
    const onB = await stream('B', position);
    expect(onB.frames.at(-1)?.event).toBe('ready');
    expect(onB.changes().map((event) => ('orderId' in event ? event.orderId : null))).toEqual([
      missed[0]!.orderId,
      missed[0]!.orderId,
      missed[1]!.orderId,
      missed[1]!.orderId,
    ]);
  });
});
