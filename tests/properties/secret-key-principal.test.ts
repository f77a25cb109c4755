import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import type { SecretKey } from '../../contract/secret-keys';
import { base32Decode, totpAt } from '../../server/auth/totp';
import { ORDER_EXPORT, settle, startExport } from '../exports/export-helpers';
import { bearer, signIn, startTestApp } from '../support/test-app';

// A property's secret key is a machine principal, never the person who made it (issue 33 "High",
// decision 0370): the attack run's sequence verbatim, the maker's profile, the maker's exports, the
// audit trail, and what happens to the key when its maker leaves.

type Signed = { accessToken: string; cookies: Record<string, string> };
let app: FastifyInstance;
let creator: Signed;
let creatorId: string;
let groupId: string;
let property: string;
let key: { id: string; key: string };

beforeAll(async () => {
  app = await startTestApp();
  creator = await signIn(app, 'merchantadmin@demo.folio.test');
  const user = await app.ctx.db
    .selectFrom('users')
    .select(['id', 'merchant_group_id'])
    .where('email', '=', 'merchantadmin@demo.folio.test')
    .executeTakeFirstOrThrow();
  creatorId = user.id;
  groupId = user.merchant_group_id!;
  // An Active property of the group with orders of its own.
  property = (
    await app.ctx.db
      .selectFrom('orders')
      .innerJoin('merchants', 'merchants.id', 'orders.merchant_id')
      .select('merchants.id')
      .where('merchants.merchant_group_id', '=', groupId)
      .where('merchants.status', '=', 'Active')
      .executeTakeFirstOrThrow()
  ).id;
  const made = await app.inject({
    method: 'POST',
    url: `${MERCHANT_API}/properties/${property}/secret-keys`,
    headers: bearer(creator.accessToken),
    payload: { name: 'PMS link' },
  });
  expect(made.statusCode).toBe(201);
  key = made.json<SecretKey & { key: string }>();
});
afterAll(async () => app.close());

const asKey = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, headers: bearer(key.key), payload });

describe('a secret key is not the person who made it', () => {
  test('H1: the key cannot set up or turn on two-step sign-in of its maker', async () => {
    // POST /api/auth/two-step/setup   Authorization: Bearer folio_sk_...   -> was 200 {"secret": "...", "otpauthUri": "otpauth://totp/Folio%3A?secret=..."}
    const setup = await app.inject({ method: 'POST', url: '/api/auth/two-step/setup', headers: { authorization: `Bearer ${key.key}` } });
    expect(setup.statusCode).toBe(403);
    expect(setup.headers['content-type']).toContain('application/problem+json');
    expect(setup.json()).toMatchObject({ status: 403, detail: expect.stringContaining('secret key') });
    // POST /api/auth/two-step/enable  {"code": "<TOTP>"}                   -> was 200 {"recoveryCodes": [...10]}
    const secret = setup.json<{ secret?: string }>().secret;
    const code = secret ? totpAt(base32Decode(secret), Date.now() / 1000) : '123456';
    const enable = await app.inject({ method: 'POST', url: '/api/auth/two-step/enable', headers: { authorization: `Bearer ${key.key}` }, payload: { code } });
    expect(enable.statusCode).toBe(403);
    for (const call of [asKey('GET', '/api/auth/two-step'), asKey('POST', '/api/auth/two-step/disable', { password: 'guess' })])
      expect((await call).statusCode).toBe(403);
    // The maker's account is untouched: they sign in with their password alone.
    expect(await app.ctx.db.selectFrom('user_two_step').select('user_id').where('user_id', '=', creatorId).executeTakeFirst()).toBeUndefined();
    expect((await signIn(app, 'merchantadmin@demo.folio.test')).response.json()).toEqual({ url: '/' });
  });

  test("the key reads none of its maker's profile, permissions or merchant groups", async () => {
    for (const [method, url] of [
      ['GET', `${MERCHANT_API}/users/${creatorId}`],
      ['GET', `/identity/api/v1/users/${creatorId}`],
      ['GET', `${MERCHANT_API}/users/merchant/${creatorId}`],
      ['POST', '/backoffice/api/v2/user-merchant-permissions/search'],
      ['GET', `${MERCHANT_API}/merchant-groups`],
      ['GET', `${MERCHANT_API}/merchant-groups/${groupId}`],
    ] as const) {
      const answer = await asKey(method, url, method === 'POST' ? { pagination: { page: 0, pageSize: 10 } } : undefined);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.body).not.toContain('merchantadmin@demo.folio.test');
    }
    // The maker's list of properties is not the key's to read; its own is its one property.
    expect((await asKey('GET', `${MERCHANT_API}/merchant-scopes/${creatorId}/properties`)).statusCode).toBe(404);
    const own = await asKey('GET', `${MERCHANT_API}/merchant-scopes/${key.id}/properties`);
    expect(own.json<Array<{ merchantId: string }>>().map((row) => row.merchantId)).toEqual([property]);
    // What the key is for still works.
    expect((await asKey('POST', `${MERCHANT_API}/merchants/status`, {})).statusCode).toBe(200);
  });

  test("the key neither reads nor downloads its maker's export; the export it starts is its own", async () => {
    const request = { fileType: 'csv', orderQueryListRequest: {}, orderColumns: ['referenceNo'] };
    const mine = await startExport(app, ORDER_EXPORT, creator.accessToken, request);
    const minePlace = await settle(app, `${ORDER_EXPORT}/${mine}`, creator.accessToken);
    expect((await asKey('GET', `${ORDER_EXPORT}/${mine}`)).statusCode).toBe(404);
    const stolen = await asKey('GET', minePlace.url!);
    expect(stolen.statusCode).toBe(403);

    const keys = await startExport(app, ORDER_EXPORT, key.key, request);
    const row = await app.ctx.db.selectFrom('export_jobs').select(['owner_user_id', 'owner_key_id']).where('token', '=', keys).executeTakeFirstOrThrow();
    expect(row).toEqual({ owner_user_id: null, owner_key_id: key.id });
    const keysPlace = await settle(app, `${ORDER_EXPORT}/${keys}`, key.key);
    expect((await app.inject({ method: 'GET', url: `${ORDER_EXPORT}/${keys}`, headers: bearer(creator.accessToken) })).json()).toMatchObject({ status: 404 });
    // The maker's browser session is not the key: refused; with no one at all: refused, not "not signed in, so fine".
    expect((await app.inject({ method: 'GET', url: keysPlace.url!, cookies: creator.cookies })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: keysPlace.url! })).statusCode).toBe(401);
    const file = await asKey('GET', keysPlace.url!);
    expect(file.statusCode).toBe(200);
    expect(file.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe('Reference No');
    // The maker's own file is still theirs to take.
    expect((await app.inject({ method: 'GET', url: minePlace.url!, cookies: creator.cookies })).statusCode).toBe(200);
  });

  test('audit entries name the key and who made it, never the maker as the actor', async () => {
    const order = await app.ctx.db.selectFrom('orders').select('id').where('merchant_id', '=', property).executeTakeFirstOrThrow();
    const made = await asKey('POST', '/backoffice/api/v2/metadata', { orderId: Number(order.id), note: 'checked in by the PMS', entries: [] });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ byName: 'PMS link', byEmail: null });
    const entry = await app.ctx.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'actor_key_id', 'detail'])
      .where('action', '=', 'order.metadata')
      .where('entity_id', '=', String(order.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.actor_user_id).toBeNull();
    expect(entry.actor_key_id).toBe(key.id);
    const detail = (typeof entry.detail === 'string' ? JSON.parse(entry.detail) : entry.detail) as { apiKey: unknown };
    expect(detail.apiKey).toEqual({ id: key.id, name: 'PMS link', createdBy: creatorId });
  });

  test('a key belongs to its property: it keeps working when its maker is deactivated, and only revoking stops it', async () => {
    const admin = await signIn(app, 'folioadmin@demo.folio.test');
    const maker = await signIn(app, 'superadmin@demo.folio.test');
    const makerId = (await app.ctx.db.selectFrom('users').select('id').where('email', '=', 'superadmin@demo.folio.test').executeTakeFirstOrThrow()).id;
    const made = await app.inject({
      method: 'POST',
      url: `${MERCHANT_API}/properties/${property}/secret-keys`,
      headers: bearer(maker.accessToken),
      payload: { name: 'Channel manager' },
    });
    const theirs = made.json<SecretKey & { key: string }>();
    const gone = await app.inject({ method: 'POST', url: `${MERCHANT_API}/users/${makerId}/deactivate`, headers: bearer(admin.accessToken) });
    expect(gone.statusCode).toBe(200);
    // The maker's session ends; the property's key goes on, with the APIUser grants and nothing of a provider admin's.
    expect((await app.inject({ method: 'GET', url: '/api/auth/two-step', headers: bearer(maker.accessToken) })).statusCode).toBe(401);
    const statuses = await app.inject({ method: 'POST', url: `${MERCHANT_API}/merchants/status`, headers: bearer(theirs.key), payload: {} });
    expect(statuses.statusCode).toBe(200);
    expect(statuses.json<Array<{ merchantId: string }>>().map((row) => row.merchantId)).toEqual([property]);
    await app.inject({ method: 'POST', url: `${MERCHANT_API}/properties/${property}/secret-keys/${theirs.id}/revoke`, headers: bearer(creator.accessToken) });
    expect((await app.inject({ method: 'POST', url: `${MERCHANT_API}/merchants/status`, headers: bearer(theirs.key), payload: {} })).statusCode).toBe(401);
  });
});

describe("a person's export link dies at sign-out (decision 0371)", () => {
  test('the owner opens it while signed in; after signing out the same link opens for nobody', async () => {
    const viewer = await signIn(app, 'merchantviewonlyuser@demo.folio.test');
    const token = await startExport(app, ORDER_EXPORT, viewer.accessToken, { fileType: 'csv', orderQueryListRequest: {}, orderColumns: ['referenceNo'] });
    const { url } = await settle(app, `${ORDER_EXPORT}/${token}`, viewer.accessToken);
    const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf', cookies: viewer.cookies });
    const csrfCookie = csrf.cookies.find((cookie) => cookie.name === 'folio.csrf-token')?.value ?? '';
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      cookies: { ...viewer.cookies, 'folio.csrf-token': csrfCookie },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ csrfToken: csrf.json<{ csrfToken: string }>().csrfToken }).toString(),
    });
    expect(out.statusCode).toBe(200);
    // The cookie the browser still holds, and no cookie at all: both refused, and the file is still there unserved.
    const withOldCookie = await app.inject({ method: 'GET', url: url!, cookies: viewer.cookies });
    expect(withOldCookie.statusCode).toBe(401);
    expect(withOldCookie.headers['content-type']).toContain('application/problem+json');
    expect((await app.inject({ method: 'GET', url: url! })).statusCode).toBe(401);
    const job = await app.ctx.db.selectFrom('export_jobs').select('downloaded_at').where('token', '=', token).executeTakeFirstOrThrow();
    expect(job.downloaded_at).toBeNull();
  });
});
