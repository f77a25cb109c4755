import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_CHANGED_DETAIL, type UserDetail, type UserPage } from '../../contract/user-admin';
import { VERSION_HEADER } from '../../contract/versions';
import { resetLinkIn, startSmtpPeer, type SmtpPeer } from '../../testing/mail/smtp-peer';
import { loadCaller } from '../../server/auth/caller';
import { userAuditIds } from '../../server/users/user-admin-routes';
import { assertNotLastAdmin } from '../../server/users/user-guardrails';
import { visibleUser } from '../../server/users/user-query';
import { planWithoutSequentialScans } from '../support/query-plan';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Managing people over real HTTP on a fresh demo database (issue 19): the list scoped to the caller,
// invitations whose e-mailed link sets a password, and the guardrails.

const API = '/folio/payment-api/v2';
let app: FastifyInstance;
let peer: SmtpPeer;
const tokens: Record<string, string> = {};

async function tokenOf(email: string, password?: string): Promise<string> {
  if (!tokens[email]) tokens[email] = (await signIn(app, email, password)).accessToken;
  return tokens[email] as string;
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) {
  return app.inject({ method, url: `${API}${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function groupIdOf(name: string): Promise<string> {
  const row = await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}
async function propertyIdOf(name: string): Promise<string> {
  const row = await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}
async function userIdOf(email: string): Promise<string> {
  const row = await app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  peer = await startSmtpPeer();
  app = await startTestApp({ smtpUrl: peer.url });
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

describe('the users list, scoped to the caller', () => {
  it('shows provider staff everyone, with role, scope, status and last sign-in', async () => {
    const token = await tokenOf('folioadmin@demo.folio.test');
    const answer = await call('GET', '/users?pageSize=100', token);
    expect(answer.statusCode).toBe(200);
    const page = answer.json<UserPage>();
    const emails = page.items.map((row) => row.email);
    expect(emails).toEqual(expect.arrayContaining(['folioadmin@demo.folio.test', 'applicant@demo.folio.test', 'merchantadmin@demo.folio.test']));
    const self = page.items.find((row) => row.email === 'folioadmin@demo.folio.test');
    expect(self).toMatchObject({ role: 'FolioAdmin', scope: 'all', status: 'active', merchantGroupId: null });
    expect(self?.lastSignInAt).not.toBeNull();
    const operations = page.items.find((row) => row.email === 'propertyoperations@demo.folio.test');
    expect(operations).toMatchObject({ role: 'PropertyOperations', scope: 'assigned', merchantGroupName: 'Lagoon Hotels Group' });
    expect(operations?.properties.length).toBeGreaterThan(0);
  });

  it("shows a merchant admin only their group's users, by /users and by /users/merchant-group/{id}; another group is a 404", async () => {
    const token = await tokenOf('merchantadmin@demo.folio.test');
    const lagoon = await groupIdOf('Lagoon Hotels Group');
    for (const url of ['/users?pageSize=100', `/users/merchant-group/${lagoon}?pageSize=100`]) {
      const page = (await call('GET', url, token)).json<UserPage>();
      expect(page.items.length).toBeGreaterThan(3);
      expect(page.items.every((row) => row.merchantGroupId === lagoon)).toBe(true);
      expect(page.items.map((row) => row.email)).not.toContain('folioadmin@demo.folio.test');
    }
    expect((await call('GET', `/users/merchant-group/${await groupIdOf('Alpine Lodges Group')}`, token)).statusCode).toBe(404);
  });

  it('filters by search text, role and status', async () => {
    const token = await tokenOf('folioadmin@demo.folio.test');
    const searched = (await call('GET', '/users?search=PROPERTYOPER', token)).json<UserPage>();
    expect(searched.items.map((row) => row.email)).toEqual(['propertyoperations@demo.folio.test']);
    const byRole = (await call('GET', '/users?role=MerchantAdmin&pageSize=100', token)).json<UserPage>();
    expect(byRole.items.length).toBeGreaterThan(0);
    expect(byRole.items.every((row) => row.role === 'MerchantAdmin')).toBe(true);
    const invited = (await call('GET', '/users?status=invited', token)).json<UserPage>();
    expect(invited.items.every((row) => row.status === 'invited')).toBe(true);
    expect((await call('GET', '/users?status=sleeping', token)).statusCode).toBe(400);
  });

  it('refuses a role without Read on Users (403)', async () => {
    const answer = await call('GET', '/users', await tokenOf('propertyoperations@demo.folio.test'));
    expect(answer.statusCode).toBe(403);
    expect(answer.headers['content-type']).toContain('application/problem+json');
  });
});

describe('inviting a user', () => {
  it('creates an invited property operations user whose e-mailed one-time link sets a password, then signs in to that property only', async () => {
    const admin = await tokenOf('merchantadmin@demo.folio.test');
    const canal = await propertyIdOf('Canal House Amsterdam');
    const received = peer.received.length;
    const created = await call('POST', '/users', admin, {
      firstName: 'Ines',
      lastName: 'Ops',
      email: 'Ines.Ops@Example.test',
      role: 'PropertyOperations',
      merchantIds: [canal],
    });
    expect(created.statusCode).toBe(201);
    const user = created.json<UserDetail>();
    expect(user).toMatchObject({ email: 'ines.ops@example.test', role: 'PropertyOperations', status: 'invited', scope: 'assigned', mayManage: true });
    expect(user.properties).toEqual([{ merchantId: canal, name: 'Canal House Amsterdam' }]);
    expect(new Date(user.invitationExpiresAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 71 * 3600_000);

    // Invited users cannot sign in before they set a password.
    expect((await signIn(app, 'ines.ops@example.test', 'anything')).response.statusCode).toBe(401);
    const link = resetLinkIn((await peer.nextMailTo('ines.ops@example.test', { after: received })).text);
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    const reset = () =>
      app.inject({
        method: 'POST',
        url: '/identity/api/v2/auth/folio/reset-password',
        payload: { token, password: 'New-pass-2026!', confirmPassword: 'New-pass-2026!' },
      });
    expect((await reset()).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(400);

    const own = await signIn(app, 'ines.ops@example.test', 'New-pass-2026!');
    expect(own.response.statusCode).toBe(200);
    const properties = await call('GET', `/merchant-scopes/${user.userId}/properties`, own.accessToken);
    expect(properties.json<{ name: string }[]>().map((property) => property.name)).toEqual(['Canal House Amsterdam']);
    const detail = (await call('GET', `/users/${user.userId}/details`, admin)).json<UserDetail>();
    expect(detail.status).toBe('active');
  });

  it('refuses a duplicate e-mail (400 on the field) and bad input (400), never 500', async () => {
    const admin = await tokenOf('merchantadmin@demo.folio.test');
    const duplicate = await call('POST', '/users', admin, {
      firstName: 'A',
      lastName: 'B',
      email: 'propertymanager@demo.folio.test',
      role: 'MerchantViewOnlyUser',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors.email).toBeDefined();
    const noProperty = await call('POST', '/users', admin, {
      firstName: 'A',
      lastName: 'B',
      email: 'np@example.test',
      role: 'PropertyOperations',
      merchantIds: [],
    });
    expect(noProperty.statusCode).toBe(400);
    expect(noProperty.json()).toMatchObject({ code: 'user.chooseProperty', errors: { merchantIds: ['choose at least one property'] } });
    const badRole = await call('POST', '/users', admin, { firstName: 'A', lastName: 'B', email: 'br@example.test', role: 'Merchant' });
    expect(badRole.statusCode).toBe(400);
  });
});

describe('guardrails', () => {
  it('UserManagement cannot create a provider-side user or a merchant admin, nor scope a user to another group (403)', async () => {
    const manager = await tokenOf('usermanagement@demo.folio.test');
    const provider = await call('POST', '/users', manager, { firstName: 'P', lastName: 'P', email: 'p1@example.test', role: 'FolioAdmin' });
    expect(provider.statusCode).toBe(403);
    expect(provider.json().detail).toContain('provider-side');
    expect((await call('POST', '/users', manager, { firstName: 'P', lastName: 'P', email: 'p2@example.test', role: 'MerchantAdmin' })).statusCode).toBe(403);
    const foreign = await propertyIdOf('Alpine Lodge Innsbruck');
    const scoped = await call('POST', '/users', manager, {
      firstName: 'P',
      lastName: 'P',
      email: 'p3@example.test',
      role: 'PropertyOperations',
      merchantIds: [foreign],
    });
    expect(scoped.statusCode).toBe(403);
    const otherGroup = await call('POST', '/users', manager, {
      firstName: 'P',
      lastName: 'P',
      email: 'p4@example.test',
      role: 'MerchantViewOnlyUser',
      merchantGroupId: await groupIdOf('Alpine Lodges Group'),
    });
    expect(otherGroup.statusCode).toBe(403);
    const count = await app.ctx.db.selectFrom('users').select('id').where('email', 'like', 'p_@example.test').execute();
    expect(count).toEqual([]);
  });

  it('a property manager gives only properties they cover', async () => {
    const manager = await tokenOf('propertymanager@demo.folio.test');
    const mine = (await call('GET', '/user-merchant-permissions/properties', manager)).json<{ merchantId: string }[]>().map((row) => row.merchantId);
    const all = await app.ctx.db
      .selectFrom('merchants')
      .select('id')
      .where('merchant_group_id', '=', await groupIdOf('Lagoon Hotels Group'))
      .execute();
    const notMine = all.map((row) => row.id).find((id) => !mine.includes(id));
    if (notMine) {
      const answer = await call('POST', '/users', manager, {
        firstName: 'Q',
        lastName: 'Q',
        email: 'q@example.test',
        role: 'PropertyOperations',
        merchantIds: [notMine],
      });
      expect(answer.statusCode).toBe(403);
    }
    const merchantLevel = await call('POST', '/users', manager, { firstName: 'Q', lastName: 'Q', email: 'q2@example.test', role: 'UserManagement' });
    expect(merchantLevel.statusCode).toBe(403);
  });

  it('nobody changes their own role; the last merchant admin cannot be demoted or deactivated (409 with a clear message)', async () => {
    const admin = await tokenOf('merchantadmin@demo.folio.test');
    const adminId = await userIdOf('merchantadmin@demo.folio.test');
    const self = await call('PUT', '/users', admin, { userId: adminId, firstName: 'Mara', lastName: 'Admin', role: 'MerchantViewOnlyUser' });
    expect(self.statusCode).toBe(403);
    expect(self.json().detail).toContain('your own role');

    const manager = await tokenOf('usermanagement@demo.folio.test');
    // UserManagement may not touch a merchant admin at all (a role beyond their own).
    expect((await call('POST', `/users/${adminId}/deactivate`, manager)).statusCode).toBe(403);

    const provider = await tokenOf('folioadmin@demo.folio.test');
    const otherAdmins = await app.ctx.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select('users.id')
      .where('user_roles.role_name', '=', 'MerchantAdmin')
      .where('users.merchant_group_id', '=', await groupIdOf('Lagoon Hotels Group'))
      .where('users.id', '<>', adminId)
      .execute();
    expect(otherAdmins).toEqual([]);
    const deactivate = await call('POST', `/users/${adminId}/deactivate`, provider);
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().detail).toMatch(/last active merchant admin of Lagoon Hotels Group/);
    const demote = await call('PUT', '/users', provider, { userId: adminId, firstName: 'X', lastName: 'Y', role: 'MerchantViewOnlyUser' });
    expect(demote.statusCode).toBe(409);
    const still = await app.ctx.db.selectFrom('users').select(['disabled', 'first_name']).where('id', '=', adminId).executeTakeFirstOrThrow();
    expect(still).toEqual({ disabled: false, first_name: expect.not.stringMatching(/^X$/) });
  });

  it('the last active provider admin cannot be deactivated or demoted (409); a provider user cannot touch provider admins (403)', async () => {
    const provider = await tokenOf('folioadmin@demo.folio.test');
    const admins = await app.ctx.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select(['users.id', 'users.email'])
      .where('user_roles.role_name', 'in', ['FolioAdmin', 'SuperAdmin', 'Admin'])
      .where('user_roles.position', '=', 0)
      .execute();
    const others = admins.filter((row) => row.email !== 'folioadmin@demo.folio.test');
    expect(others.length).toBeGreaterThan(0);
    const folioUser = await tokenOf('foliouser@demo.folio.test');
    expect((await call('POST', `/users/${others[0]?.id}/deactivate`, folioUser)).statusCode).toBe(403);
    for (const other of others) expect((await call('POST', `/users/${other.id}/deactivate`, provider)).statusCode).toBe(200);
    const self = await userIdOf('folioadmin@demo.folio.test');
    expect((await call('POST', `/users/${self}/deactivate`, provider)).statusCode).toBe(409);
    // Nobody else active may act now; the guard itself still refuses, whoever would ask.
    expect(await loadCaller(app.ctx.db, await userIdOf('superadmin@demo.folio.test'), 'test')).toBeUndefined();
    const selfCaller = await loadCaller(app.ctx.db, self, 'test');
    const target = selfCaller && (await visibleUser(app.ctx.db, selfCaller, self));
    if (!target) throw new Error('folioadmin must be visible to themselves');
    await expect(assertNotLastAdmin(app.ctx.db, target, null, 'deactivate')).rejects.toMatchObject({ problem: { status: 409 } });
    await expect(assertNotLastAdmin(app.ctx.db, target, 'FolioUser', 'change the role of')).rejects.toThrow(/last active provider admin/);
    for (const other of others) expect((await call('POST', `/users/${other.id}/reactivate`, provider)).statusCode).toBe(200);
    await expect(assertNotLastAdmin(app.ctx.db, target, null, 'deactivate')).resolves.toBeUndefined();
  });
});

describe('changes take effect on the next request', () => {
  it('widening a scope shows at once, a role change changes grants at once, deactivation ends the session at once', async () => {
    const admin = await tokenOf('merchantadmin@demo.folio.test');
    const [canal, dune] = [await propertyIdOf('Canal House Amsterdam'), await propertyIdOf('Dune Resort Scheveningen')];
    const received = peer.received.length;
    const user = (
      await call('POST', '/users', admin, {
        firstName: 'Live',
        lastName: 'Grants',
        email: 'live@example.test',
        role: 'PropertyOperations',
        merchantIds: [canal],
      })
    ).json<UserDetail>();
    const link = resetLinkIn((await peer.nextMailTo('live@example.test', { after: received })).text) ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    await app.inject({
      method: 'POST',
      url: '/identity/api/v2/auth/folio/reset-password',
      payload: { token, password: 'Live-pass-2026!', confirmPassword: 'Live-pass-2026!' },
    });
    const own = (await signIn(app, 'live@example.test', 'Live-pass-2026!')).accessToken;
    const names = async () =>
      (await call('GET', `/merchant-scopes/${user.userId}/properties`, own)).json<{ name: string }[]>().map((property) => property.name);
    expect(await names()).toEqual(['Canal House Amsterdam']);

    const widened = await call('POST', '/merchant-scopes/assign', admin, { userId: user.userId, merchantIds: [canal, dune] });
    expect(widened.statusCode).toBe(200);
    expect(await names()).toEqual(['Canal House Amsterdam', 'Dune Resort Scheveningen']);

    // View-only: the same token may no longer create a payment-side write; it still reads.
    expect((await call('GET', '/users', own)).statusCode).toBe(403);
    await call('PUT', '/users', admin, { userId: user.userId, firstName: 'Live', lastName: 'Grants', role: 'UserManagement' });
    expect((await call('GET', '/users', own)).statusCode).toBe(200);

    const deactivated = await call('POST', `/users/${user.userId}/deactivate`, admin);
    expect(deactivated.json<UserDetail>().status).toBe('deactivated');
    const refused = await call('GET', `/merchant-scopes/${user.userId}/properties`, own);
    expect(refused.statusCode).toBe(401);
    const revoked = await app.ctx.db.selectFrom('sessions').select('revoked_at').where('user_id', '=', user.userId).execute();
    expect(revoked.every((row) => row.revoked_at !== null)).toBe(true);
    expect((await signIn(app, 'live@example.test', 'Live-pass-2026!')).response.statusCode).toBe(401);

    const trail = (await call('GET', `/users/${user.userId}/audit`, admin)).json<
      { action: string; before: { role?: string } | null; after: { role?: string } | null }[]
    >();
    expect(trail.map((entry) => entry.action)).toEqual(expect.arrayContaining(['user.invited', 'user.updated', 'user.deactivated']));
    const roleChange = trail.find((entry) => entry.action === 'user.updated' && entry.after?.role === 'UserManagement');
    expect(roleChange?.before?.role).toBe('PropertyOperations');
  });
});

describe('two admins changing one user (decision 0355)', () => {
  it('refuses, with 412 and nothing written, a change made from a version a colleague has replaced', async () => {
    const admin = await tokenOf('merchantadmin@demo.folio.test');
    const userId = await userIdOf('propertyoperations@demo.folio.test');
    const [harbour, canal] = [await propertyIdOf('Harbour View Hotel'), await propertyIdOf('Canal House Amsterdam')];
    const opened = (await call('GET', `/users/${userId}/details`, admin)).json<UserDetail>();
    const change = (merchantIds: string[], version: string) =>
      app.inject({
        method: 'PUT',
        url: `${API}/users`,
        headers: { ...bearer(admin), [VERSION_HEADER]: version },
        payload: { userId, firstName: opened.firstName, lastName: opened.lastName, role: 'PropertyOperations', merchantIds },
      });
    // One admin narrows the user to one property; the other, on the page opened before, would give both back.
    const narrowed = await change([harbour], opened.updatedAt);
    expect(narrowed.statusCode).toBe(200);
    const stale = await change([harbour, canal], opened.updatedAt);
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ status: 412, detail: USER_CHANGED_DETAIL, code: 'user.changedSince' });
    expect((await call('GET', `/users/${userId}/details`, admin)).json<UserDetail>().properties.map((property) => property.merchantId)).toEqual([harbour]);
    // Made from the current version, the same change goes through.
    expect((await change([harbour, canal], narrowed.json<UserDetail>().updatedAt)).statusCode).toBe(200);
  });
});

describe("a user's audit page as the log grows (decision 0719)", () => {
  it('shows the newest hundred of what they did and what was done to their account, and reads what they did from its own index', async () => {
    const admin = await tokenOf('folioadmin@demo.folio.test');
    const userId = await userIdOf('createcanceluser@demo.folio.test');
    const adminId = await userIdOf('folioadmin@demo.folio.test');
    // Their own entries, others' entries about their account, and entries of nobody's (a guest's payment), interleaved.
    await sql`INSERT INTO audit_log (actor_user_id, action, entity_type, entity_id, created_at)
      SELECT CASE WHEN n % 5 = 0 THEN ${adminId}::uuid WHEN n % 5 = 1 THEN NULL ELSE ${userId}::uuid END,
        CASE WHEN n % 5 = 0 THEN 'user.updated' ELSE 'payment-link.create' END,
        CASE WHEN n % 5 = 0 THEN 'user' ELSE 'order' END,
        CASE WHEN n % 5 = 0 THEN ${userId} ELSE n::text END,
        now() + make_interval(secs => n)
      FROM generate_series(1, 300) AS n`.execute(app.ctx.db);
    const shown = (await call('GET', `/users/${userId}/audit`, admin)).json<{ id: string }[]>().map((entry) => entry.id);
    const { rows } = await sql<{ id: string }>`SELECT id::text FROM audit_log
      WHERE actor_user_id = ${userId}::uuid OR (entity_type = 'user' AND entity_id = ${userId}) ORDER BY audit_log.id DESC LIMIT 100`.execute(app.ctx.db);
    expect(shown).toHaveLength(100);
    expect(shown).toEqual(rows.map((row) => row.id));
    // Discouraged from scanning the log or walking it in order, what they did is still found through its index.
    const plan = await planWithoutSequentialScans(app.ctx.db, (trx) => sql`SELECT id FROM audit_log WHERE id IN (${userAuditIds(userId)})`.compile(trx), {
      orIndexWalks: true,
    });
    expect(plan).toContain('audit_log_actor');
    expect(plan).not.toContain('Seq Scan on audit_log');
  });
});
