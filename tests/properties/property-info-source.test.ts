import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import type { PropertyOverview } from '../../contract/properties';
import type { SettingsAnswer } from '../../contract/settings/endpoints';
import { up as moveInfoIntoColumns } from '../../server/db/migrations/0211-property-info-in-columns';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Property information stored once (decision 0302): the property-info page's city, post code and type are
// the property's own columns, which the list, the overview, the review flags and the page all read.

const BASE = `${MERCHANT_API}/properties`;
let app: FastifyInstance;
let merchantAdmin: string;
let admin: string;

const INFO = {
  displayName: 'Polder Lodge',
  propertyType: 'Hotel',
  addressLine: 'Spaarne 1',
  city: 'Haarlem',
  postCode: '2011 AB',
  country: 'NL',
  phone: '+31 23 000 0000',
  email: 'desk@polder.example',
};
const page = (id: string) => `${MERCHANT_API}/property-settings/${id}/property-info`;
const savePage = (id: string, values: Record<string, string>) => app.inject({ method: 'PUT', url: page(id), headers: bearer(merchantAdmin), payload: values });
const readPage = async (id: string) => (await app.inject({ method: 'GET', url: page(id), headers: bearer(merchantAdmin) })).json<SettingsAnswer>();
const overview = async (id: string) =>
  (await app.inject({ method: 'GET', url: `${BASE}/${id}/overview`, headers: bearer(merchantAdmin) })).json<PropertyOverview>();
const act = (token: string, id: string, body: object) => app.inject({ method: 'POST', url: `${BASE}/${id}/lifecycle`, headers: bearer(token), payload: body });
const storedRow = (id: string) =>
  app.ctx.db.selectFrom('merchant_settings').select('data').where('merchant_id', '=', id).where('kind', '=', 'property-info').executeTakeFirst();

async function newProperty(name: string): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: BASE,
    headers: bearer(merchantAdmin),
    payload: { name, currency: 'EUR', timezone: 'Europe/Amsterdam' },
  });
  expect(created.statusCode).toBe(201);
  return created.json<PropertyOverview>().merchantId;
}

beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
});
afterAll(async () => app.close());

describe('one source for city, post code and type', () => {
  test("the page saves them as the property's columns; the settings row keeps only the page's other fields", async () => {
    const id = await newProperty('Polder Lodge');
    expect((await savePage(id, INFO)).statusCode).toBe(200);
    expect(await overview(id)).toMatchObject({ city: 'Haarlem', postCode: '2011 AB', propertyType: 'Hotel' });
    const data = (await storedRow(id))!.data as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(['addressLine', 'country', 'displayName', 'email', 'phone']);
    // A change through the property's information shows on the page: there is nothing else to keep in step.
    const info = await app.inject({
      method: 'PUT',
      url: `${BASE}/${id}/info`,
      headers: bearer(merchantAdmin),
      payload: { name: 'Polder Lodge', city: 'Delft', currency: 'EUR', timezone: 'Europe/Amsterdam', propertyType: 'Hotel', postCode: '2611 AA' },
    });
    expect(info.statusCode).toBe(200);
    const read = await readPage(id);
    expect(read.values).toMatchObject({ city: 'Delft', postCode: '2611 AA', addressLine: 'Spaarne 1' });
    expect(read.sources.city).toBe('property');
    // "Use the group's value" has nothing to go back to for a column field: the city stays.
    const reset = await app.inject({ method: 'POST', url: `${page(id)}/reset`, headers: bearer(merchantAdmin), payload: { fields: ['city'] } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json<SettingsAnswer>().values).toMatchObject({ city: 'Delft', addressLine: 'Spaarne 1' });
  });

  test('a property sent back for its city is fixed on the page, which answers the flag; other column fields stay closed', async () => {
    const id = await newProperty('Dune Hostel');
    expect((await savePage(id, INFO)).statusCode).toBe(200);
    expect((await act(merchantAdmin, id, { action: 'complete' })).statusCode).toBe(200);
    expect((await act(merchantAdmin, id, { action: 'submit' })).statusCode).toBe(200);
    expect((await savePage(id, { ...INFO, city: 'Leiden' })).statusCode).toBe(409);
    const back = await act(admin, id, { action: 'requestResubmission', flags: [{ target: 'city', reason: 'The city is Zandvoort' }] });
    expect(back.statusCode).toBe(200);
    const notNamed = await savePage(id, { ...INFO, city: 'Zandvoort', postCode: '2041 AA' });
    expect(notNamed.statusCode).toBe(400);
    expect(Object.keys(notNamed.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['postCode']);
    expect((await savePage(id, { ...INFO, city: 'Zandvoort' })).statusCode).toBe(200);
    expect((await overview(id)).flags).toMatchObject([{ target: 'city', resolvedAt: expect.any(String) }]);
    expect((await act(merchantAdmin, id, { action: 'submit' })).statusCode).toBe(200);
  });

  test('the migration moves what the page had stored into the columns and out of the row', async () => {
    const id = await newProperty('Canal Rooms');
    const group = await app.ctx.db.selectFrom('merchants').select('merchant_group_id').where('id', '=', id).executeTakeFirstOrThrow();
    await app.ctx.db
      .insertInto('merchant_settings')
      .values({ merchant_group_id: group.merchant_group_id, merchant_id: id, kind: 'property-info', data: JSON.stringify({ ...INFO, city: 'Utrecht' }) })
      .execute();
    await moveInfoIntoColumns(app.ctx.db as never);
    expect(await overview(id)).toMatchObject({ city: 'Utrecht', postCode: '2011 AB', propertyType: 'Hotel' });
    expect(Object.keys((await storedRow(id))!.data as object)).not.toContain('city');
  });
});

test('a new property’s information page offers the name it was created with, not as a default, until a display name is saved', async () => {
  const id = await newProperty('Tulip Court Delft');
  const fresh = await readPage(id);
  expect(fresh.values.displayName).toBe('Tulip Court Delft');
  // The name just typed is not "not set yet" (issue 34).
  expect(fresh.sources.displayName).toBeUndefined();
  // The country starts as the group's (Lagoon Hotels Group is in the Netherlands), said to come from the group.
  expect(fresh).toMatchObject({ values: { country: 'NL' }, sources: { country: 'group' } });
  expect((await savePage(id, { ...INFO, displayName: 'Tulip Court' })).statusCode).toBe(200);
  expect(await readPage(id)).toMatchObject({ values: { displayName: 'Tulip Court' }, sources: { displayName: 'property' } });
});
