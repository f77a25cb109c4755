import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetLinkIn, startSmtpPeer, type SmtpPeer } from '../testing/mail/smtp-peer';
import { bearer, signIn, startTestApp } from './support/test-app';
import { DEMO_PASSWORD } from '../server/demo/demo-layout';

let app: FastifyInstance;
// The users' mail server: reset links arrive over real SMTP, as they do for a user (decision 0173).
let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  app = await startTestApp({ smtpUrl: peer.url });
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

describe('sign-in and session', () => {
  it('signs a demo user in and answers the session with accessToken and userRoles', async () => {
    const { accessToken, cookies, response } = await signIn(app, 'folioadmin@demo.folio.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: '/' });
    expect(Object.keys(cookies)).toEqual(
      expect.arrayContaining(['folio.access-token', 'folio.access-token-expires', 'folio.refresh-token', 'folio.refresh-token-expires']),
    );
    const session = await app.inject({ method: 'GET', url: '/api/auth/session', cookies });
    expect(session.json()).toMatchObject({ accessToken, userRoles: [{ roleName: 'FolioAdmin' }], user: { email: 'folioadmin@demo.folio.test' } });
  });

  it('gives one message whether the e-mail or the password is wrong', async () => {
    const wrongPassword = await signIn(app, 'folioadmin@demo.folio.test', 'Wrong-pass-2026');
    const unknownUser = await signIn(app, 'nobody@demo.folio.test', 'Wrong-pass-2026');
    expect(wrongPassword.response.statusCode).toBe(401);
    expect(unknownUser.response.statusCode).toBe(401);
    expect(wrongPassword.response.headers['content-type']).toContain('application/problem+json');
    expect(wrongPassword.response.json()).toEqual(unknownUser.response.json());
    // The detail keeps its words for API callers; the code (decision 0686) is what the SPA words the refusal by.
    expect(wrongPassword.response.json()).toMatchObject({ detail: 'the e-mail address or password is incorrect', code: 'signIn.invalidCredentials' });
    expect(wrongPassword.response.json()).not.toHaveProperty('params');
  });

  it('refuses the form post without the csrf cookie', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `csrfToken=forged&email=folioadmin%40demo.folio.test&password=${encodeURIComponent(DEMO_PASSWORD)}`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      title: 'Invalid csrf token',
      detail: 'the form has expired; reload the page and try again',
      code: 'signIn.formExpired',
    });
  });

  it('401 without a token, 403 without the permission, both as problem JSON', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/identity/api/v1/users/00000000-0000-4000-8000-000000000000' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');
    const { accessToken } = await signIn(app, 'propertyviewonlyuser@demo.folio.test');
    const admin = await signIn(app, 'folioadmin@demo.folio.test');
    const adminId = (await app.inject({ method: 'GET', url: '/api/auth/session', cookies: admin.cookies })).json().user.id;
    const forbidden = await app.inject({ method: 'GET', url: `/identity/api/v1/users/${adminId}`, headers: bearer(accessToken) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ status: 403, title: 'Forbidden' });
  });

  it('sign-out ends the session on the server', async () => {
    const { accessToken, cookies } = await signIn(app, 'folioadmin@demo.folio.test');
    const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf', cookies });
    const csrfCookie = csrf.cookies.find((cookie) => cookie.name === 'folio.csrf-token')?.value ?? cookies['folio.csrf-token'];
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      cookies: { ...cookies, 'folio.csrf-token': csrfCookie ?? '' },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ csrfToken: csrf.json().csrfToken }).toString(),
    });
    expect(out.statusCode).toBe(200);
    const me = await app.inject({ method: 'POST', url: '/identity/api/v2/auth/validate', payload: { token: accessToken } });
    expect(me.json()).toEqual({ valid: false });
    const session = await app.inject({ method: 'GET', url: '/api/auth/session', cookies });
    expect(session.json()).toEqual({});
  });

  it('answers bad input with 400 and field errors, never 500', async () => {
    const response = await app.inject({ method: 'POST', url: '/identity/api/v2/auth/folio/forgot-password', payload: { email: 'not-an-address' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, errors: { email: ['enter a valid e-mail address'] } });
    const malformed = await app.inject({
      method: 'POST',
      url: '/identity/api/v2/auth/folio/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['content-type']).toContain('application/problem+json');
  });
});

describe('forgot and reset password', () => {
  async function resetLinkAfter(received: number, to: string): Promise<string | undefined> {
    return resetLinkIn((await peer.nextMailTo(to, { after: received })).text);
  }

  it('answers the same for unknown addresses and sends nothing', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/identity/api/v2/auth/folio/forgot-password', payload: { email: 'nobody@example.test' } });
    const known = await app.inject({ method: 'POST', url: '/identity/api/v2/auth/folio/forgot-password', payload: { email: 'merchantadmin@demo.folio.test' } });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    // The known address's e-mail arrives; by then the unknown one's would have been written too.
    await peer.nextMailTo('merchantadmin@demo.folio.test');
    expect(peer.received.filter((mail) => mail.to.includes('nobody@example.test'))).toEqual([]);
    const stored = await app.ctx.db.selectFrom('email_outbox').select('id').where('recipient', '=', 'nobody@example.test').execute();
    expect(stored).toEqual([]);
  });

  it('e-mails a one-time link that sets a new password under the policy', async () => {
    const storedHash = async () =>
      (await app.ctx.db.selectFrom('users').select('password_hash').where('email', '=', 'folioadmin@demo.folio.test').executeTakeFirstOrThrow()).password_hash;
    // The demo's published password is hashed cheaply; a password the user sets gets the full work factor (decision 0685).
    expect(await storedHash()).toMatch(/^scrypt\$1024\$8\$1\$/);
    const received = peer.received.length;
    await app.inject({ method: 'POST', url: '/identity/api/v2/auth/folio/forgot-password', payload: { email: 'folioadmin@demo.folio.test' } });
    const link = await resetLinkAfter(received, 'folioadmin@demo.folio.test');
    expect(link).toBeDefined();
    const token = new URL(link ?? '').searchParams.get('token') ?? '';
    const weak = await app.inject({ method: 'POST', url: '/identity/api/v2/auth/folio/reset-password', payload: { token, password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().errors)).toEqual(['password']);
    const ok = await app.inject({ method: 'POST', url: '/identity/api/v2/auth/folio/reset-password', payload: { token, password: 'New-password-2027' } });
    expect(ok.statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/identity/api/v2/auth/folio/reset-password', payload: { token, password: 'Other-password-2027' } });
    expect(again.statusCode).toBe(400);
    expect(await storedHash()).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect((await signIn(app, 'folioadmin@demo.folio.test', 'New-password-2027')).response.statusCode).toBe(200);
    expect((await signIn(app, 'folioadmin@demo.folio.test')).response.statusCode).toBe(401);
  });
});
