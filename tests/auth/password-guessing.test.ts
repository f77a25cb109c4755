import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { base32Decode, totpAt } from '../../server/auth/totp';
import { bearer, DEMO_PASSWORD, startTestApp } from '../support/test-app';

// Password guessing is limited per account, not per address alone (issue 33 "Medium", decision 0372):
// the attack run's 100 wrong passwords from 10 addresses, and two-step/disable as a password oracle.
// Behind one trusted proxy, so each request names its client address in X-Forwarded-For.

let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestApp({ orders: 0, trustProxy: configFromEnv({ FOLIO_TRUST_PROXY: 'true' }).trustProxy });
});
afterAll(async () => {
  await app.close();
});

/** The real sign-in form post (csrf included) from one client address. */
async function signInFrom(address: string, email: string, password: string): Promise<LightMyRequestResponse> {
  const headers = { 'x-forwarded-for': address };
  const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf', headers });
  const csrfCookie = csrf.cookies.find((cookie) => cookie.name === 'folio.csrf-token')?.value ?? '';
  return app.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', cookie: `folio.csrf-token=${csrfCookie}` },
    payload: new URLSearchParams({ csrfToken: csrf.json<{ csrfToken: string }>().csrfToken, email, password, callbackUrl: '/', json: 'true' }).toString(),
  });
}

function expectWaiting(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toMatchObject({ status: 429, title: 'Too many wrong passwords' });
}

describe('password guessing, per account', () => {
  it('100 wrong passwords from 10 addresses: after a few, every new address waits, even with the right password; the owner at a known address signs in', async () => {
    const victim = 'merchantviewonlyuser@demo.folio.test';
    // The owner signed in from their office before the attack.
    expect((await signInFrom('198.51.100.20', victim, DEMO_PASSWORD)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++)
      for (let address = 1; address <= 10; address++) statuses.push((await signInFrom(`203.0.113.${address}`, victim, `Wrong-pass-${round}`)).statusCode);
    expect(statuses).toHaveLength(100);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(90);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    // The right password from an 11th address is not even checked.
    expectWaiting(await signInFrom('203.0.113.11', victim, DEMO_PASSWORD));
    // Where the owner signed in before, the attacker's guesses do not lock them out.
    expect((await signInFrom('198.51.100.20', victim, DEMO_PASSWORD)).statusCode).toBe(200);
    // And the owner is told, once.
    const notices = await app.ctx.db
      .selectFrom('email_outbox')
      .select('subject')
      .where('recipient', '=', victim)
      .where('subject', '=', 'Someone is trying passwords on your Folio account')
      .execute();
    expect(notices).toHaveLength(1);
  });

  it('one address guessing one account waits after five wrong passwords, however the e-mail is spelt the account is one', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++)
      statuses.push(
        (await signInFrom('192.0.2.77', attempt % 2 ? 'PROPERTYOPERATIONS@demo.folio.test' : 'propertyoperations@demo.folio.test', 'nope')).statusCode,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429]);
    expectWaiting(await signInFrom('192.0.2.77', 'propertyoperations@demo.folio.test', DEMO_PASSWORD));
    // Another address is not held by this one's guesses (the account has seen five, not ten).
    expect((await signInFrom('192.0.2.78', 'propertyoperations@demo.folio.test', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('two-step/disable: 40 wrong passwords, then the right one, are counted like sign-in (H1)', async () => {
    const address = '198.51.100.40';
    const email = 'propertymanager@demo.folio.test';
    const signedIn = await signInFrom(address, email, DEMO_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const cookies = Object.fromEntries(signedIn.cookies.map((cookie) => [cookie.name, cookie.value]));
    const { accessToken } = (await app.inject({ method: 'GET', url: '/api/auth/session', cookies })).json<{ accessToken: string }>();
    const headers = { ...bearer(accessToken), 'x-forwarded-for': address };
    const { secret } = (await app.inject({ method: 'POST', url: '/api/auth/two-step/setup', headers })).json<{ secret: string }>();
    const code = totpAt(base32Decode(secret), Date.now() / 1000);
    expect((await app.inject({ method: 'POST', url: '/api/auth/two-step/enable', headers, payload: { code } })).statusCode).toBe(200);

    const statuses: number[] = [];
    for (let guess = 0; guess < 40; guess++)
      statuses.push((await app.inject({ method: 'POST', url: '/api/auth/two-step/disable', headers, payload: { password: `Guess-${guess}` } })).statusCode);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses.slice(4).every((status) => status === 429)).toBe(true);
    const right = await app.inject({ method: 'POST', url: '/api/auth/two-step/disable', headers, payload: { password: DEMO_PASSWORD } });
    expectWaiting(right);
    const status = await app.inject({ method: 'GET', url: '/api/auth/two-step', headers });
    expect(status.json()).toMatchObject({ enabled: true });
  });
});
