import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, startTestApp } from './support/test-app';

let app: FastifyInstance;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

async function signedIn(email: string): Promise<{ id: string; token: string }> {
  if (!tokens[email]) {
    const { accessToken, cookies } = await signIn(app, email);
    const session = await app.inject({ method: 'GET', url: '/api/auth/session', cookies });
    tokens[email] = accessToken;
    ids[email] = session.json<{ user: { id: string } }>().user.id;
  }
  return { id: ids[email] as string, token: tokens[email] as string };
}

const profile = (id: string, token?: string) => app.inject({ method: 'GET', url: `/folio/payment-api/v2/users/${id}`, headers: token ? bearer(token) : {} });
const merchantInfo = (id: string, token?: string) =>
  app.inject({ method: 'GET', url: `/folio/payment-api/v2/users/merchant/${id}`, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('user profile and merchant user info (spec 4 "Auth")', () => {
  it('answers your own profile and, for provider staff, merchant info with null group fields', async () => {
    const admin = await signedIn('folioadmin@demo.folio.test');
    const own = await profile(admin.id, admin.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ user: { userId: admin.id, firstName: 'Bram', lastName: 'Jansen', email: 'folioadmin@demo.folio.test' } });
    const info = await merchantInfo(admin.id, admin.token);
    expect(info.json()).toEqual({ userId: admin.id, merchantGroupId: null, merchantGroupName: null, merchantGroupStatus: null });
  });

  it("answers a merchant-side user's group with its onboarding status", async () => {
    const applicant = await signedIn('applicant@demo.folio.test');
    const info = await merchantInfo(applicant.id, applicant.token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ userId: applicant.id, merchantGroupName: 'Alpine Lodges Group', merchantGroupStatus: 'Created' });
    const viewer = await signedIn('propertyviewonlyuser@demo.folio.test');
    expect((await merchantInfo(viewer.id, viewer.token)).json()).toMatchObject({ merchantGroupName: 'Lagoon Hotels Group', merchantGroupStatus: 'Active' });
  });

  it('lets self-service users without Users:Read read only themselves (403 for others)', async () => {
    const viewer = await signedIn('propertyviewonlyuser@demo.folio.test');
    const admin = await signedIn('folioadmin@demo.folio.test');
    expect((await profile(viewer.id, viewer.token)).statusCode).toBe(200);
    for (const answer of [await profile(admin.id, viewer.token), await merchantInfo(admin.id, viewer.token)]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('lets merchant-side Users:Read see their own group only (404 outside it)', async () => {
    const merchantAdmin = await signedIn('merchantadmin@demo.folio.test');
    const sameGroup = await signedIn('propertymanager@demo.folio.test');
    const otherGroup = await signedIn('applicant@demo.folio.test');
    const provider = await signedIn('folioadmin@demo.folio.test');
    expect((await profile(sameGroup.id, merchantAdmin.token)).json().user.email).toBe('propertymanager@demo.folio.test');
    expect((await merchantInfo(sameGroup.id, merchantAdmin.token)).json().merchantGroupName).toBe('Lagoon Hotels Group');
    for (const id of [otherGroup.id, provider.id, '00000000-0000-4000-8000-000000000000']) {
      expect((await profile(id, merchantAdmin.token)).statusCode).toBe(404);
      expect((await merchantInfo(id, merchantAdmin.token)).statusCode).toBe(404);
    }
  });

  it('lets provider staff read anyone, and 404s an unknown id', async () => {
    const provider = await signedIn('folioadmin@demo.folio.test');
    const applicant = await signedIn('applicant@demo.folio.test');
    expect((await profile(applicant.id, provider.token)).json().user.firstName).toBe('Alma');
    expect((await merchantInfo(applicant.id, provider.token)).json().merchantGroupStatus).toBe('Created');
    expect((await profile('00000000-0000-4000-8000-000000000000', provider.token)).statusCode).toBe(404);
  });

  it('401 without a token, 400 for an id that is not a uuid', async () => {
    const admin = await signedIn('folioadmin@demo.folio.test');
    const anonymous = await profile(admin.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');
    expect((await merchantInfo(admin.id)).statusCode).toBe(401);
    const bad = await profile('not-a-uuid', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'params.id': ['the user id must be a uuid'] });
  });
});
