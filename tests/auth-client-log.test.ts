import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLIENT_LOG_LINES_PER_MINUTE } from '../contract/auth';
import { startTestApp } from './support/test-app';

// Decision 0346: the client log endpoint is open to anyone, so what one address can put into the
// server's log is bounded: small lines, a few a minute.
let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
});
afterAll(async () => app?.close());

const send = (payload: object, remoteAddress: string) => app.inject({ method: 'POST', url: '/api/auth/_log', payload, remoteAddress });

it('refuses metadata over 4,000 characters of JSON with a 400 naming it', async () => {
  const refused = await send({ code: 'CLIENT_FETCH_ERROR', metadata: { blob: 'x'.repeat(5000) } }, '10.0.47.1');
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({ errors: { metadata: ['metadata is at most 4000 characters of JSON'] } });
  expect((await send({ code: 'CLIENT_FETCH_ERROR', metadata: { url: '/api/auth/session' } }, '10.0.47.1')).statusCode).toBe(200);
});

it(`takes ${CLIENT_LOG_LINES_PER_MINUTE} lines a minute from one address, then answers 429`, async () => {
  const statuses: number[] = [];
  for (let line = 0; line <= CLIENT_LOG_LINES_PER_MINUTE; line++) statuses.push((await send({ code: 'CLIENT_SESSION_ERROR' }, '10.0.47.2')).statusCode);
  expect(statuses.slice(0, CLIENT_LOG_LINES_PER_MINUTE).every((status) => status === 200)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
  // Another address is not held back by it.
  expect((await send({ code: 'CLIENT_SESSION_ERROR' }, '10.0.47.3')).statusCode).toBe(200);
});
