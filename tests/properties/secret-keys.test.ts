import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SecretKey } from '../../contract/secret-keys';
import { bearer, signIn, startTestApp } from '../support/test-app';

const API = '/folio/payment-api/v2';
let app: FastifyInstance;
let merchantAdmin: string;
let viewOnly: string;
let own: string[];
let foreign: string;

type NewKey = SecretKey & { key: string };
const keysUrl = (merchantId: string) => `${API}/properties/${merchantId}/secret-keys`;
const make = async (token: string, merchantId: string, name = 'PMS link') =>
  app.inject({ method: 'POST', url: keysUrl(merchantId), headers: bearer(token), payload: { name } });
/** A server-to-server call: the statuses of the properties the caller may see. */
const statuses = (key: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `${API}/merchants/status`, headers: { ...bearer(key), ...headers }, payload: {} });

beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  viewOnly = (await signIn(app, 'merchantviewonlyuser@demo.folio.test')).accessToken;
  const user = await app.ctx.db.selectFrom('users').select('merchant_group_id').where('email', '=', 'merchantadmin@demo.folio.test').executeTakeFirstOrThrow();
  own = (await app.ctx.db.selectFrom('merchants').select('id').where('merchant_group_id', '=', user.merchant_group_id!).orderBy('position').execute()).map(
    (row) => row.id,
  );
  foreign = (await app.ctx.db.selectFrom('merchants').select('id').where('merchant_group_id', '!=', user.merchant_group_id!).executeTakeFirstOrThrow()).id;
});
afterAll(async () => app.close());

describe('secret keys of a property', () => {
  test('a key is shown once, stored only as a hash, and acts as the APIUser of its property only', async () => {
    const made = await make(merchantAdmin, own[1]!);
    expect(made.statusCode).toBe(201);
    const key = made.json<NewKey>();
    expect(key.key).toMatch(/^folio_sk_[A-Za-z0-9_-]{43}$/);
    const listed = (await app.inject({ method: 'GET', url: keysUrl(own[1]!), headers: bearer(merchantAdmin) })).json<SecretKey[]>();
    expect(listed).toEqual([expect.objectContaining({ id: key.id, name: 'PMS link', lastUsedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(key.key);
    const stored = await app.ctx.db.selectFrom('property_api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key.key.slice(16));

    const answer = await statuses(key.key);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<Array<{ merchantId: string }>>().map((row) => row.merchantId)).toEqual([own[1]]);
    // Not another property, not even one of the same group; and nothing the APIUser role may not do.
    expect((await statuses(key.key, { 'x-merchant-id': own[2]! })).statusCode).toBe(403);
    expect((await statuses(key.key, { 'x-merchant-id': foreign })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `${API}/properties/${own[1]}/overview`, headers: bearer(key.key) })).statusCode).toBe(403);
    expect((await make(key.key, own[1]!)).statusCode).toBe(403);
    const used = (await app.inject({ method: 'GET', url: keysUrl(own[1]!), headers: bearer(merchantAdmin) })).json<SecretKey[]>();
    expect(used[0]!.lastUsedAt).not.toBeNull();
  });

  test('a revoked key stops at once; a rotated key works beside its successor until the overlap ends', async () => {
    const key = (await make(merchantAdmin, own[2]!)).json<NewKey>();
    expect((await statuses(key.key)).statusCode).toBe(200);
    const revoked = await app.inject({ method: 'POST', url: `${keysUrl(own[2]!)}/${key.id}/revoke`, headers: bearer(merchantAdmin) });
    expect(revoked.json<SecretKey>().revokedAt).not.toBeNull();
    expect((await statuses(key.key)).statusCode).toBe(401);

    const first = (await make(merchantAdmin, own[2]!, 'Channel manager')).json<NewKey>();
    const rotated = await app.inject({
      method: 'POST',
      url: `${keysUrl(own[2]!)}/${first.id}/rotate`,
      headers: bearer(merchantAdmin),
      payload: { overlapHours: 1 },
    });
    expect(rotated.statusCode).toBe(201);
    const second = rotated.json<NewKey>();
    expect(second.name).toBe('Channel manager');
    expect((await statuses(first.key)).statusCode).toBe(200);
    expect((await statuses(second.key)).statusCode).toBe(200);
    // The overlap ends: the old key stops, its successor goes on.
    await app.ctx.db
      .updateTable('property_api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', first.id)
      .execute();
    expect((await statuses(first.key)).statusCode).toBe(401);
    expect((await statuses(second.key)).statusCode).toBe(200);
  });

  test("nobody manages another group's keys, view-only users none, and a made-up key is refused", async () => {
    expect((await make(merchantAdmin, foreign)).statusCode).toBe(404);
    expect((await make(viewOnly, own[1]!)).statusCode).toBe(403);
    expect((await statuses('folio_sk_not-a-real-key')).statusCode).toBe(401);
    expect((await make(merchantAdmin, own[1]!, ' ')).statusCode).toBe(400);
  });
});
