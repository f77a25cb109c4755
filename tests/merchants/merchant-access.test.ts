import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { resetLinkIn, startSmtpPeer, type SmtpPeer } from '../../testing/mail/smtp-peer';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 17 "Merchants list and access", server half: provider staff grant merchant access (a new
// or existing group and its merchant admin), the invitation arrives over SMTP, its link sets a
// password, and the new admin signs in to their group's KYC application. Duplicates are refused.

const GRANT = `${MERCHANT_API}/merchants/pre-init`;
const RESET = '/identity/api/v2/auth/folio/reset-password';
const NEW_PASSWORD = 'Invited-pass-2026';

let app: FastifyInstance;
let peer: SmtpPeer;
let admin: string;
let user: string;

beforeAll(async () => {
  peer = await startSmtpPeer();
  app = await startTestApp({ orders: 0, smtpUrl: peer.url });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  user = (await signIn(app, 'foliouser@demo.folio.test')).accessToken;
}, 120_000);
afterAll(async () => {
  await app.close();
  await peer.close();
});

const post = (token: string, url: string, payload: object) => app.inject({ method: 'POST', url, headers: bearer(token), payload });
const get = (token: string, url: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
const invitee = (email: string) => ({ firstName: 'Nora', lastName: 'Lind', email });

describe('granting merchant access', () => {
  it('creates the group and its admin, e-mails a link that sets the password, and the admin opens KYC', async () => {
    const before = peer.received.length;
    const granted = await post(admin, GRANT, { newGroup: { name: 'Fjord Hotels', country: 'no' }, admin: invitee('Nora@Fjord.example') });
    expect(granted.statusCode).toBe(201);
    const answer = granted.json();
    expect(answer).toMatchObject({ invitedEmail: 'nora@fjord.example', merchantGroup: { name: 'Fjord Hotels', country: 'NO', status: 'Created' } });
    expect(new Date(answer.invitationExpiresAt).getTime() - Date.now()).toBeGreaterThan(6 * 24 * 3600 * 1000);

    const mail = await peer.nextMailTo('nora@fjord.example', { after: before });
    expect(mail.subject).toBe('Your Folio access for Fjord Hotels');
    const link = resetLinkIn(mail.text) ?? '';
    expect(link).toMatch(/\/create-password\?token=/);
    const token = new URL(link).searchParams.get('token') ?? '';

    // No password yet: signing in fails until the link is used.
    expect((await signIn(app, 'nora@fjord.example', NEW_PASSWORD)).response.statusCode).not.toBe(200);
    expect((await app.inject({ method: 'POST', url: RESET, payload: { token, password: NEW_PASSWORD } })).statusCode).toBe(200);
    // One-time: the same link cannot set another password.
    expect((await app.inject({ method: 'POST', url: RESET, payload: { token, password: 'Another-pass-2026' } })).statusCode).toBe(400);

    const invited = (await signIn(app, 'nora@fjord.example', NEW_PASSWORD)).accessToken;
    expect(invited).not.toBe('');
    const opened = await post(invited, `${MERCHANT_API}/merchant-groups/pre-init`, {});
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ merchantGroupId: answer.merchantGroup.merchantGroupId, status: 'Created', allowedActions: ['submit'] });
    const tracking = await get(invited, `${MERCHANT_API}/merchants/validate/${answer.merchantGroup.merchantGroupId}/onboarding-tracking`);
    expect(tracking.json()).toMatchObject({ status: 'Created', resumeStep: 'application-overview' });
  });

  it('invites the admin of an existing group that has none', async () => {
    const group = await post(admin, `${MERCHANT_API}/merchant-groups`, { name: 'Sunset Villas', country: 'ES', contactEmail: 'office@sunset.example' });
    expect(group.statusCode).toBe(201);
    const id = group.json().merchantGroupId;
    const granted = await post(user, GRANT, { merchantGroupId: id, admin: invitee('admin@sunset.example') });
    expect(granted.statusCode).toBe(201);
    expect(granted.json().merchantGroup.merchantGroupId).toBe(id);
    await peer.nextMailTo('admin@sunset.example');
    // A second admin for the same group is refused: the group has its admin.
    const again = await post(admin, GRANT, { merchantGroupId: id, admin: invitee('other@sunset.example') });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.merchantGroupId[0]).toMatch(/has its merchant admin already/);
    expect(again.json()).toMatchObject({ code: 'merchantAccess.groupHasAdmin', params: { email: 'admin@sunset.example' } });
  });

  it('refuses a taken group name (any letter case) and a taken e-mail with a clear message, and writes nothing', async () => {
    const users = async () => (await app.ctx.db.selectFrom('users').select(app.ctx.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    const groups = async () => (await app.ctx.db.selectFrom('merchant_groups').select(app.ctx.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    const [usersBefore, groupsBefore] = [await users(), await groups()];
    const name = await post(admin, GRANT, { newGroup: { name: 'lagoon hotels group', country: 'NL' }, admin: invitee('new@lagoon.example') });
    expect(name.statusCode).toBe(409);
    expect(name.json().errors['newGroup.name'][0]).toMatch(/exists already/);
    expect(name.json()).toMatchObject({ code: 'merchantGroup.nameTaken', params: { name: expect.stringMatching(/lagoon hotels group/i) } });
    const email = await post(admin, GRANT, { newGroup: { name: 'Brand New Group', country: 'NL' }, admin: invitee('MerchantAdmin@demo.folio.test') });
    expect(email.statusCode).toBe(409);
    expect(email.json().errors['admin.email'][0]).toMatch(/merchantadmin@demo\.folio\.test exists already/);
    expect(email.json().code).toBe('merchantAccess.emailTaken');
    expect([await users(), await groups()]).toEqual([usersBefore, groupsBefore]);
  });

  it('validates the body: one group choice, names, country and e-mail, as field errors', async () => {
    const both = await post(admin, GRANT, {
      merchantGroupId: '00000000-0000-4000-8000-000000000000',
      newGroup: { name: 'X Y', country: 'NL' },
      admin: invitee('a@b.example'),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.merchantGroupId).toEqual(['merchants.validation.groupChoice']);
    const bad = await post(admin, GRANT, { newGroup: { name: 'X', country: 'Holland' }, admin: { firstName: '', lastName: 'L', email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'newGroup.name': ['merchants.validation.tooShort'],
      'newGroup.country': ['merchants.validation.country'],
      'admin.firstName': ['merchants.validation.required'],
      'admin.email': ['merchants.validation.email'],
    });
    const missing = await post(admin, GRANT, { merchantGroupId: '00000000-0000-4000-8000-000000000000', admin: invitee('z@b.example') });
    expect(missing.statusCode).toBe(404);
  });

  it('is for provider staff with Insert on Merchants only', async () => {
    for (const email of ['merchantadmin@demo.folio.test', 'superadmin@demo.folio.test', 'propertymanager@demo.folio.test']) {
      const token = (await signIn(app, email)).accessToken;
      const refused = await post(token, GRANT, { newGroup: { name: `Group of ${email}`, country: 'NL' }, admin: invitee(`x-${email}`) });
      expect(refused.statusCode, email).toBe(403);
    }
  });
});

describe('the merchants list (GET /merchant-groups)', () => {
  it('answers groups with their properties count, searchable, filterable by onboarding status and sortable', async () => {
    const all = await get(admin, `${MERCHANT_API}/merchant-groups?pageSize=50`);
    expect(all.statusCode).toBe(200);
    const lagoon = all.json().items.find((group: { name: string }) => group.name === 'Lagoon Hotels Group');
    expect(lagoon).toMatchObject({ status: 'Active', propertiesCount: 4 });

    const searched = (await get(admin, `${MERCHANT_API}/merchant-groups?search=lagoon`)).json();
    expect(searched.items.map((group: { name: string }) => group.name)).toEqual(['Lagoon Hotels Group']);
    const created = (await get(admin, `${MERCHANT_API}/merchant-groups?status=Created&pageSize=50`)).json();
    expect(created.total).toBeGreaterThan(0);
    expect(created.items.every((group: { status: string }) => group.status === 'Created')).toBe(true);

    const byCount = (await get(admin, `${MERCHANT_API}/merchant-groups?sortBy=propertiesCount&sortDirection=desc&pageSize=50`)).json();
    const counts = byCount.items.map((group: { propertiesCount: number }) => group.propertiesCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const byName = (await get(admin, `${MERCHANT_API}/merchant-groups?sortBy=name&sortDirection=asc&pageSize=50`)).json();
    const names = byName.items.map((group: { name: string }) => group.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    const invalid = await get(admin, `${MERCHANT_API}/merchant-groups?status=Sleeping&sortBy=colour`);
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors)).toEqual(expect.arrayContaining(['query.status', 'query.sortBy']));
  });
});
