import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PropertyOverview, PropertySearchBody } from '../../contract/properties';
import type { CreatePropertyBody, PropertyTransitionBody } from '../../contract/property-lifecycle';
import { bearer, signIn, startTestApp } from '../support/test-app';

const BASE = '/folio/payment-api/v2/properties';
let app: FastifyInstance;
let admin: string;
let merchantAdmin: string;
let viewOnly: string;
let propertyManager: string;
let groupId: string;

const search = (token: string, body: PropertySearchBody) => app.inject({ method: 'POST', url: `${BASE}/search`, headers: bearer(token), payload: body });
const overview = (token: string, id: string) => app.inject({ method: 'GET', url: `${BASE}/${id}/overview`, headers: bearer(token) });
const act = (token: string, id: string, body: PropertyTransitionBody) =>
  app.inject({ method: 'POST', url: `${BASE}/${id}/lifecycle`, headers: bearer(token), payload: body });
const create = (token: string, body: CreatePropertyBody) => app.inject({ method: 'POST', url: BASE, headers: bearer(token), payload: body });
const NEW_HOTEL: CreatePropertyBody = {
  name: 'Polder Lodge',
  city: 'Haarlem',
  postCode: '2011 AB',
  currency: 'eur',
  timezone: 'Europe/Amsterdam',
  checkinTime: '15:00',
};

beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  viewOnly = (await signIn(app, 'merchantviewonlyuser@demo.folio.test')).accessToken;
  propertyManager = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
  const user = await app.ctx.db.selectFrom('users').select('merchant_group_id').where('email', '=', 'merchantadmin@demo.folio.test').executeTakeFirstOrThrow();
  groupId = user.merchant_group_id!;
});
afterAll(async () => app.close());

describe('POST properties/search', () => {
  test("a merchant admin sees their group's properties only; provider staff see every group", async () => {
    const own = (await search(merchantAdmin, { pagination: { page: 0, pageSize: 100 } })).json<{ items: { merchantGroupId: string }[]; total: number }>();
    expect(own.total).toBe(4);
    expect(own.items.every((row) => row.merchantGroupId === groupId)).toBe(true);
    const all = (await search(admin, { pagination: { page: 0, pageSize: 100 } })).json<{ total: number }>();
    expect(all.total).toBeGreaterThan(own.total);
    const viewer = await search(viewOnly, {});
    expect(viewer.statusCode).toBe(200);
    expect((await search(propertyManager, {})).statusCode).toBe(403);
  });

  test('filters by status and searches names of property, group and city', async () => {
    const inReview = (await search(admin, { filters: { statuses: ['PendingReview'] } })).json<{ items: { status: string; name: string }[] }>();
    expect(inReview.items.length).toBeGreaterThan(0);
    expect(inReview.items.every((row) => row.status === 'PendingReview')).toBe(true);
    const byGroup = (await search(admin, { filters: { search: 'lagoon' } })).json<{ items: { merchantGroupName: string }[] }>();
    expect(byGroup.items.map((row) => row.merchantGroupName)).toEqual(Array(4).fill('Lagoon Hotels Group'));
    const sorted = (await search(admin, { sorting: [{ id: 'name', desc: false }], pagination: { page: 0, pageSize: 100 } })).json<{
      items: { name: string }[];
    }>();
    const names = sorted.items.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect((await search(admin, { sorting: [{ id: 'latitude' as 'name', desc: false }] })).statusCode).toBe(400);
  });
});

describe('the property lifecycle over HTTP', () => {
  test("a property's currency is one in circulation: a made-up code is refused, nothing is created, a real one in any case is taken", async () => {
    const before = (await search(merchantAdmin, {})).json<{ total: number }>().total;
    for (const currency of ['abc', 'XXX', 'XAU']) {
      const refused = await create(merchantAdmin, { ...NEW_HOTEL, name: `Polder Lodge ${currency}`, currency });
      expect(refused.statusCode, currency).toBe(400);
      expect(refused.json<{ errors: Record<string, string[]> }>().errors.currency).toEqual(['use the ISO 4217 code of a currency, such as EUR']);
    }
    expect((await search(merchantAdmin, {})).json<{ total: number }>().total).toBe(before);
    const yen = await create(merchantAdmin, { ...NEW_HOTEL, name: 'Polder Lodge Tokyo', currency: 'jpy', timezone: 'Asia/Tokyo' });
    expect(yen.statusCode).toBe(201);
    expect(yen.json<PropertyOverview>().currency).toBe('JPY');
  });

  test('create, complete, submit, send back with a reason, fix only that, approve, fees, activate, deactivate, reactivate', async () => {
    const created = await create(merchantAdmin, NEW_HOTEL);
    expect(created.statusCode).toBe(201);
    const property = created.json<PropertyOverview>();
    expect(property).toMatchObject({
      status: 'Created',
      merchantGroupId: groupId,
      currency: 'EUR',
      city: 'Haarlem',
      nextStep: 'finishWizard',
      allowedActions: ['complete'],
    });
    const id = property.merchantId;
    // Submitting before the wizard is done is not a transition of the lifecycle.
    expect((await act(merchantAdmin, id, { action: 'submit' })).statusCode).toBe(409);
    expect((await act(merchantAdmin, id, { action: 'complete' })).json<PropertyOverview>().status).toBe('NotOnboarded');
    // Provider staff review, they do not submit for the merchant.
    expect((await act(admin, id, { action: 'submit' })).statusCode).toBe(403);
    expect((await act(merchantAdmin, id, { action: 'submit' })).json<PropertyOverview>()).toMatchObject({ status: 'PendingReview', nextStep: 'awaitReview' });
    expect((await overview(admin, id)).json<PropertyOverview>()).toMatchObject({ nextStep: 'review', allowedActions: ['requestResubmission', 'approve'] });
    expect((await act(merchantAdmin, id, { action: 'approve' })).statusCode).toBe(403);

    const noReason = await act(admin, id, { action: 'requestResubmission', flags: [] });
    expect(noReason.statusCode).toBe(400);
    const sentBack = await act(admin, id, { action: 'requestResubmission', flags: [{ target: 'postCode', reason: 'The post code does not match the city' }] });
    expect(sentBack.json<PropertyOverview>()).toMatchObject({ status: 'ResubmissionRequired', flags: [{ target: 'postCode', resolvedAt: null }] });
    // Only the named field may change, and not before it has changed may the property go back.
    const wrongField = await app.inject({
      method: 'PUT',
      url: `${BASE}/${id}/info`,
      headers: bearer(merchantAdmin),
      payload: { ...NEW_HOTEL, city: 'Leiden' },
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('city');
    expect(wrongField.json()).toMatchObject({ errors: { city: ['the reviewer did not ask for this to change'] }, code: 'property.notFlagged' });
    const unchanged = await act(merchantAdmin, id, { action: 'submit' });
    expect(unchanged.statusCode).toBe(409);
    expect(unchanged.json()).toMatchObject({
      detail: 'change what the reviewer named before submitting again: postCode',
      code: 'property.changeFlaggedFirst',
    });
    const fixed = await app.inject({
      method: 'PUT',
      url: `${BASE}/${id}/info`,
      headers: bearer(merchantAdmin),
      payload: { ...NEW_HOTEL, postCode: '2011 AC' },
    });
    expect(fixed.json<PropertyOverview>()).toMatchObject({ postCode: '2011 AC', flags: [{ target: 'postCode' }] });
    expect(fixed.json<PropertyOverview>().flags[0]!.resolvedAt).not.toBeNull();
    expect((await act(merchantAdmin, id, { action: 'submit' })).json<PropertyOverview>().status).toBe('PendingReview');
    // In review nothing changes.
    const inReview = await app.inject({ method: 'PUT', url: `${BASE}/${id}/info`, headers: bearer(merchantAdmin), payload: NEW_HOTEL });
    expect(inReview.statusCode).toBe(409);
    expect(inReview.json()).toMatchObject({ detail: 'the property is in review: it cannot change until the review ends', code: 'property.inReview' });

    expect((await act(admin, id, { action: 'approve' })).json<PropertyOverview>()).toMatchObject({
      status: 'FeeSetup',
      nextStep: 'setFees',
      allowedActions: [],
    });
    const withoutFees = await act(admin, id, { action: 'activate' });
    expect(withoutFees.statusCode).toBe(409);
    expect(withoutFees.json()).toMatchObject({ detail: 'the property has no fees yet: set its fees before activating it', code: 'property.feesFirst' });
    await app.ctx.db.insertInto('fees').values({ merchant_id: id, fee_model: 'Blended', percentage: '1.500', currency: 'EUR' }).execute();
    expect((await act(admin, id, { action: 'activate' })).json<PropertyOverview>()).toMatchObject({ status: 'Active', active: true });

    expect((await act(merchantAdmin, id, { action: 'deactivate' } as PropertyTransitionBody)).statusCode).toBe(400);
    const off = await act(merchantAdmin, id, { action: 'deactivate', confirm: true, reason: 'Closed for renovation' });
    expect(off.json<PropertyOverview>()).toMatchObject({ status: 'Inactive', active: false, nextStep: 'inactive' });
    expect((await act(merchantAdmin, id, { action: 'reactivate', confirm: true, reason: 'Open again' })).statusCode).toBe(403);
    expect((await act(admin, id, { action: 'reactivate', confirm: true, reason: 'Open again' })).json<PropertyOverview>().status).toBe('Active');

    const activity = (await overview(merchantAdmin, id)).json<PropertyOverview>().activity.map((entry) => entry.action);
    expect(activity.slice(0, 4)).toEqual(['property.reactivate', 'property.deactivate', 'property.activate', 'property.approve']);
    expect(activity).toContain('property.create');
  });

  test("the lifecycle answers 409 for what it forbids, and nobody reaches another group's property", async () => {
    const active = (await search(merchantAdmin, { filters: { statuses: ['Active'] } })).json<{ items: { merchantId: string }[] }>().items[0]!;
    const refused = await act(merchantAdmin, active.merchantId, { action: 'submit' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toMatch(/Active: submit is not allowed now/);
    expect(refused.json()).toMatchObject({ code: 'property.actionNotAllowed', params: { status: 'Active' } });
    const foreign = (await search(admin, { filters: { search: 'Lisbon' } })).json<{ items: { merchantId: string }[] }>().items[0]!;
    expect((await overview(merchantAdmin, foreign.merchantId)).statusCode).toBe(404);
    expect((await act(merchantAdmin, foreign.merchantId, { action: 'submit' })).statusCode).toBe(404);
    expect((await create(merchantAdmin, { ...NEW_HOTEL, merchantGroupId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(403);
    expect((await create(viewOnly, NEW_HOTEL)).statusCode).toBe(403);
    expect((await create(admin, NEW_HOTEL)).statusCode).toBe(400);
    expect(
      (await create(merchantAdmin, { ...NEW_HOTEL, timezone: 'Mars/Olympus', latitude: 91 })).json<{ errors: Record<string, unknown> }>().errors,
    ).toMatchObject({
      latitude: expect.anything(),
      timezone: expect.anything(),
    });
  });

  test('the overview shows settings at a glance and the users who work on the property', async () => {
    const first = (await search(merchantAdmin, { sorting: [{ id: 'name', desc: false }] })).json<{ items: { merchantId: string }[] }>().items[0]!;
    const answer = (await overview(merchantAdmin, first.merchantId)).json<PropertyOverview>();
    expect(answer.settings.map((entry) => entry.page)).toContain('brand-assets');
    const emails = answer.users.map((user) => user.email);
    expect(emails).toContain('merchantadmin@demo.folio.test');
    expect(emails).toContain('propertymanager@demo.folio.test');
    expect(emails).not.toContain('folioadmin@demo.folio.test');
  });
});
