import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, startTestApp } from '../support/test-app';

// The two lists the active-property statechart needs (spec 4, spec 7), scoped to the caller.
const BASE = '/folio/payment-api/v2';
let app: FastifyInstance;

beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
});
afterAll(async () => {
  await app.close();
});

async function me(email: string) {
  const { accessToken, cookies } = await signIn(app, email);
  const userId: string = (await app.inject({ method: 'GET', url: '/api/auth/session', cookies })).json().user.id;
  return { headers: bearer(accessToken), userId };
}

describe('property list by user and property statuses', () => {
  it("lists a property manager's properties in list order, the Inactive one first", async () => {
    const { headers, userId } = await me('propertymanager@demo.folio.test');
    const list = await app.inject({ method: 'GET', url: `${BASE}/merchant-scopes/${userId}/properties`, headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((entry: { name: string }) => entry.name)).toEqual([
      'Harbour View Hotel',
      'Canal House Amsterdam',
      'Dune Resort Scheveningen',
      'City Lights Rotterdam',
    ]);
    const statuses = await app.inject({ method: 'POST', url: `${BASE}/merchants/status`, headers, payload: {} });
    expect(statuses.statusCode).toBe(200);
    const byId = new Map(statuses.json().map((entry: { merchantId: string; status: string }) => [entry.merchantId, entry.status]));
    expect(list.json().map((entry: { merchantId: string }) => byId.get(entry.merchantId))).toEqual(['Inactive', 'Active', 'Active', 'PendingReview']);
  });

  it("never shows another group's properties or statuses", async () => {
    const manager = await me('merchantadmin@demo.folio.test');
    const applicant = await me('applicant@demo.folio.test');
    const foreign = await app.inject({ method: 'GET', url: `${BASE}/merchant-scopes/${applicant.userId}/properties`, headers: manager.headers });
    expect(foreign.statusCode).toBe(404);
    const theirIds = (await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', 'Alpine Lodge Innsbruck').execute()).map((row) => row.id);
    expect(theirIds).toHaveLength(1);
    const statuses = await app.inject({ method: 'POST', url: `${BASE}/merchants/status`, headers: manager.headers, payload: { merchantIds: theirIds } });
    expect(statuses.statusCode).toBe(200);
    expect(statuses.json()).toEqual([]);
    // The applicant's own group is not Active yet: its property lists stay closed (spec 2; decision 0183).
    const own = await app.inject({ method: 'GET', url: `${BASE}/merchant-scopes/${applicant.userId}/properties`, headers: applicant.headers });
    expect(own.statusCode).toBe(403);
  });

  it('refuses a caller without MerchantScopes and malformed input', async () => {
    const bot = await me('foliobot@demo.folio.test');
    const refused = await app.inject({ method: 'GET', url: `${BASE}/merchant-scopes/${bot.userId}/properties`, headers: bot.headers });
    expect(refused.statusCode).toBe(403);
    const manager = await me('propertymanager@demo.folio.test');
    const badId = await app.inject({ method: 'GET', url: `${BASE}/merchant-scopes/not-a-uuid/properties`, headers: manager.headers });
    expect(badId.statusCode).toBe(400);
    const badBody = await app.inject({ method: 'POST', url: `${BASE}/merchants/status`, headers: manager.headers, payload: { merchantIds: ['x'] } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().errors).toHaveProperty(['merchantIds.0']);
  });
});
