import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp } from './support/test-app';
import { DEMO_PASSWORD } from '../server/demo/demo-layout';

// Issue 11: spec 7's sign-in pages /api/auth/signin (with error SessionRequired and a callbackUrl)
// and /api/auth/error answered 404. They send the browser to the SPA's sign-in and error pages.
let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestApp({ orders: 10 });
});
afterAll(async () => {
  await app.close();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'backoffice.example' } });

describe('sign-in pages under the auth base', () => {
  it('/api/auth/signin goes to the sign-in page, keeping the error and a same-site callbackUrl', async () => {
    const response = await get('/api/auth/signin?error=SessionRequired&callbackUrl=%2Fpayouts%3Fstatus%3DFailed');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/sign-in?error=SessionRequired&callbackUrl=%2Fpayouts%3Fstatus%3DFailed');
    expect((await get('/api/auth/signin?callbackUrl=http%3A%2F%2Fbackoffice.example%2Fpayouts')).headers.location).toBe('/sign-in?callbackUrl=%2Fpayouts');
    expect((await get('/api/auth/signin')).headers.location).toBe('/sign-in');
  });

  it('drops a callbackUrl to another site and an error that is not a code', async () => {
    expect((await get('/api/auth/signin?callbackUrl=https%3A%2F%2Fevil.example%2F')).headers.location).toBe('/sign-in');
    expect((await get('/api/auth/signin?callbackUrl=%2F%2Fevil.example')).headers.location).toBe('/sign-in');
    expect((await get('/api/auth/signin?error=%3Cscript%3E')).headers.location).toBe('/sign-in');
  });

  it('/api/auth/error goes to the error page with its code', async () => {
    expect((await get('/api/auth/error?error=AccessDenied')).headers.location).toBe('/auth-error?error=AccessDenied');
    expect((await get('/api/auth/error')).headers.location).toBe('/auth-error');
    expect((await get('/api/auth/error')).statusCode).toBe(302);
  });

  it('the sign-in answer follows only a same-site callbackUrl', async () => {
    const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf' });
    const cookie = csrf.cookies.find((entry) => entry.name === 'folio.csrf-token');
    const post = (callbackUrl: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/callback/credentials',
        headers: { host: 'backoffice.example', 'content-type': 'application/x-www-form-urlencoded', cookie: `folio.csrf-token=${cookie?.value ?? ''}` },
        payload: new URLSearchParams({
          csrfToken: csrf.json().csrfToken,
          email: 'folioadmin@demo.folio.test',
          password: DEMO_PASSWORD,
          callbackUrl,
          json: 'true',
        }).toString(),
      });
    expect((await post('/payouts?x=1')).json().url).toBe('/payouts?x=1');
    expect((await post('http://backoffice.example/payouts')).json().url).toBe('/payouts');
    expect((await post('//evil.example/payouts')).json().url).toBe('/');
    expect((await signIn(app, 'folioadmin@demo.folio.test')).response.statusCode).toBe(200);
  });
});
