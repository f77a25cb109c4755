import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../server/config';
import { signIn, startTestApp } from './support/test-app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestApp({ orders: 0, rateLimits: { signInPerMinute: 3, forgotPasswordPerHour: 2, guestPaymentsPerTenMinutes: 20 } });
});
afterAll(async () => {
  await app.close();
});

describe('rate limits', () => {
  it('refuses a fourth sign-in attempt within the minute with a 429 problem', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await signIn(app, 'folioadmin@demo.folio.test', 'Wrong-pass-2026')).response.statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const blocked = await signIn(app, 'folioadmin@demo.folio.test');
    expect(blocked.response.statusCode).toBe(429);
    expect(blocked.response.headers['content-type']).toContain('application/problem+json');
    expect(blocked.response.json()).toMatchObject({ status: 429, title: 'Too many requests' });
  });

  it('refuses a third forgot-password request within the hour', async () => {
    const ask = () => app.inject({ method: 'POST', url: '/identity/api/v2/auth/folio/forgot-password', payload: { email: 'merchantadmin@demo.folio.test' } });
    expect([(await ask()).statusCode, (await ask()).statusCode, (await ask()).statusCode]).toEqual([202, 202, 429]);
  });
});

describe('behind the one proxy FOLIO_TRUST_PROXY=true trusts', () => {
  let proxied: FastifyInstance;
  beforeAll(async () => {
    proxied = await startTestApp({
      orders: 0,
      trustProxy: configFromEnv({ FOLIO_TRUST_PROXY: 'true' }).trustProxy,
      rateLimits: { signInPerMinute: 3, forgotPasswordPerHour: 2, guestPaymentsPerTenMinutes: 20 },
    });
  });
  afterAll(async () => {
    await proxied.close();
  });

  it('counts attempts by the address the proxy saw, not by what the client wrote into X-Forwarded-For', async () => {
    const ask = (claimed: string) =>
      proxied.inject({
        method: 'POST',
        url: '/identity/api/v2/auth/folio/forgot-password',
        // The proxy appends the address it saw (198.51.100.7) to whatever the client sent.
        headers: { 'x-forwarded-for': `${claimed}, 198.51.100.7` },
        payload: { email: 'merchantadmin@demo.folio.test' },
      });
    const statuses = [(await ask('203.0.113.1')).statusCode, (await ask('203.0.113.2')).statusCode, (await ask('203.0.113.3')).statusCode];
    expect(statuses).toEqual([202, 202, 429]);
  });
});
