import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADD_PROPERTY_GROUPS_LIMIT, type Capabilities, type PropertyGroup, type WorkableProperty } from '../../contract/capabilities';
import type { PaymentLinkSetup } from '../../contract/payment-links';
import { AUTHORIZE_REQUEST_CODE } from '../../contract/transaction-payments';
import { MERCHANT_API, MERCHANT_HEADER } from '../../contract/product';
import { DEMO_GROUP } from '../../server/demo/demo-layout';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { createLink, linkBody, LINKS } from '../payment-links/support';

// Issue 32: what the server says a caller may do is what it does: view-only roles are not offered a
// link or a property, a property that takes no money says why, and a link asks only for what the
// property's payment settings allow.
const API = '/backoffice/api/v2';
let app: FastifyInstance;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const capabilities = async (who: string, merchantId?: string) => {
  const answer = await app.inject({ method: 'GET', url: `${API}/capabilities${merchantId ? `?merchantId=${merchantId}` : ''}`, headers: bearer(tokens[who]!) });
  return { status: answer.statusCode, body: answer.json<Capabilities>() };
};
const workable = async (who: string, search = '') =>
  (
    await app.inject({
      method: 'GET',
      url: `${API}/capabilities/properties${search ? `?search=${encodeURIComponent(search)}` : ''}`,
      headers: bearer(tokens[who]!),
    })
  ).json<{ items: WorkableProperty[]; total: number }>();

const addGroups = async (who: string, search = '') =>
  (
    await app.inject({
      method: 'GET',
      url: `${API}/capabilities/add-property-groups${search ? `?search=${encodeURIComponent(search)}` : ''}`,
      headers: bearer(tokens[who]!),
    })
  ).json<{ items: PropertyGroup[]; total: number }>();

beforeAll(async () => {
  app = await startTestApp({ orders: 40 });
  for (const role of ['PropertyManager', 'PropertyViewOnlyUser', 'MerchantViewOnlyUser', 'MerchantAdmin', 'FolioAdmin', 'MerchantUser', 'CreateCancelUser'])
    tokens[role] = (await signIn(app, `${role.toLowerCase()}@demo.folio.test`)).accessToken;
  for (const row of await app.ctx.db.selectFrom('merchants').select(['id', 'name']).execute()) ids[row.name] = row.id;
}, 180_000);
afterAll(async () => app?.close());

describe('what the caller may do', () => {
  test('view-only roles may not create a link or add a property; those who may are told so', async () => {
    for (const viewer of ['PropertyViewOnlyUser', 'MerchantViewOnlyUser']) {
      const { body } = await capabilities(viewer, ids['Canal House Amsterdam']);
      expect(body.may).not.toContain('createPaymentLink');
      expect(body.may).not.toContain('createProperty');
      expect(body.property?.may).not.toContain('createPaymentLink');
      expect(body.may).toContain('searchOrders');
    }
    expect((await capabilities('MerchantViewOnlyUser')).body.may).not.toContain('createProperty');
    expect((await capabilities('MerchantAdmin')).body.may).toContain('createProperty');
    expect((await capabilities('FolioAdmin')).body.may).toContain('createProperty');
    const manager = await capabilities('PropertyManager', ids['Canal House Amsterdam']);
    expect(manager.body.property).toMatchObject({ name: 'Canal House Amsterdam', status: 'Active', moneyBlocked: null, finishesPayments: true });
    expect(manager.body.property?.may).toContain('createPaymentLink');
  });

  test('a property that takes no money says why; an Inactive one still finishes what it took', async () => {
    const inactive = (await capabilities('PropertyManager', ids['Harbour View Hotel'])).body.property!;
    expect(inactive).toMatchObject({ status: 'Inactive', moneyBlocked: 'inactive', finishesPayments: true });
    expect(inactive.may).not.toContain('createPaymentLink');
    expect(inactive.may).not.toContain('authorizeOrder');
    expect(inactive.may).toEqual(expect.arrayContaining(['captureAuthorization', 'voidAuthorization', 'createRefundRequest']));
    const inReview = (await capabilities('PropertyManager', ids['City Lights Rotterdam'])).body.property!;
    expect(inReview).toMatchObject({ status: 'PendingReview', moneyBlocked: 'notActive', finishesPayments: false });
    expect(inReview.may).not.toContain('createPaymentLink');
    expect(inReview.may).not.toContain('captureAuthorization');
    // What the answer says, the server does: the link is refused on both.
    for (const name of ['Harbour View Hotel', 'City Lights Rotterdam'])
      expect((await createLink(app, tokens.PropertyManager!, ids[name], linkBody({ bookingReference: `CAP-${name.length}` }))).statusCode).toBe(409);
  });

  test("a property outside the caller's scope is not described (404)", async () => {
    expect((await capabilities('PropertyManager', ids['Santorini Caldera Resort'])).status).toBe(404);
    expect((await capabilities('FolioAdmin', ids['Santorini Caldera Resort'])).body.property?.name).toBe('Santorini Caldera Resort');
  });
});

describe('the properties a user without a switcher picks from', () => {
  test('are their scope, Active ones first, searchable by property or group name', async () => {
    const assigned = await workable('MerchantUser');
    expect(assigned.items.map((item) => item.name).sort()).toEqual(DEMO_GROUP.properties.map((property) => property.name).sort());
    expect(assigned.items[0]?.status).toBe('Active');
    expect((await workable('CreateCancelUser', 'dune')).items.map((item) => item.name)).toEqual(['Dune Resort Scheveningen']);
    expect((await workable('MerchantUser', 'Santorini')).total).toBe(0);
    const provider = await workable('FolioAdmin', 'Kastro');
    expect(provider.items.map((item) => item.name).sort()).toEqual(['Naxos Beach Villas', 'Santorini Caldera Resort']);
  });
});

describe("a link asks only for what the property's payment settings allow", () => {
  test('the setup lists them and the server refuses the others, naming the field', async () => {
    // Kastro Island Resorts keeps the default payment settings: Pay now, Rooms.
    const naxos = ids['Naxos Beach Villas']!;
    const setup = await app.inject({ method: 'GET', url: `${LINKS}/setup`, headers: { ...bearer(tokens.FolioAdmin!), [MERCHANT_HEADER]: naxos } });
    expect(setup.json<PaymentLinkSetup>()).toMatchObject({ paymentTypes: ['PN'], chargeCategories: ['Rooms'] });
    const refused = await createLink(app, tokens.FolioAdmin!, naxos, linkBody({ paymentType: 'AU', chargeCategory: 'Spa', bookingReference: 'CAP-SET-1' }));
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['chargeCategory', 'paymentType']);
    // The form offers only the setup's choices: a refused one changed after it read them, one fault whatever the fields.
    expect(refused.json<{ code?: string }>().code).toBe('paymentLink.choicesChanged');
    expect((await createLink(app, tokens.FolioAdmin!, naxos, linkBody({ bookingReference: 'CAP-SET-2' }))).statusCode).toBe(201);
    // The demo group takes every type and category.
    const canal = await app.inject({
      method: 'GET',
      url: `${LINKS}/setup`,
      headers: { ...bearer(tokens.PropertyManager!), [MERCHANT_HEADER]: ids['Canal House Amsterdam']! },
    });
    expect(canal.json<PaymentLinkSetup>().paymentTypes).toEqual(['PN', 'PL', 'AU']);
  });
});

describe('an Inactive property finishes what it took but takes no new money (decision 0410)', () => {
  test("its orders offer no new authorization and the server refuses one; a hold's capture stays open", async () => {
    const harbour = ids['Harbour View Hotel']!;
    const orders = await app.ctx.db.selectFrom('orders').select(['id', 'status', 'currency']).where('merchant_id', '=', harbour).execute();
    expect(orders.length).toBeGreaterThan(0);
    for (const order of orders.slice(0, 20)) {
      const detail = await app.inject({ method: 'GET', url: `${API}/order/${order.id}`, headers: bearer(tokens.PropertyManager!) });
      expect(detail.json<{ allowedActions: string[] }>().allowedActions).not.toContain('authorize');
    }
    const refused = await app.inject({
      method: 'POST',
      url: `${API}/payment/authorizations`,
      headers: { ...bearer(tokens.PropertyManager!), 'idempotency-key': crypto.randomUUID() },
      payload: { orderId: Number(orders[0]!.id), requestCode: AUTHORIZE_REQUEST_CODE, currency: orders[0]!.currency.trim() },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toContain('inactive');
    const held = orders.find((order) => order.status === 'Authorized');
    if (held) {
      const detail = await app.inject({ method: 'GET', url: `${API}/order/${held.id}`, headers: bearer(tokens.PropertyManager!) });
      expect(detail.json<{ allowedActions: string[] }>().allowedActions).toContain('capture');
    }
  });
});

describe('adding a property is per merchant group (decision 0481)', () => {
  const createIn = (who: string, merchantGroupId: string | undefined, name: string) =>
    app.inject({
      method: 'POST',
      url: `${MERCHANT_API}/properties`,
      headers: bearer(tokens[who]!),
      payload: { name, currency: 'EUR', timezone: 'Europe/Amsterdam', ...(merchantGroupId ? { merchantGroupId } : {}) },
    });
  const groupIds = async () =>
    Object.fromEntries((await app.ctx.db.selectFrom('merchant_groups').select(['id', 'name']).execute()).map((row) => [row.name, row.id]));

  test('the answer names the groups where each caller may add one, and the server takes a property exactly there', async () => {
    const groups = await groupIds();
    const providerAnswer = await addGroups('FolioAdmin');
    const provider = providerAnswer.items.map((group) => group.name);
    // Every capabilities answer says how many (decision 0714); which ones is the add-property form's question.
    expect((await capabilities('FolioAdmin')).body.addPropertyGroupCount).toBe(providerAnswer.total);
    expect(providerAnswer.total).toBe(provider.length);
    // Provider staff: every group still open to new properties, by name; not the deleted, rejected or expired ones.
    expect(provider).toEqual([...provider].sort((a, b) => a.localeCompare(b)));
    expect(provider).toEqual(expect.arrayContaining([DEMO_GROUP.name, 'Alpine Lodges Group', 'Baltic Inns', 'Jura Chalets']));
    for (const closed of ['Granite Suites', 'Fjord Retreats', 'Highland Escapes']) expect(provider).not.toContain(closed);
    // A merchant admin: their own group only; a view-only user: none.
    expect((await addGroups('MerchantAdmin')).items).toEqual([
      { merchantGroupId: groups[DEMO_GROUP.name], name: DEMO_GROUP.name, startsWith: { currency: 'EUR', timezone: 'Europe/Amsterdam' } },
    ]);
    expect((await capabilities('MerchantAdmin')).body.addPropertyGroupCount).toBe(1);
    // Another group's name finds nothing for a merchant admin: the search stays within what they may add.
    expect(await addGroups('MerchantAdmin', 'Jura')).toEqual({ items: [], total: 0 });
    expect(await addGroups('MerchantViewOnlyUser')).toEqual({ items: [], total: 0 });
    expect((await capabilities('MerchantViewOnlyUser')).body.addPropertyGroupCount).toBe(0);

    // The server agrees: a group the answer leaves out refuses (409, in words), one it lists takes the property.
    for (const closed of ['Fjord Retreats', 'Highland Escapes', 'Granite Suites']) {
      const refused = await createIn('FolioAdmin', groups[closed], `Refused in ${closed}`);
      expect(refused.statusCode, closed).toBe(409);
      expect(refused.json<{ detail: string }>().detail).toMatch(/takes no new property|deleted/);
      const { code, params } = refused.json<{ code?: string; params?: { status?: string } }>();
      expect(code, closed).toBe('property.groupClosed');
      expect(params?.status, closed).toBe(
        (await app.ctx.db.selectFrom('merchant_groups').select('status').where('id', '=', groups[closed]!).executeTakeFirstOrThrow()).status,
      );
    }
    expect((await createIn('FolioAdmin', groups['Baltic Inns'], 'Tallinn Harbour Rooms')).statusCode).toBe(201);
    expect((await createIn('MerchantAdmin', undefined, 'Lagoon Annex')).statusCode).toBe(201);
    expect((await createIn('MerchantViewOnlyUser', undefined, 'Never Added')).statusCode).toBe(403);
  });

  test("a new property starts with its group's currency and time zone, not a fixed place's (issue 34)", async () => {
    const groups = await groupIds();
    const startOf = async (name: string) => (await addGroups('FolioAdmin', name)).items.find((group) => group.name === name)?.startsWith;
    // Nothing saved for the group: the currency its properties use, the time zone of its country (Hungary, Switzerland).
    expect(await startOf('Danube Hospitality')).toEqual({ currency: 'HUF', timezone: 'Europe/Budapest' });
    expect(await startOf('Jura Chalets')).toEqual({ currency: 'CHF', timezone: 'Europe/Zurich' });
    // The group's own settings, once saved, come first: its settlement currency and its location's time zone.
    const save = (url: string, payload: object) => app.inject({ method: 'PUT', url: `${MERCHANT_API}${url}`, headers: bearer(tokens.FolioAdmin!), payload });
    const danube = groups['Danube Hospitality']!;
    expect(
      (await save(`/merchant-group-settings/${danube}/currency-rules`, { acceptedCurrencies: ['HUF', 'EUR'], settlementCurrency: 'EUR' })).statusCode,
    ).toBe(200);
    const location = {
      timezone: 'Europe/Vienna',
      contactName: 'Front desk',
      contactEmail: 'desk@danube.example',
      contactPhone: '+36 1 555 0100',
      checkInTime: '15:00',
      checkOutTime: '11:00',
    };
    expect((await save(`/merchant-location-settings?MerchantGroupId=${danube}`, location)).statusCode).toBe(200);
    // Vienna is not in Hungary: a new Hungarian property starts at Hungary's time (decision 0560).
    expect(await startOf('Danube Hospitality')).toEqual({ currency: 'EUR', timezone: 'Europe/Budapest' });
  });

  test("in a country of several time zones a new property starts at the group's own zone there, else the country's principal one, never outside it (decision 0560)", async () => {
    const groups = await groupIds();
    const zoneOf = async (name: string) => (await addGroups('FolioAdmin', name)).items.find((group) => group.name === name)?.startsWith.timezone;
    // Nothing saved, and the group's properties keep a zone outside the country (the database's Europe/Amsterdam): the principal zone.
    expect(await zoneOf('Coastline Stays')).toBe('Europe/Lisbon');
    expect(await zoneOf('Iberia Boutique')).toBe('Europe/Madrid');
    // The zone most of the group's properties keep, when it is one of the country's: two new ones on Madeira, one left in Amsterdam.
    for (const name of ['Funchal Bay', 'Funchal Hills'])
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `${MERCHANT_API}/properties`,
            headers: bearer(tokens.FolioAdmin!),
            payload: { name, currency: 'EUR', timezone: 'Atlantic/Madeira', merchantGroupId: groups['Coastline Stays']! },
          })
        ).statusCode,
      ).toBe(201);
    expect(await zoneOf('Coastline Stays')).toBe('Atlantic/Madeira');
    // The group's saved location, when it lies in the country; a saved zone elsewhere is not offered.
    const location = (timezone: string) => ({
      timezone,
      contactName: 'Front desk',
      contactEmail: 'desk@iberia.example',
      contactPhone: '+34 954 555 010',
      checkInTime: '15:00',
      checkOutTime: '11:00',
    });
    const saveLocation = async (timezone: string) =>
      (
        await app.inject({
          method: 'PUT',
          url: `${MERCHANT_API}/merchant-location-settings?MerchantGroupId=${groups['Iberia Boutique']!}`,
          headers: bearer(tokens.FolioAdmin!),
          payload: location(timezone),
        })
      ).statusCode;
    expect(await saveLocation('Atlantic/Canary')).toBe(200);
    expect(await zoneOf('Iberia Boutique')).toBe('Atlantic/Canary');
    expect(await saveLocation('Europe/Paris')).toBe(200);
    expect(await zoneOf('Iberia Boutique')).toBe('Europe/Madrid');
  });
});

describe('a provider with more groups than one answer names (decision 0714)', () => {
  test('every group stays reachable by its name, and every page is told only how many there are', async () => {
    const before = (await addGroups('FolioAdmin')).total;
    // Thirty more open groups, named after the demo's in alphabetical order.
    await sql`INSERT INTO merchant_groups (name, status) SELECT 'Zeta Stays ' || lpad(n::text, 2, '0'), 'Active' FROM generate_series(1, 30) AS n`.execute(
      app.ctx.db,
    );
    const first = await addGroups('FolioAdmin');
    expect(first.total).toBe(before + 30);
    expect(first.items).toHaveLength(ADD_PROPERTY_GROUPS_LIMIT);
    expect(first.items.map((group) => group.name)).not.toContain('Zeta Stays 30');
    // The last of them by name is found by its name, with what a new property starts with there, and takes one.
    const found = await addGroups('FolioAdmin', 'stays 30');
    expect(found).toEqual({ items: [{ merchantGroupId: expect.any(String), name: 'Zeta Stays 30', startsWith: expect.any(Object) }], total: 1 });
    const created = await app.inject({
      method: 'POST',
      url: `${MERCHANT_API}/properties`,
      headers: bearer(tokens.FolioAdmin!),
      payload: { name: 'Zeta Thirty Rooms', currency: 'EUR', timezone: 'Europe/Amsterdam', merchantGroupId: found.items[0]!.merchantGroupId },
    });
    expect(created.statusCode, created.body).toBe(201);
    // Every capabilities answer counts them and names none: its size does not grow with the groups.
    const answer = await app.inject({ method: 'GET', url: `${API}/capabilities`, headers: bearer(tokens.FolioAdmin!) });
    expect(answer.json<Capabilities>().addPropertyGroupCount).toBe(before + 30);
    expect(answer.body).not.toContain('Zeta Stays');
  });
});
