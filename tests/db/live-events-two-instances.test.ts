import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveStream, type LiveClient } from '../events/live-client';
import { activePropertiesOf, createdLink, guestOf } from '../payment-links/support';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';
import { signIn, startTestApp } from '../support/test-app';

// Issue 38, decision 0441: two server instances on one PostgreSQL database. A change committed on one
// reaches the streams of the other through LISTEN/NOTIFY, and a browser whose instance goes away
// resumes on the other from its Last-Event-ID without missing anything. Both instances sweep for
// expired payment links (decision 0531): each expiry is announced once, whichever instance claims it.

// Expired links are looked for this often by each instance (10 s by default): much shorter than a round that
// announces a few dozen links takes on PostgreSQL, so the two instances' rounds overlap.
const LINK_EXPIRY_CHECK_MS = 20;

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
    const shared = {
      database: { kind: 'postgres' as const, url: fresh.url },
      orders: 0,
      tokenSecret: 'two-instances-one-secret',
      live: { linkExpiryCheckMs: LINK_EXPIRY_CHECK_MS },
    };
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

  it('links that expire while both instances sweep are announced once each, and heard on both instances', async () => {
    const onA = await stream('A');
    const onB = await stream('B');
    // One link made as staff make it, and 199 more like it written at once (a busy hour's links, without their orders):
    // a claim of 200 links keeps its transaction open for hundreds of statements, long enough for the other
    // instance's rounds to run meanwhile.
    const { link } = await createdLink(instanceA, token, propertyId);
    const copies = await sql<{ id: string }>`
      INSERT INTO payment_links (merchant_id, token, amount_minor, currency, guest_name, expires_at, created_by, created_at)
      SELECT merchant_id, md5(random()::text || n::text), amount_minor, currency, guest_name, expires_at, created_by, created_at
      FROM payment_links, generate_series(1, 199) AS n WHERE id = ${link.id}::uuid
      RETURNING id`.execute(instanceA.ctx.db);
    const ids = [link.id, ...copies.rows.map((row) => row.id)];
    const markers = [(await createdLink(instanceB, token, propertyId)).link, (await createdLink(instanceB, token, propertyId)).link];
    const expiries = (client: LiveClient, linkId: string) =>
      client.changes().filter((event) => event.type === 'paymentLink' && event.linkId === linkId && event.change === 'expired');
    const heardAll = (client: LiveClient, wanted: string[]) => wanted.every((id) => expiries(client, id).length > 0);
    // Links expire by the clock: their expiry is moved to a second ago, all at the same moment, as time would.
    const expire = (ids: string[]) =>
      instanceA.ctx.db
        .updateTable('payment_links')
        .set({ expires_at: new Date(Date.now() - 1_000) })
        .where('id', 'in', ids)
        .execute();
    await expire(ids);
    // Whichever instance claims them, both streams hear them: one of the two is on the other instance.
    await onA.until((c) => heardAll(c, ids));
    await onB.until((c) => heardAll(c, ids));
    // A round of either instance that read these links before the claim committed would still be open now: wait
    // until every transaction that began before this moment has ended (the other instance's round may be held by
    // the claim's locks and finish later), then a later expiry, heard on both, comes after anything it recorded.
    const { rows } = await sql<{ now: Date }>`SELECT now()`.execute(instanceA.ctx.db);
    const openSince = async () =>
      Number(
        (
          await sql<{ count: string }>`SELECT count(*)::text AS count FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start < ${rows[0]!.now}`.execute(instanceA.ctx.db)
        ).rows[0]!.count,
      );
    for (let waited = 0; (await openSince()) > 0; waited += 1) {
      if (waited > 600) throw new Error('transactions of the sweeps still open after a minute');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const marker of markers) {
      await expire([marker.id]);
      await onA.until((c) => heardAll(c, [marker.id]));
      await onB.until((c) => heardAll(c, [marker.id]));
    }
    const all = [...ids, ...markers.map((marker) => marker.id)];
    const told = (client: LiveClient) => all.map((id) => expiries(client, id).length);
    const recorded = await instanceB.ctx.db
      .selectFrom('live_events')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where(sql`payload->>'change'`, '=', 'expired')
      .executeTakeFirstOrThrow();
    console.log(
      `expiries heard on A: ${told(onA).reduce((a, b) => a + b)}, on B: ${told(onB).reduce((a, b) => a + b)}, recorded: ${recorded.count} (${all.length} links)`,
    );
    expect(Number(recorded.count)).toBe(all.length);
    expect(told(onA)).toEqual(all.map(() => 1));
    expect(told(onB)).toEqual(all.map(() => 1));
    expect(expiries(onB, link.id)).toEqual([
      { type: 'paymentLink', linkId: link.id, orderId: link.orderId, merchantId: propertyId, change: 'expired', state: 'Expired', id: expect.any(String) },
    ]);
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
