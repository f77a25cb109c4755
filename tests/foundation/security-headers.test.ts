import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_API } from '../../contract/product';
import { securityHeaders } from '../../server/http/security-headers';
import { startTestApp } from '../support/test-app';

// Decision 0635: the security headers are written once instead of being rebuilt by helmet for every
// request. Every answer still carries exactly what @fastify/helmet sets with the options the server
// gave it (its defaults; no Content-Security-Policy outside production). That a route's own stricter
// policy replaces the default is tests/docs/statecharts.test.ts's.

/** What @fastify/helmet puts on an answer with the options the server used to register it with. */
async function helmetHeaders(production: boolean): Promise<Record<string, string>> {
  const reference = Fastify();
  await reference.register(helmet, { contentSecurityPolicy: production ? undefined : false });
  reference.get('/', async () => ({}));
  const answer = await reference.inject({ url: '/' });
  await reference.close();
  const { 'content-type': _type, 'content-length': _length, date: _date, connection: _connection, ...set } = answer.headers;
  return set as Record<string, string>;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestApp({ orders: 20, production: true });
});
afterAll(async () => {
  await app.close();
});

describe('the security headers of every answer', () => {
  it('are the ones @fastify/helmet sets, in production and outside it', async () => {
    expect(Object.fromEntries(securityHeaders(true))).toEqual(await helmetHeaders(true));
    expect(Object.fromEntries(securityHeaders(false))).toEqual(await helmetHeaders(false));
  });

  it('are on an answer, a refusal and an unknown address of a production server', async () => {
    const expected = await helmetHeaders(true);
    const answers = [
      await app.inject({ method: 'GET', url: '/health' }),
      await app.inject({ method: 'POST', url: `${BACKOFFICE_API}/order/search`, payload: {} }),
      await app.inject({ method: 'GET', url: '/no/such/address' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404]);
    for (const answer of answers) expect(answer.headers).toMatchObject(expected);
  });
});
