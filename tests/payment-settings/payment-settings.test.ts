import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_SETTINGS_CHANGED_DETAIL } from '../../contract/payment-settings';
import { MERCHANT_API } from '../../contract/product';
import { VERSION_HEADER, versionOf } from '../../contract/versions';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 17 "Payment settings": spec 7 merchant-config (search, POST, PUT, DELETE) on the
// PaymentSettings resource: a property gets payment settings of its own, changes them, and drops
// them so its group's apply again; validated, scoped, audited.

const CONFIG = `${MERCHANT_API}/merchant-config`;
let app: FastifyInstance;
let admin: string;
let manager: string;
let lagoonGroup: string;

const call = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => app.inject({ method, url, headers: bearer(token), payload });
/** A save that says which version it was made from (contract/versions.ts). */
const versioned = (token: string, method: 'POST' | 'PUT', payload: object, version: string | null) =>
  app.inject({ method, url: CONFIG, headers: { ...bearer(token), [VERSION_HEADER]: versionOf(version) }, payload });
const search = async (token: string, body: object = {}) => (await call(token, 'POST', `${CONFIG}/search`, body)).json();
const SETTINGS = { paymentTypes: ['PN', 'AU'], chargeCategories: ['Rooms', 'Spa'], depositBasis: 'DepositAmount', depositPercentage: 30 };

beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  manager = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
  lagoonGroup = (await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', 'Lagoon Hotels Group').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => {
  await app.close();
});

describe('merchant-config', () => {
  it('answers a page at a time, found by the property or group name (decision 0715)', async () => {
    type Row = { merchantName: string; groupName: string };
    const everything: Row[] = await search(admin);
    expect(everything.length).toBeGreaterThan(5);
    // Pages of two follow the list's order, without a gap or a repeat.
    const pages: Row[][] = [];
    for (let page = 0; page * 2 < everything.length; page++) pages.push(await search(admin, { page, pageSize: 2 }));
    expect(pages.flat().map((row) => row.merchantName)).toEqual(everything.map((row) => row.merchantName));
    expect(pages.every((page) => page.length <= 2)).toBe(true);
    // A property's name, or its group's.
    expect((await search(admin, { search: 'canal' })).map((row: Row) => row.merchantName)).toEqual(['Canal House Amsterdam']);
    const lagoon: Row[] = await search(admin, { search: 'LAGOON HOTELS' });
    expect(lagoon).toHaveLength(4);
    expect(new Set(lagoon.map((row) => row.groupName))).toEqual(new Set(['Lagoon Hotels Group']));
    // A LIKE pattern is words to find; a search stays within what the caller may see.
    expect(await search(admin, { search: '%' })).toEqual([]);
    const managerSees: Row[] = await search(manager);
    expect((await search(manager, { search: 'Hotels' })).every((row: Row) => managerSees.some((seen) => seen.merchantName === row.merchantName))).toBe(true);
    // A page size over the limit is refused in words.
    expect((await call(admin, 'POST', `${CONFIG}/search`, { pageSize: 501 })).statusCode).toBe(400);
  });

  it('lists only the properties the caller may see: a property manager their assigned ones', async () => {
    const all = await search(admin, { merchantGroupId: lagoonGroup });
    expect(all).toHaveLength(4);
    const mine = await search(manager);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length + 1);
    const assigned = await app.ctx.db
      .selectFrom('user_merchant_scopes')
      .innerJoin('users', 'users.id', 'user_merchant_scopes.user_id')
      .select('merchant_id')
      .where('users.email', '=', 'propertymanager@demo.folio.test')
      .execute();
    expect(mine.map((entry: { merchantId: string }) => entry.merchantId).sort()).toEqual(assigned.map((row) => row.merchant_id).sort());
  });

  it('adds, edits and deletes a property payment settings; a second add is refused', async () => {
    const [property] = await search(manager);
    const id = property.merchantId;
    expect(property.hasOwnSettings).toBe(false);
    const added = await call(manager, 'POST', CONFIG, { merchantId: id, settings: SETTINGS });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ hasOwnSettings: true, settings: SETTINGS });
    const again = await call(manager, 'POST', CONFIG, { merchantId: id, settings: SETTINGS });
    expect(again.statusCode).toBe(409);

    const edited = await call(manager, 'PUT', CONFIG, { merchantId: id, settings: { ...SETTINGS, depositPercentage: 50 } });
    expect(edited.statusCode).toBe(200);
    expect((await search(admin, { merchantId: id }))[0].settings.depositPercentage).toBe(50);

    const deleted = await call(manager, 'DELETE', `${CONFIG}/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().hasOwnSettings).toBe(false);
    expect((await call(manager, 'DELETE', `${CONFIG}/${id}`)).statusCode).toBe(409);
    const actions = await app.ctx.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).where('action', 'like', 'merchantConfig.%').execute();
    expect(actions.map((row) => row.action)).toEqual(['merchantConfig.create', 'merchantConfig.update', 'merchantConfig.delete']);
  });

  it('refuses a save made on settings someone else has changed since, keeping theirs', async () => {
    const [property] = await search(manager);
    const opened = property.updatedAt;
    // Two people open the settings; the first saves Pay later.
    const first = await versioned(admin, 'POST', { merchantId: property.merchantId, settings: { ...SETTINGS, paymentTypes: ['PN', 'PL'] } }, opened);
    expect(first.statusCode).toBe(201);
    // The second, still on what they opened, saves a deposit: refused, and the first one's change stays.
    const second = await versioned(manager, 'PUT', { merchantId: property.merchantId, settings: { ...SETTINGS, depositPercentage: 40 } }, opened);
    expect(second.statusCode).toBe(412);
    expect(second.json()).toMatchObject({ status: 412, detail: PAYMENT_SETTINGS_CHANGED_DETAIL });
    expect((await search(admin, { merchantId: property.merchantId }))[0].settings).toEqual({ ...SETTINGS, paymentTypes: ['PN', 'PL'] });
    // On what is there now, the same change is saved.
    const again = await versioned(
      manager,
      'PUT',
      { merchantId: property.merchantId, settings: { ...SETTINGS, paymentTypes: ['PN', 'PL'], depositPercentage: 40 } },
      first.json().updatedAt,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().settings.depositPercentage).toBe(40);
    expect((await call(manager, 'DELETE', `${CONFIG}/${property.merchantId}`)).statusCode).toBe(200);
  });

  it('validates the settings and refuses properties outside the caller scope', async () => {
    const [property] = await search(manager);
    const bad = await call(manager, 'PUT', CONFIG, { merchantId: property.merchantId, settings: { ...SETTINGS, paymentTypes: [], depositPercentage: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['settings.paymentTypes', 'settings.depositPercentage']));
    // A payment type or charge category sent twice is refused at its field, not stored and listed twice.
    for (const [field, settings] of [
      ['settings.paymentTypes', { ...SETTINGS, paymentTypes: ['PN', 'PN'] }],
      ['settings.chargeCategories', { ...SETTINGS, chargeCategories: Array.from({ length: 1000 }, () => 'Rooms') }],
    ] as const) {
      const twice = await call(manager, 'PUT', CONFIG, { merchantId: property.merchantId, settings });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().errors[field]).toContain('settings.validation.chooseOnce');
    }
    expect((await search(admin, { merchantId: property.merchantId }))[0].hasOwnSettings).toBe(false);
    const other = await app.ctx.db.selectFrom('merchants').select('id').where('merchant_group_id', '!=', lagoonGroup).executeTakeFirstOrThrow();
    expect((await call(manager, 'PUT', CONFIG, { merchantId: other.id, settings: SETTINGS })).statusCode).toBe(404);
    const viewer = (await signIn(app, 'propertyviewonlyuser@demo.folio.test')).accessToken;
    expect((await call(viewer, 'POST', `${CONFIG}/search`, {})).statusCode).toBe(403);
  });
});
