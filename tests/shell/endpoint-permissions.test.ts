import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routerPath, type Endpoint } from '../../contract/endpoint';
import { endpoints } from '../../contract/endpoints';
import { ROLES, type UserPermission } from '../../contract/roles';
import { permissionsOfRoles } from '../../server/auth/caller';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 3 "Done when": the server refuses, with 403, every API call the caller's permissions do not
// cover, whatever the SPA shows. Walks the whole contract, so every endpoint added later is covered.

const ANY_ID = '00000000-0000-4000-8000-000000000000';
let app: FastifyInstance;

beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
});
afterAll(async () => {
  await app.close();
});

function urlOf(endpoint: Endpoint): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'tenant' ? 'folio' : ANY_ID));
}

async function inject(endpoint: Endpoint, headers: Record<string, string> = {}) {
  const withBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  return app.inject({ method: endpoint.method, url: urlOf(endpoint), headers: withBody ? { ...headers, 'content-type': 'application/json' } : headers, payload: withBody ? '{}' : undefined });
}

// Endpoints whose module is still being written are in the contract before the server serves them;
// the walk covers every endpoint the server actually registers.
const served = (endpoint: Endpoint) => app.hasRoute({ method: endpoint.method, url: routerPath(endpoint.path) });
const guarded = () => endpoints.filter((endpoint) => endpoint.access !== 'public' && served(endpoint));
const demanding = () => endpoints.filter((endpoint) => served(endpoint)).filter((endpoint): endpoint is Endpoint & { access: { resource: string; action: string } } => typeof endpoint.access === 'object');

function covers(permissions: UserPermission[], access: { resource: string; action: string }): boolean {
  return permissions.some((entry) => entry.resource === access.resource && (entry.permissions as string[]).includes(access.action));
}

describe('every endpoint of the contract', () => {
  it('answers 401 problem JSON without a token', async () => {
    expect(guarded().length).toBeGreaterThan(0);
    for (const endpoint of guarded()) {
      const response = await inject(endpoint);
      expect(response.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(401);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  // Every demo role, the low-permission ones (bot, view-only) first.
  for (const role of ['FolioBot', 'PropertyViewOnlyUser', 'MerchantViewOnlyUser', ...ROLES.filter((name) => !['FolioBot', 'PropertyViewOnlyUser', 'MerchantViewOnlyUser'].includes(name))]) {
    const email = `${role.toLowerCase()}@demo.folio.test`;
    it(`answers 403 to ${role} wherever the endpoint demands what the role lacks`, async () => {
      const { accessToken } = await signIn(app, email);
      const permissions = await permissionsOfRoles(app.ctx.db, [role], 'role_api_grants');
      const refused = demanding().filter((endpoint) => !covers(permissions, endpoint.access));
      if (role === 'FolioBot') expect(refused.length).toBeGreaterThan(0);
      for (const endpoint of refused) {
        const response = await inject(endpoint, bearer(accessToken));
        expect(response.statusCode, `${endpoint.method} ${endpoint.path} needs ${endpoint.access.action} on ${endpoint.access.resource}`).toBe(403);
        expect(response.json()).toMatchObject({ status: 403, title: 'Forbidden' });
      }
    });
  }

  it('lets a view-only role reach its RIUD pages but refuses every write through the API', async () => {
    const { accessToken, cookies } = await signIn(app, 'merchantviewonlyuser@demo.folio.test');
    const userId = (await app.inject({ method: 'GET', url: '/api/auth/session', cookies })).json().user.id;
    const me = await app.inject({ method: 'GET', url: `/identity/api/v1/users/${userId}`, headers: bearer(accessToken) });
    expect(me.json().userPermissions).toContainEqual({ resource: 'Properties', permissions: ['Read', 'Insert', 'Update', 'Delete'] });
    const enforced = await permissionsOfRoles(app.ctx.db, ['MerchantViewOnlyUser'], 'role_api_grants');
    expect(enforced.every((entry) => entry.permissions.join() === 'Read')).toBe(true);
    for (const endpoint of demanding().filter((entry) => entry.access.action !== 'Read')) {
      const response = await inject(endpoint, bearer(accessToken));
      expect(response.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(403);
    }
  });
});
