import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_GROUP } from '../../server/db/seed/demo-layout';
import { activePropertiesOf, createdLink, guestOf } from '../payment-links/support';
import { signIn, startTestApp } from '../support/test-app';
import { openLiveStream, type LiveClient } from './live-client';

// Issue 38 over real HTTP: the live event stream delivers to each signed-in caller only the changes its
// read endpoints would show it, resumes after a drop without a gap, and ends when the session does.

const STREAM = '/backoffice/api/v2/live/events';
// Revocation is checked this often here (3 s by default), so a test sees it in well under a second.
const SESSION_CHECK_MS = 150;

let app: FastifyInstance;
let base: string;
const open: LiveClient[] = [];

async function stream(auth: Parameters<typeof openLiveStream>[1]): Promise<LiveClient> {
  const client = await openLiveStream(base, auth);
  open.push(client);
  return client;
}

/** A guest pays a fresh link on the property; its order and link each make one event. */
async function payALink(token: string, merchantId: string, guest = guestOf(app, '203.0.113.80')) {
  const { link, token: linkToken } = await createdLink(app, token, merchantId);
  const paid = await guest.pay(linkToken);
  expect(paid.statusCode).toBe(200);
  return link;
}

beforeAll(async () => {
  app = await startTestApp({ live: { sessionCheckMs: SESSION_CHECK_MS } });
  // A second tenant that takes payments: the demo's applicant group, onboarded for this test.
  const group = await app.ctx.db
    .updateTable('merchant_groups')
    .set({ status: 'Active' })
    .where('name', '=', APPLICANT_GROUP.name)
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.ctx.db.updateTable('merchants').set({ status: 'Active' }).where('merchant_group_id', '=', group.id).execute();
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);

afterAll(async () => {
  open.forEach((client) => client.close());
  await app?.close();
});

describe('live events: who hears what', () => {
  it('two tenants and a property-scoped user each receive only their own events', async () => {
    const tenantA = await signIn(app, 'merchantadmin@demo.folio.test');
    const tenantB = await signIn(app, 'applicant@demo.folio.test');
    // The manager keeps one of the group's two Active properties; the other is outside their reach.
    const [managedProperty, unmanagedProperty] = (await activePropertiesOf(app, 'propertymanager@demo.folio.test')).map((property) => property.id);
    await app.ctx.db
      .deleteFrom('user_merchant_scopes')
      .where('merchant_id', '=', unmanagedProperty!)
      .where('user_id', '=', (eb) => eb.selectFrom('users').select('id').where('email', '=', 'propertymanager@demo.folio.test'))
      .execute();
    const tenantBProperty = (
      await app.ctx.db
        .selectFrom('merchants as m')
        .innerJoin('merchant_groups as g', 'g.id', 'm.merchant_group_id')
        .select('m.id')
        .where('g.name', '=', APPLICANT_GROUP.name)
        .executeTakeFirstOrThrow()
    ).id;

    const manager = await signIn(app, 'propertymanager@demo.folio.test');
    const streams = {
      tenantA: await stream({ bearer: tenantA.accessToken }),
      tenantB: await stream({ bearer: tenantB.accessToken }),
      manager: await stream({ cookies: manager.cookies }),
    };
    for (const client of Object.values(streams)) {
      expect(client.status).toBe(200);
      await client.until((c) => c.frames.some((frame) => frame.event === 'ready'));
    }

    // Tenant B's payment first, the manager's property's last: the bus hands each row to every stream in
    // commit order, so once the manager has the last row, every stream has been offered every row.
    const linkB = await payALink(tenantB.accessToken, tenantBProperty);
    const linkA2 = await payALink(tenantA.accessToken, unmanagedProperty!);
    const linkA1 = await payALink(tenantA.accessToken, managedProperty!);
    await streams.manager.until((c) => c.changes().some((event) => event.type === 'paymentLink' && event.linkId === linkA1.id));
    await streams.tenantA.until((c) => c.changes().some((event) => event.type === 'paymentLink' && event.linkId === linkA1.id));

    const orders = (client: LiveClient) => client.changes().map((event) => ('orderId' in event ? event.orderId : null));
    const counts = Object.fromEntries(Object.entries(streams).map(([name, client]) => [name, client.changes().length]));
    console.log('live events delivered per stream (3 payments, 2 events each):', counts);
    expect(counts).toEqual({ tenantA: 4, tenantB: 2, manager: 2 });
    expect(orders(streams.tenantA)).toEqual([linkA2.orderId, linkA2.orderId, linkA1.orderId, linkA1.orderId]);
    expect(orders(streams.tenantB)).toEqual([linkB.orderId, linkB.orderId]);
    expect(orders(streams.manager)).toEqual([linkA1.orderId, linkA1.orderId]);
    expect(streams.tenantA.changes()[0]).toMatchObject({ type: 'order', change: 'paid', status: 'Paid', merchantId: unmanagedProperty });
    expect(streams.tenantA.changes()[1]).toMatchObject({ type: 'paymentLink', change: 'paid', state: 'Completed', linkId: linkA2.id });
    Object.values(streams).forEach((client) => client.close());
  });

  it('refuses a caller without a session (401) and a malformed position (400), as problem JSON', async () => {
    const anonymous = await app.inject({ method: 'GET', url: STREAM });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');
    const { accessToken } = await signIn(app, 'merchantadmin@demo.folio.test');
    const malformed = await app.inject({ method: 'GET', url: STREAM, headers: { authorization: `Bearer ${accessToken}`, 'last-event-id': 'yesterday' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['content-type']).toContain('application/problem+json');
    const unknownParameter = await app.inject({ method: 'GET', url: `${STREAM}?page=-1`, headers: { authorization: `Bearer ${accessToken}` } });
    expect(unknownParameter.statusCode).toBe(400);
  });
});

describe('live events: resume and revocation', () => {
  it('a browser that reconnects with Last-Event-ID is sent what it missed, once, in order', async () => {
    const { accessToken } = await signIn(app, 'merchantadmin@demo.folio.test');
    const [property] = await activePropertiesOf(app, 'propertymanager@demo.folio.test');
    const first = await stream({ bearer: accessToken });
    await first.until((c) => c.frames.some((frame) => frame.event === 'ready'));
    const before = await payALink(accessToken, property!.id, guestOf(app, '203.0.113.81'));
    await first.until((c) => c.changes().some((event) => event.type === 'paymentLink' && event.linkId === before.id));
    const position = first.lastId()!;
    first.close();
    await first.ended;

    // Paid while the browser is away.
    const missed = [
      await payALink(accessToken, property!.id, guestOf(app, '203.0.113.81')),
      await payALink(accessToken, property!.id, guestOf(app, '203.0.113.81')),
    ];

    const again = await stream({ bearer: accessToken, lastEventId: position });
    await again.until((c) => c.frames.some((frame) => frame.event === 'ready'));
    const resumed = again.changes();
    expect(resumed.map((event) => event.type)).toEqual(['order', 'paymentLink', 'order', 'paymentLink']);
    expect(resumed.map((event) => ('orderId' in event ? event.orderId : null))).toEqual([
      missed[0]!.orderId,
      missed[0]!.orderId,
      missed[1]!.orderId,
      missed[1]!.orderId,
    ]);
    expect(resumed.every((event) => BigInt(event.id) > BigInt(position))).toBe(true);
    // And it goes on live after the resume.
    const after = await payALink(accessToken, property!.id, guestOf(app, '203.0.113.81'));
    await again.until((c) => c.changes().some((event) => event.type === 'paymentLink' && event.linkId === after.id));
    expect(again.changes()).toHaveLength(6);
    again.close();
  });

  it('signing out ends the stream within seconds, and it cannot be opened again', async () => {
    const { cookies } = await signIn(app, 'propertymanager@demo.folio.test');
    const live = await stream({ cookies });
    await live.until((c) => c.frames.some((frame) => frame.event === 'ready'));
    const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf', cookies });
    const csrfCookie = csrf.cookies.find((cookie) => cookie.name === 'folio.csrf-token')?.value ?? cookies['folio.csrf-token'];
    const signedOutAt = Date.now();
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      cookies: { ...cookies, 'folio.csrf-token': csrfCookie ?? '' },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ csrfToken: csrf.json<{ csrfToken: string }>().csrfToken }).toString(),
    });
    expect(out.statusCode).toBe(200);
    await live.until((c) => c.isEnded(), 10_000);
    console.log(`stream ended ${Date.now() - signedOutAt} ms after sign-out (session check every ${SESSION_CHECK_MS} ms)`);
    const reopened = await stream({ cookies });
    expect(reopened.status).toBe(401);
  });

  it('disabling the account ends its streams', async () => {
    const { accessToken } = await signIn(app, 'merchantviewonlyuser@demo.folio.test');
    const live = await stream({ bearer: accessToken });
    await live.until((c) => c.frames.some((frame) => frame.event === 'ready'));
    await app.ctx.db.updateTable('users').set({ disabled: true }).where('email', '=', 'merchantviewonlyuser@demo.folio.test').execute();
    await live.until((c) => c.isEnded(), 10_000);
  });
});
