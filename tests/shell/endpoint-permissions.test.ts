import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Capabilities } from '../../contract/capabilities';
import { routerPath, type Endpoint } from '../../contract/endpoint';
import { endpoints } from '../../contract/endpoints';
import { apiAllows, rowOf } from '../../contract/permission-rules';
import { ROLES, type RoleName } from '../../contract/roles';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 12 "Done when": every demo role (and the applicant of a Created group) calls every endpoint
// of the contract through real HTTP, and the answer must be what the permission table says
// (contract/permission-table.ts): 403 where it denies, never 401/403 where it grants, and never the
// router's 404 (an endpoint of the contract the server does not serve). Expectations come from the
// table, never from the database the server reads, so a seed that grants more than the table fails.

const ANY_ID = '00000000-0000-4000-8000-000000000000';
let app: FastifyInstance;

interface Account {
  label: string;
  role: RoleName;
  email: string;
  token: string;
  userId: string;
  groupId: string | null;
  groupStatus: string | null;
}
const accounts: Account[] = [];
/** The Created group's id: what provider roles act on where a path names a merchant group. */
let onboardingGroupId = '';

const logins = [
  ...ROLES.map((role) => ({ label: role, role, email: `${role.toLowerCase()}@demo.folio.test` })),
  { label: 'MerchantAdmin of a Created group (applicant)', role: 'MerchantAdmin' as RoleName, email: 'applicant@demo.folio.test' },
];

beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
  for (const login of logins) {
    const { accessToken } = await signIn(app, login.email);
    const user = await app.ctx.db
      .selectFrom('users')
      .leftJoin('merchant_groups', 'merchant_groups.id', 'users.merchant_group_id')
      .select(['users.id', 'users.merchant_group_id', 'merchant_groups.status'])
      .where('users.email', '=', login.email)
      .executeTakeFirstOrThrow();
    accounts.push({ ...login, token: accessToken, userId: user.id, groupId: user.merchant_group_id, groupStatus: user.status ?? null });
  }
  onboardingGroupId = accounts.find((account) => account.email.startsWith('applicant@'))?.groupId ?? '';
});
afterAll(async () => {
  await app.close();
});

const ownsUser = (endpoint: Endpoint) => /\/users\/|\/merchant-scopes\//.test(endpoint.path);
const namesGroup = (endpoint: Endpoint) => /merchant-groups\/\{|\/confirmation\/|\/validate\/\{|\/kyc\/applications\//.test(endpoint.path);
/** Accounts of the table's scope `none` and without a group have no merchant group they may open. */
const seesNoGroup = (account: Account) => account.groupId === null && rowOf(account.role)?.scope !== 'all';

/** Path parameters inside the caller's own scope, so a granted call is not refused for scope instead. */
function urlOf(endpoint: Endpoint, account?: Account): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'tenant') return 'folio';
    if (name === 'provider') return 'credentials';
    if (name === 'id' && account && ownsUser(endpoint)) return account.userId;
    if (name === 'id' && account && namesGroup(endpoint)) return account.groupId ?? onboardingGroupId;
    return ANY_ID;
  });
}

/** Endpoints whose answer is a stream that lasts as long as the session (issue 38): read up to the status, then let go. */
const STREAMS: ReadonlySet<string> = new Set(['liveEvents']);

async function call(endpoint: Endpoint, account?: Account) {
  const withBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  const headers: Record<string, string> = account ? bearer(account.token) : {};
  if (withBody) headers['content-type'] = 'application/json';
  if (STREAMS.has(endpoint.id)) return streamCall(endpoint, urlOf(endpoint, account), headers);
  return app.inject({ method: endpoint.method, url: urlOf(endpoint, account), headers, payload: withBody ? '{}' : undefined });
}

/** A stream's answer over real HTTP: its status and headers, and its body when it is a refusal (which ends). */
async function streamCall(endpoint: Endpoint, url: string, headers: Record<string, string>) {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const stop = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}${url}`, { method: endpoint.method, headers, signal: stop.signal });
  const body = response.ok ? '' : await response.text();
  stop.abort();
  return { statusCode: response.status, body, headers: Object.fromEntries(response.headers) as Record<string, string> };
}

const served = (endpoint: Endpoint) => app.hasRoute({ method: endpoint.method, url: routerPath(endpoint.path) });
const isRouterNotFound = (response: { statusCode: number; body: string }) => response.statusCode === 404 && response.body.includes('"no route ');

const tally = { granted: 0, denied: 0, open: 0 };
const outcome = new Map<string, { granted: number; denied: number }>();

describe('every role against every endpoint of the contract', () => {
  it('serves every endpoint of the contract', () => {
    expect(endpoints.filter((endpoint) => !served(endpoint)).map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([]);
  });

  it('answers 401 problem JSON without a token wherever a session is needed', async () => {
    for (const endpoint of endpoints.filter((entry) => entry.access !== 'public')) {
      const response = await call(endpoint);
      expect(response.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(401);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  for (const login of logins) {
    it(`${login.label}: exactly what the permission table grants`, async () => {
      const account = accounts.find((entry) => entry.email === login.email);
      if (!account?.token) throw new Error(`${login.email} could not sign in`);
      const wrong: string[] = [];
      let denied = 0;
      // The server's capabilities answer (issue 32) names exactly the guarded calls it lets through.
      const capabilities = await app.inject({ method: 'GET', url: '/backoffice/api/v2/capabilities', headers: bearer(account.token) });
      expect(capabilities.statusCode).toBe(200);
      const may = new Set(capabilities.json<Capabilities>().may);
      for (const endpoint of endpoints) {
        const response = await call(endpoint, account);
        if (typeof endpoint.access === 'object' && may.has(endpoint.id) !== (response.statusCode !== 401 && response.statusCode !== 403))
          wrong.push(`${endpoint.method} ${endpoint.path}: capabilities say ${may.has(endpoint.id) ? 'may' : 'may not'}, answered ${response.statusCode}`);
        const name = `${endpoint.method} ${endpoint.path}`;
        if (isRouterNotFound(response)) wrong.push(`${name}: not served (router 404)`);
        if (typeof endpoint.access !== 'object') {
          tally.open += 1;
          // No permission needed; only the scope can refuse (403) a group the account may not see.
          const refusable = namesGroup(endpoint) && seesNoGroup(account);
          if (response.statusCode === 401 || (response.statusCode === 403 && !refusable))
            wrong.push(`${name}: needs no permission, answered ${response.statusCode}`);
          continue;
        }
        const { resource, action } = endpoint.access;
        const granted = apiAllows(account.role, resource, action, account.groupStatus);
        const counts = outcome.get(endpoint.id) ?? { granted: 0, denied: 0 };
        if (granted) counts.granted += 1;
        else counts.denied += 1;
        outcome.set(endpoint.id, counts);
        if (granted) {
          tally.granted += 1;
          if (response.statusCode === 401 || response.statusCode === 403)
            wrong.push(`${name}: the table grants ${action} on ${resource}, answered ${response.statusCode} ${response.body.slice(0, 160)}`);
        } else {
          tally.denied += 1;
          denied += 1;
          if (response.statusCode !== 403 || !String(response.headers['content-type']).includes('application/problem+json'))
            wrong.push(`${name}: the table denies ${action} on ${resource}, answered ${response.statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
      // Every account is refused something: no role may call everything (FolioAdmin does not fill in applications).
      expect(denied, 'calls this account is refused').toBeGreaterThan(0);
    });
  }

  it("another user's profile: the object rule the matrix states is what the server does", async () => {
    const target = accounts.find((account) => account.email.startsWith('merchantadmin@'))!;
    const wrong: string[] = [];
    for (const account of accounts.filter((entry) => entry.userId !== target.userId)) {
      for (const endpoint of endpoints.filter((entry) => entry.objectRule)) {
        const { resource, action } = endpoint.objectRule!.others;
        const inScope = rowOf(account.role)?.scope === 'all' || account.groupId === target.groupId;
        const expected = !apiAllows(account.role, resource, action, account.groupStatus) ? 403 : inScope ? 200 : 404;
        const url = endpoint.path.replace('{id}', target.userId);
        const answer = await app.inject({ method: endpoint.method, url, headers: bearer(account.token) });
        if (answer.statusCode !== expected) wrong.push(`${account.label} ${endpoint.id}: expected ${expected}, answered ${answer.statusCode}`);
        // Their own is every signed-in user's.
        const own = await app.inject({ method: endpoint.method, url: endpoint.path.replace('{id}', account.userId), headers: bearer(account.token) });
        if (own.statusCode !== 200) wrong.push(`${account.label} ${endpoint.id} of their own: answered ${own.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('checked each permission-demanding endpoint from both sides: some account granted, some refused', () => {
    const demanding = endpoints.filter((endpoint) => typeof endpoint.access === 'object');
    for (const endpoint of demanding) {
      const counts = outcome.get(endpoint.id);
      expect(counts?.granted, `${endpoint.id} granted to nobody`).toBeGreaterThan(0);
      expect(counts?.denied, `${endpoint.id} refused to nobody`).toBeGreaterThan(0);
    }
    expect(tally.granted + tally.denied + tally.open).toBe(logins.length * endpoints.length);
    console.info(
      `role x endpoint: ${logins.length} accounts x ${endpoints.length} endpoints = ${logins.length * endpoints.length} calls (${tally.granted} granted, ${tally.denied} refused, ${tally.open} without a permission)`,
    );
  });

  it('lets a view-only role reach its RIUD pages while the API only lets it read', async () => {
    const viewer = accounts.find((account) => account.role === 'MerchantViewOnlyUser');
    const me = await app.inject({ method: 'GET', url: `/identity/api/v1/users/${viewer?.userId}`, headers: bearer(viewer?.token ?? '') });
    expect(me.json().userPermissions).toContainEqual({ resource: 'Properties', permissions: ['Read', 'Insert', 'Update', 'Delete'] });
  });
});
