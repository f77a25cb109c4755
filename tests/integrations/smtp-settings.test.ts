import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SMTP_PASSWORD_AGAIN, type SmtpSettingsAnswer, type SmtpTestAnswer } from '../../contract/smtp-settings';
import { startSmtpAuthPeer, type SmtpAuthPeer } from '../../testing/integrations/smtp-auth-peer';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 17/18 e-mail settings (decision 0280): saved per merchant group or property, the password
// stored only encrypted and never answered, and "send a test e-mail" talking to a real SMTP server.
const BASE = '/folio/payment-api/v2/merchant-smtp';
const MAILBOX = { user: 'lagoon-mailer', password: 'Sm7p-pa55-word!' };
let app: FastifyInstance;
let peer: SmtpAuthPeer;
let admin: string;
let merchantAdmin: string;
let otherGroupAdmin: string;
let groupId: string;
let propertyId: string;
let otherGroupId: string;

const save = (token: string, body: Record<string, unknown>) => app.inject({ method: 'PUT', url: BASE, headers: bearer(token), payload: body });
const read = (token: string, scope: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `${BASE}/search`, headers: bearer(token), payload: { scope } });
const sendTest = (token: string, scope: Record<string, unknown>, to: string) =>
  app.inject({ method: 'POST', url: `${BASE}/test`, headers: bearer(token), payload: { scope, to } });
const groupScope = () => ({ kind: 'merchantGroup', merchantGroupId: groupId });
const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  scope: groupScope(),
  provider: 'SMTP',
  server: peer.host,
  port: peer.port,
  encryption: 'None',
  username: MAILBOX.user,
  password: MAILBOX.password,
  senderEmail: 'bookings@lagoon.example',
  senderName: 'Lagoon Hotels',
  ...overrides,
});

beforeAll(async () => {
  peer = await startSmtpAuthPeer(MAILBOX);
  app = await startTestApp({ orders: 10 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  otherGroupAdmin = (await signIn(app, 'applicant@demo.folio.test')).accessToken;
  const group = await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', 'Lagoon Hotels Group').executeTakeFirstOrThrow();
  groupId = group.id;
  propertyId = (await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', 'Canal House Amsterdam').executeTakeFirstOrThrow()).id;
  otherGroupId = (await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', 'Alpine Lodges Group').executeTakeFirstOrThrow()).id;
}, 180_000);
afterAll(async () => {
  await app.close();
  await peer.close();
});

describe('e-mail settings', () => {
  test('are saved for a group; the password is stored encrypted and never answered, only that one is stored', async () => {
    const saved = await save(merchantAdmin, settingsBody());
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(MAILBOX.password);
    expect(saved.json<SmtpSettingsAnswer>().settings).toMatchObject({ server: peer.host, port: peer.port, username: MAILBOX.user, passwordStored: true });

    const again = await read(admin, groupScope());
    expect(again.body).not.toContain(MAILBOX.password);
    expect(again.json<SmtpSettingsAnswer>().settings?.passwordStored).toBe(true);

    const stored = await app.ctx.db.selectFrom('smtp_settings').select('password_cipher').where('merchant_group_id', '=', groupId).executeTakeFirstOrThrow();
    expect(stored.password_cipher).toMatch(/^v1\./);
    expect(stored.password_cipher).not.toContain(MAILBOX.password);
    const audit = await app.ctx.db.selectFrom('audit_log').select('detail').where('action', '=', 'smtp-settings.saved').execute();
    expect(JSON.stringify(audit)).not.toContain(MAILBOX.password);
  });

  test('"send a test e-mail" logs in to the real server and the e-mail arrives; the answer is its reply code (a server on 127.0.0.1: decision 0382)', async () => {
    await save(merchantAdmin, settingsBody());
    const before = peer.received.length;
    const response = await sendTest(merchantAdmin, groupScope(), 'frontdesk@lagoon.example');
    expect(response.statusCode).toBe(200);
    const answer = response.json<SmtpTestAnswer>();
    expect(answer.delivered).toBe(true);
    expect(answer.serverAnswer).toMatch(/^250: the server accepted the test e-mail/);
    expect(peer.received.length).toBe(before + 1);
    expect(peer.received.at(-1)).toMatchObject({
      to: ['frontdesk@lagoon.example'],
      from: 'bookings@lagoon.example',
      user: MAILBOX.user,
      subject: 'Folio test e-mail',
    });
  });

  test('saving without a password keeps the stored one (the form never has it to send back)', async () => {
    const { password: _left, ...withoutPassword } = settingsBody({ senderName: 'Lagoon front desk' });
    expect((await save(merchantAdmin, withoutPassword)).statusCode).toBe(200);
    expect((await save(merchantAdmin, { ...withoutPassword, password: '' })).statusCode).toBe(200);
    const answer = (await sendTest(merchantAdmin, groupScope(), 'frontdesk@lagoon.example')).json<SmtpTestAnswer>();
    expect(answer.delivered).toBe(true);
  });

  test('a kept password goes only to the server and user it was saved for: pointed elsewhere, it must be typed again', async () => {
    const { password: _left, ...withoutPassword } = settingsBody();
    for (const elsewhere of [{ server: '127.0.0.2' }, { port: peer.port + 1 }, { username: 'someone-else' }, { encryption: 'STARTTLS' }]) {
      const refused = await save(merchantAdmin, { ...withoutPassword, ...elsewhere });
      expect(refused.statusCode, JSON.stringify(elsewhere)).toBe(400);
      expect(refused.json()).toMatchObject({ errors: { password: [SMTP_PASSWORD_AGAIN] }, code: 'emailSettings.passwordAgain' });
    }
    // Nothing changed: the test e-mail still logs in where the password was saved for.
    expect((await sendTest(merchantAdmin, groupScope(), 'frontdesk@lagoon.example')).json<SmtpTestAnswer>().delivered).toBe(true);
    // With the password typed again, the new server is saved.
    expect((await save(merchantAdmin, { ...withoutPassword, username: 'someone-else', password: 'another' })).statusCode).toBe(200);
    await save(merchantAdmin, settingsBody());
  });

  test('a wrong password: the server refuses the login and its codes come back, not its words (a private server)', async () => {
    await save(merchantAdmin, settingsBody({ password: 'not-the-password' }));
    const before = peer.received.length;
    const answer = (await sendTest(merchantAdmin, groupScope(), 'frontdesk@lagoon.example')).json<SmtpTestAnswer>();
    expect(answer.delivered).toBe(false);
    expect(answer.serverAnswer).toMatch(/^535 EAUTH: the server refused the login/);
    expect(answer.serverAnswer).not.toContain('Invalid username or password');
    expect(answer.serverAnswer).not.toContain('not-the-password');
    expect(peer.received.length).toBe(before);
    await save(merchantAdmin, settingsBody());
  });

  test('a refused connection is reported as such', async () => {
    const closed: Server = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const property = { kind: 'property', merchantGroupId: groupId, merchantId: propertyId };
    expect((await save(merchantAdmin, settingsBody({ scope: property, port }))).statusCode).toBe(200);
    const answer = (await sendTest(merchantAdmin, property, 'frontdesk@lagoon.example')).json<SmtpTestAnswer>();
    expect(answer).toMatchObject({ delivered: false });
    expect(answer.serverAnswer).toContain('ECONNREFUSED');
  });

  test("a property without settings of its own sends with its group's, and shows them as inherited", async () => {
    const dune = (await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', 'Dune Resort Scheveningen').executeTakeFirstOrThrow()).id;
    const scope = { kind: 'property', merchantGroupId: groupId, merchantId: dune };
    const answer = (await read(merchantAdmin, scope)).json<SmtpSettingsAnswer>();
    expect(answer.settings).toBeNull();
    expect(answer.inherited).toMatchObject({ server: peer.host, passwordStored: true });
    expect((await sendTest(merchantAdmin, scope, 'dune@lagoon.example')).json<SmtpTestAnswer>().delivered).toBe(true);
  });

  test('bad input is a 400 naming the fields', async () => {
    const response = await save(merchantAdmin, settingsBody({ server: 'smtp://x', port: 70000, senderEmail: 'nope', provider: 'Pigeon' }));
    expect(response.statusCode).toBe(400);
    const errors = response.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors).sort()).toEqual(['port', 'provider', 'senderEmail', 'server']);
  });

  test('a mail server that is no host name or IP address is a 400 on the field, not a setting that can never connect', async () => {
    for (const server of ['....', '::::', '1.2.3', '999.999.999.999', '[1.2', 'mail]']) {
      const response = await save(merchantAdmin, settingsBody({ server }));
      expect({ server, status: response.statusCode, fields: Object.keys(response.json<{ errors?: object }>().errors ?? {}) }).toEqual({
        server,
        status: 400,
        fields: ['server'],
      });
    }
    for (const server of ['mail.lagoon.example', '192.0.2.25', '[2001:db8::25]', '2001:db8::25']) {
      const response = await save(merchantAdmin, settingsBody({ server }));
      expect({ server, status: response.statusCode }).toEqual({ server, status: 200 });
    }
    expect((await save(merchantAdmin, settingsBody())).statusCode).toBe(200);
  });

  test("nobody reads, changes or tests another group's settings; a property must belong to the group named", async () => {
    const otherProperty = (await app.ctx.db.selectFrom('merchants').select('id').where('merchant_group_id', '=', otherGroupId).executeTakeFirstOrThrow()).id;
    const otherGroup = { kind: 'merchantGroup', merchantGroupId: otherGroupId };
    expect((await read(merchantAdmin, otherGroup)).statusCode).toBe(404);
    expect((await save(merchantAdmin, settingsBody({ scope: otherGroup }))).statusCode).toBe(404);
    expect((await sendTest(merchantAdmin, otherGroup, 'x@example.com')).statusCode).toBe(404);
    expect((await read(merchantAdmin, { kind: 'property', merchantGroupId: otherGroupId, merchantId: otherProperty })).statusCode).toBe(404);
    // A property of another group under this group's id is no way round it either.
    expect((await read(merchantAdmin, { kind: 'property', merchantGroupId: groupId, merchantId: otherProperty })).statusCode).toBe(404);
    // The other group's admin (group not yet Active) and a view-only user have no settings rights at all.
    expect((await read(otherGroupAdmin, groupScope())).statusCode).toBe(403);
    const viewOnly = (await signIn(app, 'merchantviewonlyuser@demo.folio.test')).accessToken;
    expect((await read(viewOnly, groupScope())).statusCode).toBe(403);
  });

  test("a property manager changes their property's settings but not the group's defaults", async () => {
    const manager = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
    const assigned = await app.ctx.db
      .selectFrom('user_merchant_scopes')
      .innerJoin('users', 'users.id', 'user_merchant_scopes.user_id')
      .innerJoin('merchants', 'merchants.id', 'user_merchant_scopes.merchant_id')
      .select(['merchants.id', 'merchants.merchant_group_id'])
      .where('users.email', '=', 'propertymanager@demo.folio.test')
      .executeTakeFirstOrThrow();
    const own = { kind: 'property', merchantGroupId: assigned.merchant_group_id, merchantId: assigned.id };
    expect((await save(manager, settingsBody({ scope: own }))).statusCode).toBe(200);
    expect((await read(manager, { kind: 'merchantGroup', merchantGroupId: assigned.merchant_group_id })).statusCode).toBe(404);
    expect((await save(manager, settingsBody({ scope: { kind: 'merchantGroup', merchantGroupId: assigned.merchant_group_id } }))).statusCode).toBe(404);
  });

  test('a production server (private targets not allowed) refuses loopback and private mail servers', async () => {
    app.ctx.config.integrations.allowPrivateTargets = false;
    try {
      for (const server of ['127.0.0.1', 'localhost', '10.0.0.8', 'mail.internal']) {
        const response = await save(merchantAdmin, settingsBody({ server }));
        expect(response.statusCode, server).toBe(400);
        expect(response.json<{ errors: Record<string, string[]> }>().errors.server?.[0]).toMatch(/private network/);
        expect(response.json<{ code?: string }>().code, server).toBe('outboundTarget.privateAddress');
      }
      // Settings saved earlier are not dialled either: the check runs on the address about to be used.
      await app.ctx.db
        .updateTable('smtp_settings')
        .set({ server: 'localhost' })
        .where('merchant_group_id', '=', groupId)
        .where('merchant_id', 'is', null)
        .execute();
      const answer = (await sendTest(merchantAdmin, groupScope(), 'frontdesk@lagoon.example')).json<SmtpTestAnswer>();
      expect(answer).toMatchObject({ delivered: false });
      expect(answer.serverAnswer).toMatch(/private network/);
    } finally {
      app.ctx.config.integrations.allowPrivateTargets = true;
      await save(merchantAdmin, settingsBody());
    }
  });
});
