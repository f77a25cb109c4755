import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 12 "One permission table": each finding, replayed through real HTTP with valid requests, now
// refused where the permission table (contract/permission-table.ts) says so, and still allowed to the
// roles the spec names (so the refusals are not a server that refuses everything).

let app: FastifyInstance;
const tokens: Record<string, string> = {};
const ACCOUNTS = ['FolioAdmin', 'FolioUser', 'SuperAdmin', 'Admin', 'FolioBot', 'IOLBackOfficeAdmin', 'IOLBackOfficeUser', 'MerchantAdmin'];

beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
  for (const role of ACCOUNTS) tokens[role] = (await signIn(app, `${role.toLowerCase()}@demo.folio.test`)).accessToken;
  tokens.applicant = (await signIn(app, 'applicant@demo.folio.test')).accessToken;
});
afterAll(async () => {
  await app.close();
});

const as = (who: string) => bearer(tokens[who] ?? '');
const post = (who: string, url: string, payload: unknown = {}) =>
  app.inject({ method: 'POST', url, headers: as(who), payload: payload as Record<string, unknown> });
const get = (who: string, url: string) => app.inject({ method: 'GET', url, headers: as(who) });

async function groupNamed(name: string) {
  return app.ctx.db.selectFrom('merchant_groups').select(['id', 'status']).where('name', '=', name).executeTakeFirstOrThrow();
}

function expectForbidden(response: { statusCode: number; headers: Record<string, unknown>; json: () => { status: number } }, label: string) {
  expect(response.statusCode, label).toBe(403);
  expect(String(response.headers['content-type']), label).toContain('application/problem+json');
}

describe('IOLBackOfficeAdmin and IOLBackOfficeUser (in no spec menu) no longer act as provider staff', () => {
  for (const role of ['IOLBackOfficeAdmin', 'IOLBackOfficeUser']) {
    it(`${role} reads no KYC application, document or merchant group, and creates none`, async () => {
      const danube = await groupNamed('Danube Hospitality');
      expectForbidden(await post(role, `${MERCHANT_API}/merchant-groups/search`, {}), 'applications list');
      expectForbidden(await get(role, `${MERCHANT_API}/kyc/applications/${danube.id}`), 'application');
      expectForbidden(await get(role, `${MERCHANT_API}/kyc/applications/${danube.id}/documents`), 'documents');
      expectForbidden(await get(role, `${MERCHANT_API}/merchants/confirmation/${danube.id}`), 'confirmation');
      expectForbidden(await get(role, `${MERCHANT_API}/merchant-groups/${danube.id}`), 'group');
      expect((await get(role, `${MERCHANT_API}/merchant-groups`)).json()).toMatchObject({ items: [], total: 0 });
      expectForbidden(
        await post(role, `${MERCHANT_API}/merchant-groups`, { name: `${role} Hotels`, country: 'NL', contactEmail: 'ops@example.com' }),
        'create group',
      );
      expect(await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', `${role} Hotels`).execute()).toEqual([]);
    });
  }

  it('the provider user still reads them (the refusal is the role, not the calls)', async () => {
    const danube = await groupNamed('Danube Hospitality');
    expect((await post('FolioUser', `${MERCHANT_API}/merchant-groups/search`, {})).statusCode).toBe(200);
    expect((await get('FolioUser', `${MERCHANT_API}/kyc/applications/${danube.id}/documents`)).statusCode).toBe(200);
  });
});

describe('review actions belong to the KYC applications roles', () => {
  it('IOLBackOfficeUser cannot start a review (403, the application stays Pending); FolioUser can', async () => {
    const baltic = await groupNamed('Baltic Inns');
    expect(baltic.status).toBe('Pending');
    const url = `${MERCHANT_API}/kyc/applications/${baltic.id}/transitions`;
    expectForbidden(await post('IOLBackOfficeUser', url, { action: 'startReview' }), 'start review');
    expect((await groupNamed('Baltic Inns')).status).toBe('Pending');
    const started = await post('FolioUser', url, { action: 'startReview' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'InReview' });
  });
});

describe('payout retry follows the payouts item (FolioAdmin, SuperAdmin, Admin)', () => {
  it('FolioUser, IOLBackOfficeUser and IOLBackOfficeAdmin get 403 and the payout stays Failed; FolioAdmin, SuperAdmin and Admin retry', async () => {
    const failed = await app.ctx.db.selectFrom('payouts').select('id').where('status', '=', 'Failed').orderBy('id').limit(3).execute();
    expect(failed).toHaveLength(3);
    const [first, second, third] = failed.map((row) => row.id);
    for (const role of ['FolioUser', 'IOLBackOfficeUser', 'IOLBackOfficeAdmin', 'FolioBot']) {
      expectForbidden(await post(role, `${MERCHANT_API}/payouts/${first}/retry`), `${role} retry`);
      const attempts = await app.ctx.db.selectFrom('payout_attempts').select('id').where('payout_id', '=', first!).execute();
      expect(attempts, role).toHaveLength(1);
    }
    for (const [role, id] of [
      ['FolioAdmin', first],
      ['SuperAdmin', second],
      ['Admin', third],
    ] as const) {
      const retried = await post(role, `${MERCHANT_API}/payouts/${id}/retry`);
      expect(retried.statusCode, role).toBe(200);
      expect(retried.json(), role).toMatchObject({ status: 'Processing' });
    }
  });
});

describe('merchant groups are created by the Merchants item roles (FolioAdmin, FolioUser)', () => {
  it('SuperAdmin and Admin get 403 and nothing is stored; FolioAdmin and FolioUser create', async () => {
    for (const role of ['SuperAdmin', 'Admin']) {
      expectForbidden(await post(role, `${MERCHANT_API}/merchant-groups`, { name: `${role} Group`, country: 'FR', contactEmail: 'a@example.com' }), role);
      expect(await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', `${role} Group`).execute(), role).toEqual([]);
    }
    for (const role of ['FolioAdmin', 'FolioUser']) {
      const created = await post(role, `${MERCHANT_API}/merchant-groups`, { name: `${role} Group`, country: 'FR', contactEmail: 'a@example.com' });
      expect(created.statusCode, role).toBe(201);
    }
  });
});

describe('pre-init (open my KYC application) is for a merchant group admin', () => {
  it('answers 403 (not 409) to every provider role, and opens the applicant’s own application', async () => {
    for (const role of ['FolioAdmin', 'FolioUser', 'SuperAdmin', 'Admin', 'FolioBot', 'IOLBackOfficeAdmin', 'IOLBackOfficeUser'])
      expectForbidden(await post(role, `${MERCHANT_API}/merchant-groups/pre-init`), role);
    const opened = await post('applicant', `${MERCHANT_API}/merchant-groups/pre-init`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ name: 'Alpine Lodges Group', status: 'Created' });
  });
});

describe("the applicant's group is Created: its business stays closed until the group is Active (spec 2)", () => {
  it('refuses transactions, payouts, properties and other users with 403, while the KYC calls work', async () => {
    const applicant = await app.ctx.db
      .selectFrom('users')
      .select(['id', 'merchant_group_id'])
      .where('email', '=', 'applicant@demo.folio.test')
      .executeTakeFirstOrThrow();
    const colleague = await app.ctx.db.selectFrom('users').select('id').where('email', '=', 'merchantadmin@demo.folio.test').executeTakeFirstOrThrow();
    const refused = {
      orders: await post('applicant', '/backoffice/api/v2/order/search', {}),
      payouts: await post('applicant', `${MERCHANT_API}/payouts/search`, {}),
      propertyStatuses: await post('applicant', `${MERCHANT_API}/merchants/status`, {}),
      ownProperties: await get('applicant', `${MERCHANT_API}/merchant-scopes/${applicant.id}/properties`),
      anotherUser: await get('applicant', `/identity/api/v1/users/${colleague.id}`),
    };
    for (const [label, response] of Object.entries(refused)) expectForbidden(response, label);
    expect(refused.orders.json().detail).toBe('your merchant group is Created: Transactions opens once it is Active');
    expect((await get('applicant', `${MERCHANT_API}/merchants/confirmation/${applicant.merchant_group_id}`)).statusCode).toBe(200);
    expect((await get('applicant', `/identity/api/v1/users/${applicant.id}`)).statusCode).toBe(200);
    // The same calls for the admin of the Active group.
    expect((await post('MerchantAdmin', '/backoffice/api/v2/order/search', {})).statusCode).toBe(200);
    expect((await post('MerchantAdmin', `${MERCHANT_API}/merchants/status`, {})).statusCode).toBe(200);
  });
});
