import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Endpoint } from '../../contract/endpoint';
import { endpoints } from '../../contract/endpoints';
import { rolesGranted } from '../../contract/permission-rules';
import { DEMO_EMAIL_DOMAIN, MERCHANT_API } from '../../contract/product';
import type { RoleName } from '../../contract/roles';
import { specPathEndpoints } from '../../contract/spec-paths';
import { filledPath } from '../support/endpoint-walk';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { committedSpecCalls, specCallsJson, specCallsOf, specFile, type SpecCall } from './spec-calls';

// Spec 7 names the calls an integration makes; every one of them is served under the spec's own
// method and path (decision 0380), for a role the permission table lets call it.

const calls = committedSpecCalls();
const shape = (path: string) => path.replace(/\{\w+\}/g, '{}');
const endpointOf = (call: SpecCall): Endpoint | undefined =>
  endpoints.find((endpoint) => endpoint.method === call.method && shape(endpoint.path) === shape(call.path));

/** Provider staff first (no group rule applies to them), then the merchant side's widest roles. */
const PREFERRED: RoleName[] = ['FolioAdmin', 'SuperAdmin', 'MerchantAdmin', 'PropertyManager', 'UserManagement'];
function callerRoleOf(endpoint: Endpoint): RoleName | 'none' {
  if (endpoint.access === 'public') return 'none';
  if (endpoint.access === 'session') return 'FolioAdmin';
  const granted = rolesGranted(endpoint.access.resource, endpoint.access.action);
  const role = PREFERRED.find((candidate) => granted.includes(candidate)) ?? granted[0];
  if (!role) throw new Error(`no role may call ${endpoint.id}`);
  return role;
}

let app: FastifyInstance;
const tokens = new Map<RoleName, string>();
let lagoonGroupId: string;
let lagoonPropertyId: string;

async function tokenOf(role: RoleName): Promise<string> {
  const known = tokens.get(role);
  if (known) return known;
  const { accessToken } = await signIn(app, `${role.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`);
  if (!accessToken) throw new Error(`the demo account of ${role} did not sign in`);
  tokens.set(role, accessToken);
  return accessToken;
}

const detailOf = (response: LightMyRequestResponse) => String(response.json<{ detail?: string }>().detail);
const isNoRoute = (response: LightMyRequestResponse) => response.statusCode === 404 && detailOf(response).startsWith('no route');
/** The registrar's refusals (server/http/route.ts): not signed in, or the role's grants or its group's status; a handler's own 403 about the data is past them. */
const isRefusedAccess = (response: LightMyRequestResponse) =>
  response.statusCode === 401 || (response.statusCode === 403 && /^(this needs |your merchant group is )/.test(detailOf(response)));

beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
  lagoonGroupId = (await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', 'Lagoon Hotels Group').executeTakeFirstOrThrow()).id;
  lagoonPropertyId = (await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', 'Canal House Amsterdam').executeTakeFirstOrThrow()).id;
}, 180_000);
afterAll(async () => app?.close());

describe("spec 7's list of calls", () => {
  test('the committed list is the one the spec writes (checked where the spec sits beside the repository)', () => {
    expect(calls.length).toBeGreaterThanOrEqual(94);
    const spec = specFile();
    if (!spec) return;
    expect(specCallsJson(specCallsOf(readFileSync(spec, 'utf8'))), `the spec changed: run npx tsx tests/api/spec-calls.ts`).toBe(specCallsJson(calls));
  });

  test('every call is in the contract, so the OpenAPI document lists it', () => {
    expect(calls.filter((call) => !endpointOf(call)).map((call) => `${call.method} ${call.path}`)).toEqual([]);
  });

  test.each(calls.map((call) => [`${call.method} ${call.path}`, call] as const))('%s is served to a role allowed to call it', async (_, call) => {
    const endpoint = endpointOf(call)!;
    const role = callerRoleOf(endpoint);
    const response = await app.inject({
      method: call.method,
      url: filledPath({ ...endpoint, path: call.path }, '00000000-0000-4000-8000-000000000000'),
      headers: { ...(role === 'none' ? {} : bearer(await tokenOf(role))), ...(call.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      payload: call.method === 'GET' ? undefined : '{}',
    });
    const context = `${call.method} ${call.path} as ${role}: ${response.statusCode} ${response.body.slice(0, 200)}`;
    // Served: the router found it, the permission check let the role through, and nothing broke.
    expect(isNoRoute(response), context).toBe(false);
    expect(isRefusedAccess(response), context).toBe(false);
    expect(response.statusCode, context).toBeLessThan(500);
  });
});

describe("the spec's paths of calls served elsewhere too", () => {
  const call = async (token: string, method: string, path: string, payload?: unknown) =>
    app.inject({ method: method as 'GET', url: `${MERCHANT_API}${path}`, headers: bearer(token), payload: payload as object });

  test('each one answers as the path it names: same permission, same schema, same handler', async () => {
    for (const specPath of Object.values(specPathEndpoints) as Endpoint[]) {
      const original = endpoints.find((endpoint) => endpoint.id === specPath.sameAs)!;
      expect(specPath.access, specPath.id).toEqual(original.access);
      expect(specPath.body, specPath.id).toBe(original.body);
      expect(specPath.response, specPath.id).toBe(original.response);
    }
    const admin = await tokenOf('FolioAdmin');
    const detailed = await call(admin, 'GET', `/merchants/detailed?merchantGroupId=${lagoonGroupId}`);
    const listed = await call(admin, 'GET', `/merchants?merchantGroupId=${lagoonGroupId}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual(detailed.json());

    const overview = await call(admin, 'GET', `/properties/${lagoonPropertyId}/overview`);
    const merchant = await call(admin, 'GET', `/merchants/${lagoonPropertyId}`);
    expect(merchant.statusCode).toBe(200);
    expect(merchant.json<{ name: string }>().name).toBe('Canal House Amsterdam');
    expect(merchant.json()).toEqual(overview.json());

    const filters = { filters: { search: 'lagoon' }, pagination: { page: 0, pageSize: 10 } };
    const searched = await call(admin, 'POST', '/merchants/search', filters);
    expect(searched.statusCode).toBe(200);
    expect(searched.json()).toEqual((await call(admin, 'POST', '/properties/search', filters)).json());
  });

  test('the writes write: a merchant created, e-mail settings saved and read under both names, location and payout settings saved', async () => {
    const merchantAdmin = await tokenOf('MerchantAdmin');
    const created = await call(merchantAdmin, 'POST', '/merchants', {
      name: 'Dune Pavilion',
      city: 'Zandvoort',
      postCode: '2042 AA',
      currency: 'eur',
      timezone: 'Europe/Amsterdam',
      checkinTime: '15:00',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ name: string; status: string }>()).toMatchObject({ name: 'Dune Pavilion', status: 'Created' });

    const scope = { kind: 'merchantGroup', merchantGroupId: lagoonGroupId };
    const smtp = { scope, provider: 'SMTP', server: 'mail.lagoon.example', port: 587, encryption: 'STARTTLS', username: 'mailer', password: 'pw-123456' };
    for (const [method, path, senderName] of [
      ['POST', '/merchant-smtp', 'Lagoon by POST'],
      ['POST', '/merchant-email-configs', 'Lagoon configs by POST'],
      ['PUT', '/merchant-email-configs', 'Lagoon configs by PUT'],
    ] as const) {
      const saved = await call(merchantAdmin, method, path, { ...smtp, senderEmail: 'bookings@lagoon.example', senderName });
      expect(saved.statusCode, `${method} ${path}: ${saved.body}`).toBe(200);
      for (const read of ['/merchant-smtp/search', '/merchant-email-configs/search']) {
        const answer = await call(merchantAdmin, 'POST', read, { scope });
        expect(answer.json<{ settings: { senderName: string } }>().settings.senderName, `${read} after ${method} ${path}`).toBe(senderName);
      }
    }

    const location = {
      timezone: 'Europe/Amsterdam',
      contactName: 'Front desk',
      contactEmail: 'desk@lagoon.example',
      contactPhone: '+31 20 555 0100',
      checkInTime: '14:00',
      checkOutTime: '11:00',
    };
    // The group's location and payout settings are provider staff's (Merchants: Update).
    const admin = await tokenOf('FolioAdmin');
    const locationSaved = await call(admin, 'POST', `/merchant-location-settings?MerchantGroupId=${lagoonGroupId}`, location);
    expect(locationSaved.statusCode, locationSaved.body).toBe(200);
    const locationRead = await call(admin, 'GET', `/merchant-location-settings?MerchantGroupId=${lagoonGroupId}`);
    expect(locationRead.json<{ values: unknown }>().values).toMatchObject(location);
    const payout = await call(admin, 'POST', '/payout-email-config', { merchantGroupId: lagoonGroupId, to: ['payouts@lagoon.example'], cc: [], bcc: [] });
    expect(payout.statusCode, payout.body).toBe(200);
    const payoutRead = await call(admin, 'POST', '/payout-email-config/search', { merchantGroupId: lagoonGroupId });
    expect(payoutRead.body).toContain('payouts@lagoon.example');
  });

  test('a role refused on the original path is refused on the spec path', async () => {
    const viewOnly = await tokenOf('MerchantViewOnlyUser' as RoleName);
    expect((await call(viewOnly, 'POST', '/merchants', { name: 'Nope' })).statusCode).toBe(403);
    expect((await call(viewOnly, 'POST', '/merchant-email-configs', {})).statusCode).toBe(403);
    const propertyManager = await tokenOf('PropertyManager');
    expect((await call(propertyManager, 'POST', '/merchants/search', {})).statusCode).toBe(403);
    expect((await call(propertyManager, 'POST', '/properties/search', {})).statusCode).toBe(403);
  });
});
