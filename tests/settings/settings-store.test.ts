import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { SETTINGS_CHANGED_DETAIL, type SettingsAnswer } from '../../contract/settings/endpoints';
import { NEVER_SAVED, VERSION_HEADER } from '../../contract/versions';
import type { Db } from '../../server/db/database';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { PROCESSING } from '../support/settings-bodies';

// Issues 17/18, the settings store: read and save one kind for a group or a property, through the
// registrar (permissions), scoped to the caller, validated by the kind's schema (400 with field
// errors), audited; a property inherits each field from its group until it overrides it.

let app: FastifyInstance;
let providerAdmin: string;
let merchantAdmin: string;
let viewOnly: string;
let lagoon: { id: string; propertyIds: string[] };
let kastro: { id: string; propertyIds: string[] };

const db = () => (app as unknown as { ctx: { db: Db } }).ctx.db;
async function groupNamed(name: string) {
  const group = await db().selectFrom('merchant_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  const merchants = await db().selectFrom('merchants').select('id').where('merchant_group_id', '=', group.id).orderBy('position').execute();
  return { id: group.id, propertyIds: merchants.map((row) => row.id) };
}

beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
  providerAdmin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  viewOnly = (await signIn(app, 'merchantviewonlyuser@demo.folio.test')).accessToken;
  lagoon = await groupNamed('Lagoon Hotels Group');
  kastro = await groupNamed('Kastro Island Resorts');
}, 120_000);
afterAll(async () => app.close());

const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `${MERCHANT_API}${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const groupUrl = (groupId: string, kind: string) => `/merchant-group-settings/${groupId}/${kind}`;
const propertyUrl = (merchantId: string, kind: string) => `/property-settings/${merchantId}/${kind}`;

describe('group settings', () => {
  it('saves, reads back and audits a kind; every field answers as the group’s', async () => {
    const saved = await call(providerAdmin, 'PUT', groupUrl(lagoon.id, 'processing'), PROCESSING);
    expect(saved.statusCode).toBe(200);
    const read = await call(providerAdmin, 'GET', groupUrl(lagoon.id, 'processing'));
    expect(read.json()).toMatchObject({ kind: 'processing', values: PROCESSING, sources: { linkExpiryHours: 'group', schemes: 'group' } });
    const entry = await db()
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'settings-store.saved')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.detail).toMatchObject({ kind: 'processing', merchantGroupId: lagoon.id });
  });

  it('answers defaults before anything is saved', async () => {
    const read = await call(providerAdmin, 'GET', groupUrl(kastro.id, 'ows'));
    expect(read.json()).toMatchObject({ values: { pmsIntegration: 'None' }, sources: { pmsIntegration: 'default' }, updatedAt: null });
  });

  it('refuses a bad body with 400 problem JSON naming each field', async () => {
    const bad = await call(providerAdmin, 'PUT', groupUrl(lagoon.id, 'currency-rules'), { acceptedCurrencies: ['EUR', 'XXQ'], settlementCurrency: 'USD' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.json().errors).toMatchObject({ 'acceptedCurrencies.1': ['settings.validation.currency'] });
    const settlement = await call(providerAdmin, 'PUT', groupUrl(lagoon.id, 'currency-rules'), { acceptedCurrencies: ['EUR'], settlementCurrency: 'USD' });
    expect(settlement.json().errors).toEqual({ settlementCurrency: ['settings.validation.settlementNotAccepted'] });
    const emails = await call(providerAdmin, 'PUT', groupUrl(lagoon.id, 'payout-emails'), { to: ['ok@example.com', 'not-an-address'], cc: [], bcc: 'x' });
    expect(Object.keys(emails.json().errors).sort()).toEqual(['bcc', 'to.1']);
    const unknownKind = await call(providerAdmin, 'GET', groupUrl(lagoon.id, 'secrets'));
    expect(unknownKind.statusCode).toBe(400);
  });

  it('needs Merchants access: merchant-side roles are refused', async () => {
    expect((await call(merchantAdmin, 'GET', groupUrl(lagoon.id, 'processing'))).statusCode).toBe(403);
  });

  it('answers 404 for a group that does not exist', async () => {
    expect((await call(providerAdmin, 'GET', groupUrl('00000000-0000-4000-8000-000000000000', 'processing'))).statusCode).toBe(404);
  });
});

describe('property settings inherit from the group', () => {
  it('shows each field as inherited until the property overrides it, then resets to the group’s value', async () => {
    await call(providerAdmin, 'PUT', groupUrl(lagoon.id, 'processing'), PROCESSING);
    const property = lagoon.propertyIds[1]!;
    const inherited = await call(merchantAdmin, 'GET', propertyUrl(property, 'processing'));
    expect(inherited.statusCode).toBe(200);
    expect(inherited.json()).toMatchObject({ values: PROCESSING, sources: { linkExpiryHours: 'group', forceAuthorization: 'group' } });

    const own = await call(merchantAdmin, 'PUT', propertyUrl(property, 'processing'), { ...PROCESSING, linkExpiryHours: 12 });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      values: { linkExpiryHours: 12, forceAuthorization: true },
      sources: { linkExpiryHours: 'property', forceAuthorization: 'group' },
    });

    // The group changes a field the property did not override: the property follows; its own value stays.
    await call(providerAdmin, 'PUT', groupUrl(lagoon.id, 'processing'), { ...PROCESSING, forceAuthorization: false, linkExpiryHours: 96 });
    const after = await call(merchantAdmin, 'GET', propertyUrl(property, 'processing'));
    expect(after.json()).toMatchObject({ values: { linkExpiryHours: 12, forceAuthorization: false } });

    const reset = await call(merchantAdmin, 'POST', `${propertyUrl(property, 'processing')}/reset`, { fields: ['linkExpiryHours'] });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ values: { linkExpiryHours: 96 }, sources: { linkExpiryHours: 'group' } });
    const audited = await db().selectFrom('audit_log').select('detail').where('action', '=', 'settings-store.reset').executeTakeFirstOrThrow();
    expect(audited.detail).toMatchObject({ kind: 'processing', merchantId: property, fields: ['linkExpiryHours'] });
  });

  it('refuses a reset whose group value would not fit the property’s other fields, and keeps the override', async () => {
    const property = lagoon.propertyIds[3]!;
    await call(providerAdmin, 'PUT', groupUrl(lagoon.id, 'currency-rules'), { acceptedCurrencies: ['EUR'], settlementCurrency: 'EUR' });
    await call(merchantAdmin, 'PUT', propertyUrl(property, 'currency-rules'), { acceptedCurrencies: ['EUR', 'USD'], settlementCurrency: 'USD' });
    const refused = await call(merchantAdmin, 'POST', `${propertyUrl(property, 'currency-rules')}/reset`, { fields: ['acceptedCurrencies'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ settlementCurrency: ['settings.validation.settlementNotAccepted'] });
    const kept = await call(merchantAdmin, 'GET', propertyUrl(property, 'currency-rules'));
    expect(kept.json()).toMatchObject({ values: { acceptedCurrencies: ['EUR', 'USD'] }, sources: { acceptedCurrencies: 'property' } });
  });

  it('a sibling property is untouched by another property’s override', async () => {
    await call(merchantAdmin, 'PUT', propertyUrl(lagoon.propertyIds[1]!, 'currency-rules'), { acceptedCurrencies: ['EUR', 'USD'], settlementCurrency: 'USD' });
    const sibling = await call(merchantAdmin, 'GET', propertyUrl(lagoon.propertyIds[2]!, 'currency-rules'));
    expect(sibling.json().values).not.toMatchObject({ settlementCurrency: 'USD' });
  });

  it('scopes: another group’s property is not found; read-only roles may read but not save', async () => {
    expect((await call(merchantAdmin, 'GET', propertyUrl(kastro.propertyIds[0]!, 'processing'))).statusCode).toBe(404);
    expect((await call(merchantAdmin, 'PUT', propertyUrl(kastro.propertyIds[0]!, 'processing'), PROCESSING)).statusCode).toBe(404);
    expect((await call(viewOnly, 'GET', propertyUrl(lagoon.propertyIds[1]!, 'processing'))).statusCode).toBe(200);
    expect((await call(viewOnly, 'PUT', propertyUrl(lagoon.propertyIds[1]!, 'processing'), PROCESSING)).statusCode).toBe(403);
    // Provider staff reach every property.
    expect((await call(providerAdmin, 'GET', propertyUrl(kastro.propertyIds[0]!, 'processing'))).statusCode).toBe(200);
  });

  it('validates property saves with the same schema', async () => {
    const bad = await call(merchantAdmin, 'PUT', propertyUrl(lagoon.propertyIds[1]!, 'payout'), {
      schedule: 'Hourly',
      accountHolder: '',
      accountNumber: '!!',
      accountType: 'current',
      minimumPayoutMinor: 1.5,
      currency: 'EUR',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['accountHolder', 'accountNumber', 'minimumPayoutMinor', 'schedule']);
  });
});

describe("spec 7's own names", () => {
  const LOCATION = {
    timezone: 'Europe/Amsterdam',
    contactName: 'Front desk',
    contactEmail: 'desk@lagoon.example',
    contactPhone: '+31 20 555 0100',
    checkInTime: '14:00',
    checkOutTime: '11:00',
  };
  it('merchant-location-settings saves and reads by MerchantGroupId (and MerchantId)', async () => {
    const saved = await call(providerAdmin, 'PUT', `/merchant-location-settings?MerchantGroupId=${lagoon.id}`, LOCATION);
    expect(saved.statusCode).toBe(200);
    const read = await call(providerAdmin, 'GET', `/merchant-location-settings?MerchantGroupId=${lagoon.id}&IsActive=true`);
    expect(read.json().values).toEqual(LOCATION);
    const property = await call(providerAdmin, 'PUT', `/merchant-location-settings?MerchantGroupId=${lagoon.id}&MerchantId=${lagoon.propertyIds[2]}`, {
      ...LOCATION,
      checkInTime: '16:00',
    });
    expect(property.json()).toMatchObject({ values: { checkInTime: '16:00' }, sources: { checkInTime: 'property', timezone: 'group' } });
    const wrongGroup = await call(providerAdmin, 'GET', `/merchant-location-settings?MerchantGroupId=${lagoon.id}&MerchantId=${kastro.propertyIds[0]}`);
    expect(wrongGroup.statusCode).toBe(404);
    const bad = await call(providerAdmin, 'PUT', `/merchant-location-settings?MerchantGroupId=${lagoon.id}`, {
      ...LOCATION,
      timezone: 'Mars/Olympus',
      checkInTime: '25:00',
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['checkInTime', 'timezone']);
  });

  it("a location page with nothing saved shows its own time zone: the property's, the group's country's (decision 0562)", async () => {
    const coastline = await groupNamed('Coastline Stays');
    const groupPage = async () => (await call(providerAdmin, 'GET', `/merchant-location-settings?MerchantGroupId=${coastline.id}`)).json<SettingsAnswer>();
    // A Portuguese group with no saved location: Portugal's principal zone, not Europe/London (decision 0560's rule).
    expect(await groupPage()).toMatchObject({ values: { timezone: 'Europe/Lisbon' }, sources: { timezone: 'default' }, updatedAt: null });
    const created = await call(providerAdmin, 'POST', '/properties', {
      name: 'Funchal Bay Rooms',
      currency: 'EUR',
      timezone: 'America/New_York',
      merchantGroupId: coastline.id,
    });
    expect(created.statusCode).toBe(201);
    const funchal = created.json<{ merchantId: string }>().merchantId;
    // The property's page shows the zone its day is counted in, on both location routes.
    for (const url of [`/merchant-location-settings?MerchantGroupId=${coastline.id}&MerchantId=${funchal}`, propertyUrl(funchal, 'location')]) {
      expect((await call(providerAdmin, 'GET', url)).json<SettingsAnswer>(), url).toMatchObject({
        values: { timezone: 'America/New_York' },
        sources: { timezone: 'default' },
      });
    }
    // A zone outside Portugal kept by its properties does not become the group's.
    expect((await groupPage()).values.timezone).toBe('Europe/Lisbon');
    expect((await call(providerAdmin, 'GET', groupUrl(coastline.id, 'location'))).json<SettingsAnswer>().values.timezone).toBe('Europe/Lisbon');
  });

  it('payout-email-config saves and searches the lists', async () => {
    const saved = await call(providerAdmin, 'PUT', '/payout-email-config', {
      merchantGroupId: lagoon.id,
      to: ['Payouts@Lagoon.example'],
      cc: [],
      bcc: ['audit@lagoon.example'],
    });
    expect(saved.statusCode).toBe(200);
    const found = await call(providerAdmin, 'POST', '/payout-email-config/search', { merchantGroupId: lagoon.id });
    expect(found.json().values).toEqual({ to: ['payouts@lagoon.example'], cc: [], bcc: ['audit@lagoon.example'] });
    const empty = await call(providerAdmin, 'PUT', '/payout-email-config', { merchantGroupId: lagoon.id, to: [], cc: [], bcc: [] });
    expect(empty.json().errors).toEqual({ to: ['settings.validation.emailListEmpty'] });
  });
});

describe('two people editing one settings page (decision 0354)', () => {
  const versioned = (token: string, url: string, payload: object, version: string) =>
    app.inject({ method: 'PUT', url: `${MERCHANT_API}${url}`, headers: { ...bearer(token), [VERSION_HEADER]: version }, payload });

  it('refuses, with 412 and nothing written, a save made from a version someone has replaced since', async () => {
    const url = groupUrl(kastro.id, 'processing');
    const opened = (await call(providerAdmin, 'GET', url)).json<SettingsAnswer>();
    // Both open the page; the first saves from what they read.
    const first = await versioned(providerAdmin, url, { ...PROCESSING, linkExpiryHours: 24 }, opened.updatedAt ?? NEVER_SAVED);
    expect(first.statusCode).toBe(200);
    const second = await versioned(providerAdmin, url, { ...PROCESSING, linkExpiryHours: 96 }, opened.updatedAt ?? NEVER_SAVED);
    expect(second.statusCode).toBe(412);
    expect(second.json()).toMatchObject({ status: 412, detail: SETTINGS_CHANGED_DETAIL });
    expect((await call(providerAdmin, 'GET', url)).json()).toMatchObject({ values: { linkExpiryHours: 24 } });
    // Made again from the version the first save left, it goes through.
    const again = await versioned(providerAdmin, url, { ...PROCESSING, linkExpiryHours: 96 }, first.json<SettingsAnswer>().updatedAt!);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ values: { linkExpiryHours: 96 } });
    // A caller that names no version keeps the last write.
    expect((await call(providerAdmin, 'PUT', url, PROCESSING)).statusCode).toBe(200);
  });

  it('holds a property page to its group’s version too: an inherited value changed since is a change', async () => {
    const [property] = kastro.propertyIds as [string];
    const opened = (await call(providerAdmin, 'GET', propertyUrl(property, 'processing'))).json<SettingsAnswer>();
    expect((await call(providerAdmin, 'PUT', groupUrl(kastro.id, 'processing'), { ...PROCESSING, linkExpiryHours: 12 })).statusCode).toBe(200);
    const stale = await versioned(
      providerAdmin,
      propertyUrl(property, 'processing'),
      { ...opened.values, cardholderNameRequired: true },
      opened.updatedAt ?? NEVER_SAVED,
    );
    expect(stale.statusCode).toBe(412);
    const reset = await app.inject({
      method: 'POST',
      url: `${MERCHANT_API}${propertyUrl(property, 'processing')}/reset`,
      headers: { ...bearer(providerAdmin), [VERSION_HEADER]: opened.updatedAt ?? NEVER_SAVED },
      payload: {},
    });
    expect(reset.statusCode).toBe(412);
  });
});
