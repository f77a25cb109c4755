import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_API, MERCHANT_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Spec 7 `user-merchant-settings` (MerchantId, UserRole) and `user-merchant-permissions/*` over real
// HTTP (decision 0312): read from and written to the one scope model, within the caller's own sight.

let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
});
afterAll(async () => {
  await app.close();
});

const one = async <T>(query: Promise<T | undefined>): Promise<T> => {
  const row = await query;
  if (!row) throw new Error('missing seed row');
  return row;
};
const userId = async (email: string) => (await one(app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())).id;
const property = async (name: string) =>
  one(app.ctx.db.selectFrom('merchants').select(['id', 'merchant_group_id']).where('name', '=', name).executeTakeFirst());
const tokenOf = async (email: string) => bearer((await signIn(app, email)).accessToken);
const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `${BACKOFFICE_API}${url}`, headers, payload });

describe('user-merchant-settings', () => {
  it("answers what a role may do at a property and who of the group holds it there; another group's property is a 404", async () => {
    const admin = await tokenOf('merchantadmin@demo.folio.test');
    const canal = await property('Canal House Amsterdam');
    const answer = await app.inject({
      method: 'GET',
      url: `${MERCHANT_API}/user-merchant-settings?MerchantId=${canal.id}&UserRole=PropertyOperations`,
      headers: admin,
    });
    expect(answer.statusCode).toBe(200);
    const settings = answer.json();
    expect(settings).toMatchObject({ merchantId: canal.id, merchantName: 'Canal House Amsterdam', userRole: 'PropertyOperations', scope: 'assigned' });
    expect(settings.permissions).toContainEqual({ resource: 'Transactions', permissions: ['Read', 'Insert', 'Update', 'Delete'] });
    expect(settings.users.map((user: { email: string }) => user.email)).toContain('propertyoperations@demo.folio.test');
    expect(settings.users.every((user: { role: string }) => user.role === 'PropertyOperations')).toBe(true);

    const bad = await app.inject({ method: 'GET', url: `${MERCHANT_API}/user-merchant-settings?MerchantId=${canal.id}&UserRole=Nobody`, headers: admin });
    expect(bad.statusCode).toBe(400);
    const alpine = await one(
      app.ctx.db
        .selectFrom('merchants')
        .innerJoin('merchant_groups', 'merchant_groups.id', 'merchants.merchant_group_id')
        .select('merchants.id')
        .where('merchant_groups.name', '!=', 'Lagoon Hotels Group')
        .executeTakeFirst(),
    );
    const foreign = await app.inject({
      method: 'GET',
      url: `${MERCHANT_API}/user-merchant-settings?MerchantId=${alpine.id}&UserRole=PropertyOperations`,
      headers: admin,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('user-merchant-permissions', () => {
  it('users: those whose scope covers the property, group-wide roles and the property-side users assigned to it', async () => {
    const admin = await tokenOf('merchantadmin@demo.folio.test');
    const canal = await property('Canal House Amsterdam');
    const answer = await post('/user-merchant-permissions/users', admin, { merchantId: canal.id });
    expect(answer.statusCode).toBe(200);
    const emails = answer.json<{ email: string }[]>().map((user) => user.email);
    expect(emails).toContain('merchantadmin@demo.folio.test');
    expect(emails).not.toContain('folioadmin@demo.folio.test');
    expect((await post('/user-merchant-permissions/users', admin, {})).statusCode).toBe(400);
  });

  it('transactions: the scope is the permission; setting it is merchant-scopes/assign, with its guardrails, and both read the same', async () => {
    const admin = await tokenOf('merchantadmin@demo.folio.test');
    const operations = await userId('propertyoperations@demo.folio.test');
    const canal = await property('Canal House Amsterdam');
    const dune = await property('Dune Resort Scheveningen');
    const search = () => post('/user-merchant-permissions/transactions/search', admin, { merchantGroupId: canal.merchant_group_id, userId: operations });
    const actionsAt = async (merchantId: string) =>
      (await search()).json<{ merchantId: string; actions: string[] }[]>().find((entry) => entry.merchantId === merchantId)?.actions;

    const set = await post('/user-merchant-permissions/transactions', admin, { userId: operations, merchantIds: [dune.id] });
    expect(set.statusCode).toBe(200);
    expect(set.json().properties.map((entry: { name: string }) => entry.name)).toEqual(['Dune Resort Scheveningen']);
    expect(await actionsAt(dune.id)).toEqual(['Read', 'Insert', 'Update', 'Delete']);
    expect(await actionsAt(canal.id)).toEqual([]);
    // The same scope the user screen and merchant-scopes read: no second source of truth.
    const scopes = await app.inject({ method: 'GET', url: `${MERCHANT_API}/merchant-scopes/${operations}/properties`, headers: admin });
    expect(scopes.json().map((entry: { merchantId: string }) => entry.merchantId)).toEqual([dune.id]);
    // The user's own next request follows it.
    const own = await tokenOf('propertyoperations@demo.folio.test');
    const mine = (await post('/user-merchant-permissions/search', own, {})).json<{ merchantId: string }[]>();
    expect(mine.map((entry) => entry.merchantId)).toEqual([dune.id]);

    // Narrowed to a filter of the group's properties.
    const filtered = await post('/user-merchant-permissions/transactions/search', admin, {
      merchantGroupId: canal.merchant_group_id,
      userId: operations,
      merchantIds: [canal.id],
    });
    expect(filtered.json()).toEqual([{ merchantId: canal.id, name: 'Canal House Amsterdam', actions: [] }]);
    expect((await post('/user-merchant-permissions/transactions', admin, { userId: operations, merchantIds: [canal.id, dune.id] })).statusCode).toBe(200);
    expect(await actionsAt(canal.id)).toEqual(['Read', 'Insert', 'Update', 'Delete']);
  });

  it('transactions: nobody grants beyond their own scope or group, nor reads another group (403/404)', async () => {
    const admin = await tokenOf('merchantadmin@demo.folio.test');
    const operations = await userId('propertyoperations@demo.folio.test');
    const canal = await property('Canal House Amsterdam');
    const outside = await property('City Lights Rotterdam');
    // The property manager covers Canal House only; City Lights is outside their scope.
    const narrowed = await post('/user-merchant-permissions/transactions', admin, {
      userId: await userId('propertymanager@demo.folio.test'),
      merchantIds: [canal.id],
    });
    expect(narrowed.statusCode).toBe(200);
    const manager = await tokenOf('propertymanager@demo.folio.test');
    const beyond = await post('/user-merchant-permissions/transactions', manager, { userId: operations, merchantIds: [outside.id] });
    expect([403, 404]).toContain(beyond.statusCode);
    const viewOnly = await tokenOf('merchantviewonlyuser@demo.folio.test');
    expect((await post('/user-merchant-permissions/transactions', viewOnly, { userId: operations, merchantIds: [outside.id] })).statusCode).toBe(403);
    const otherGroup = await one(app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '!=', 'Lagoon Hotels Group').executeTakeFirst());
    expect((await post('/user-merchant-permissions/transactions/search', admin, { merchantGroupId: otherGroup.id, userId: operations })).statusCode).toBe(404);
  });

  it('search: your own permissions at every property you may see; provider staff see every property', async () => {
    const provider = await tokenOf('foliouser@demo.folio.test');
    const all = (await post('/user-merchant-permissions/search', provider, {})).json<{ permissions: { resource: string }[] }[]>();
    const count = await app.ctx.db.selectFrom('merchants').select(app.ctx.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(all).toHaveLength(Number(count.n));
    expect(all[0]?.permissions.map((entry) => entry.resource)).toContain('Users');
    const empty = await app.inject({ method: 'POST', url: `${BACKOFFICE_API}/user-merchant-permissions/search`, headers: provider });
    expect(empty.statusCode).toBe(200);
  });
});
