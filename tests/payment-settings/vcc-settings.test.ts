import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VCC_SETTINGS_CHANGED_DETAIL, type VccMerchantConfig } from '../../contract/payment-settings';
import { MERCHANT_API } from '../../contract/product';
import { VERSION_HEADER, versionOf } from '../../contract/versions';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Spec 7 `vcc-merchant-configs` (search and POST; decision 0295): a property's virtual card config, validated,
// saved (created, then replaced), audited, and scoped to the properties the caller may see.

let app: FastifyInstance;
let merchantAdmin: string;
let canal: string;
let santorini: string;

const save = (token: string, payload: object, version?: string | null) =>
  app.inject({
    method: 'POST',
    url: `${MERCHANT_API}/vcc-merchant-configs`,
    headers: { ...bearer(token), ...(version === undefined ? {} : { [VERSION_HEADER]: versionOf(version) }) },
    payload,
  });
const search = (token: string, payload: object) =>
  app.inject({ method: 'POST', url: `${MERCHANT_API}/vcc-merchant-configs/search`, headers: bearer(token), payload });
const idOf = async (name: string) => (await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  canal = await idOf('Canal House Amsterdam');
  santorini = await idOf('Santorini Caldera Resort');
}, 120_000);
afterAll(async () => app.close());

describe('VCC merchant configs', () => {
  it('saves a config, answers it on search, replaces it on the next save (one per property) and audits both', async () => {
    expect((await search(merchantAdmin, { merchantId: canal })).json()).toEqual([]);
    const first = await save(merchantAdmin, {
      merchantId: canal,
      enabled: true,
      channels: ['Booking.com', 'Expedia'],
      chargeTiming: 'BeforeCheckIn',
      daysBeforeCheckIn: 2,
      notificationEmail: ' VCC@Canal.example ',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json<VccMerchantConfig>()).toMatchObject({
      merchantId: canal,
      merchantName: 'Canal House Amsterdam',
      enabled: true,
      channels: ['Booking.com', 'Expedia'],
      chargeTiming: 'BeforeCheckIn',
      daysBeforeCheckIn: 2,
      notificationEmail: 'vcc@canal.example',
    });
    const second = await save(merchantAdmin, { merchantId: canal, enabled: false, channels: [], chargeTiming: 'OnCheckIn', daysBeforeCheckIn: 5 });
    expect(second.json<VccMerchantConfig>()).toMatchObject({
      enabled: false,
      channels: [],
      chargeTiming: 'OnCheckIn',
      daysBeforeCheckIn: null,
      notificationEmail: null,
    });
    const listed = (await search(merchantAdmin, {})).json<VccMerchantConfig[]>();
    expect(listed.map((config) => [config.merchantName, config.enabled])).toEqual([['Canal House Amsterdam', false]]);
    const audit = await app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', canal)
      .where('action', 'like', 'vccConfig.%')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['vccConfig.create', 'vccConfig.update']);
  });

  it('validates the body: channels when enabled, the days for "before check-in", the e-mail (400 naming the fields)', async () => {
    const response = await save(merchantAdmin, {
      merchantId: canal,
      enabled: true,
      channels: ['Booking.com', 'Booking.com', 'Trivago'],
      chargeTiming: 'Whenever',
      notificationEmail: 'not-an-email',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['channels.2', 'chargeTiming', 'notificationEmail']);
    const rules = await save(merchantAdmin, { merchantId: canal, enabled: true, channels: [], chargeTiming: 'BeforeCheckIn' });
    expect(Object.keys(rules.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['channels', 'daysBeforeCheckIn']);
  });

  it("refuses another group's property (404) and leaves it out of searches; provider staff see every group's", async () => {
    expect((await save(merchantAdmin, { merchantId: santorini, enabled: true, channels: ['Airbnb'], chargeTiming: 'OnBooking' })).statusCode).toBe(404);
    const admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
    expect((await save(admin, { merchantId: santorini, enabled: true, channels: ['Airbnb'], chargeTiming: 'OnBooking' })).statusCode).toBe(200);
    expect((await search(merchantAdmin, { merchantId: santorini })).json()).toEqual([]);
    expect(
      (await search(admin, {}))
        .json<VccMerchantConfig[]>()
        .map((config) => config.merchantName)
        .sort(),
    ).toEqual(['Canal House Amsterdam', 'Santorini Caldera Resort']);
    const viewOnly = (await signIn(app, 'merchantviewonlyuser@demo.folio.test')).accessToken;
    expect((await search(viewOnly, {})).statusCode).toBe(403);
  });
});

// Last: it leaves a config on Dune Resort that the lists above do not expect.
describe('VCC merchant configs saved from two pages', () => {
  it('refuses a save made on a config someone else has saved since, keeping theirs', async () => {
    const dune = await idOf('Dune Resort Scheveningen');
    const config = { merchantId: dune, enabled: true, chargeTiming: 'OnCheckIn' };
    // Two people open the empty config; the first saves Expedia.
    const first = await save(merchantAdmin, { ...config, channels: ['Expedia'] }, null);
    expect(first.statusCode).toBe(200);
    const second = await save(merchantAdmin, { ...config, channels: ['Airbnb'] }, null);
    expect(second.statusCode).toBe(412);
    expect(second.json()).toMatchObject({ status: 412, detail: VCC_SETTINGS_CHANGED_DETAIL });
    expect((await search(merchantAdmin, { merchantId: dune })).json()[0].channels).toEqual(['Expedia']);
    // Made on what is there now, the change is saved.
    const again = await save(merchantAdmin, { ...config, channels: ['Expedia', 'Airbnb'] }, first.json().updatedAt);
    expect(again.statusCode).toBe(200);
    expect(again.json().channels).toEqual(['Expedia', 'Airbnb']);
  });
});
