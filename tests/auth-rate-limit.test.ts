import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp } from './support/test-app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestApp({ orders: 0, rateLimits: { signInPerMinute: 3, forgotPasswordPerHour: 2 } });
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
