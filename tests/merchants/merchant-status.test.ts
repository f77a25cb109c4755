import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetailedMerchant } from '../../contract/merchants';
import { MERCHANT_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Spec 7 GET /merchants/detailed and the merchant status change PUT /merchants/status (spec 4; issue 17, decision 0294): the merchants with their
// group, status, fee in force and the statuses they may move to; a status change goes through the property
// lifecycle, needs a reason, is audited, and is refused (409) where the lifecycle allows no such step.

let app: FastifyInstance;
let admin: string;
let lagoonId: string;

const detailed = async (token: string, query = '') => app.inject({ method: 'GET', url: `${MERCHANT_API}/merchants/detailed${query}`, headers: bearer(token) });
const change = (token: string, payload: object) => app.inject({ method: 'PUT', url: `${MERCHANT_API}/merchants/status`, headers: bearer(token), payload });
const merchantId = async (name: string) => (await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  lagoonId = (await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', 'Lagoon Hotels Group').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => app.close());

describe('GET /merchants/detailed', () => {
  it("answers a group's merchants with their group, status, fee in force and the statuses a provider admin may move them to", async () => {
    const response = await detailed(admin, `?merchantGroupId=${lagoonId}`);
    expect(response.statusCode).toBe(200);
    const rows = response.json<DetailedMerchant[]>();
    expect(rows.map((row) => [row.name, row.status, row.allowedStatuses])).toEqual([
      ['Harbour View Hotel', 'Inactive', ['Active']],
      ['Canal House Amsterdam', 'Active', ['Inactive']],
      ['Dune Resort Scheveningen', 'Active', ['Inactive']],
      ['City Lights Rotterdam', 'PendingReview', ['FeeSetup']],
    ]);
    expect(rows.every((row) => row.groupName === 'Lagoon Hotels Group' && row.groupStatus === 'Active')).toBe(true);
    const santorini = (await detailed(admin, '?search=santorini')).json<DetailedMerchant[]>();
    expect(santorini).toHaveLength(1);
    expect(santorini[0]!.fee).toMatchObject({ feeModel: 'Blended', percentage: 1.9, fixedAmountMinor: 25 });
    // A property waiting for fees cannot be made Active yet: nothing is offered.
    const dublin = (await detailed(admin, '?status=FeeSetup&search=Dublin')).json<DetailedMerchant[]>();
    expect(dublin.map((row) => [row.name, row.allowedStatuses])).toEqual([['Dublin Quay Hotel', []]]);
  });

  it('is refused to roles without Merchants:Read, and bad filters are 400 problems', async () => {
    const merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
    expect((await detailed(merchantAdmin)).statusCode).toBe(403);
    const bad = await detailed(admin, '?merchantGroupId=nope&status=Sleeping');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['query.merchantGroupId', 'query.status']);
  });
});

describe('PUT /merchants/status', () => {
  it('moves a merchant through the lifecycle with the reason in the audit log, and the list shows the new status', async () => {
    const canal = await merchantId('Canal House Amsterdam');
    const response = await change(admin, { merchantId: canal, status: 'Inactive', reason: 'renovation until spring' });
    expect(response.statusCode).toBe(200);
    expect(response.json<DetailedMerchant>()).toMatchObject({ merchantId: canal, status: 'Inactive', active: false, allowedStatuses: ['Active'] });
    const audit = await app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('entity_id', '=', canal)
      .where('action', 'in', ['merchant.status', 'property.deactivate'])
      .execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual(['merchant.status', 'property.deactivate']);
    expect(audit.find((entry) => entry.action === 'merchant.status')!.detail).toMatchObject({
      from: 'Active',
      to: 'Inactive',
      step: 'deactivate',
      reason: 'renovation until spring',
    });
    const rows = (await detailed(admin, `?merchantGroupId=${lagoonId}&status=Inactive`)).json<DetailedMerchant[]>();
    expect(rows.map((row) => row.name)).toContain('Canal House Amsterdam');
    expect((await change(admin, { merchantId: canal, status: 'Active', reason: 'renovated' })).json<DetailedMerchant>().status).toBe('Active');
  });

  it('refuses a step the lifecycle does not have (409 with what is allowed), Active without fees, and a missing reason (400)', async () => {
    const canal = await merchantId('Canal House Amsterdam');
    const skip = await change(admin, { merchantId: canal, status: 'FeeSetup', reason: 'why not' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json<{ detail: string }>().detail).toMatch(/cannot be moved to FeeSetup here \(allowed: Inactive\)/);
    expect(skip.json()).toMatchObject({
      code: 'property.cannotMoveTo',
      params: { property: 'Canal House Amsterdam', status: 'Active', target: 'FeeSetup' },
    });
    const same = await change(admin, { merchantId: canal, status: 'Active', reason: 'again' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({
      detail: 'Canal House Amsterdam is Active already',
      code: 'property.statusAlready',
      params: { property: 'Canal House Amsterdam', status: 'Active' },
    });
    const dublin = await change(admin, { merchantId: await merchantId('Dublin Quay Hotel'), status: 'Active', reason: 'contract signed' });
    expect(dublin.statusCode).toBe(409);
    expect(dublin.json()).toMatchObject({
      detail: 'Dublin Quay Hotel has no fees yet: set its fees before making it Active',
      code: 'property.feesFirst',
    });
    const noReason = await change(admin, { merchantId: canal, status: 'Inactive', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['reason']);
    expect((await detailed(admin, `?search=Canal`)).json<DetailedMerchant[]>()[0]!.status).toBe('Active');
  });

  it('is refused to a role that may only read merchants (403) and answers 404 for an unknown merchant', async () => {
    const readOnly = (await signIn(app, 'admin@demo.folio.test')).accessToken;
    expect((await detailed(readOnly)).statusCode).toBe(200);
    expect((await change(readOnly, { merchantId: await merchantId('Canal House Amsterdam'), status: 'Inactive', reason: 'not mine' })).statusCode).toBe(403);
    expect((await change(admin, { merchantId: '00000000-0000-4000-8000-000000000000', status: 'Inactive', reason: 'nobody' })).statusCode).toBe(404);
  });
});
