import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, filledPath } from '../support/endpoint-walk';
import { bearer, signIn, startTestApp } from '../support/test-app';

// "No 500 for anything a user can send": every endpoint of the contract, called by a signed-in
// provider admin (who passes every permission check) with path parameters, query and body that do
// not fit, answers a 4xx problem, never a 5xx.
let app: FastifyInstance;
let headers: Record<string, string>;
beforeAll(async () => {
  app = await startTestApp({ orders: 200 });
  headers = bearer((await signIn(app, 'folioadmin@demo.folio.test')).accessToken);
});
afterAll(async () => {
  await app.close();
});

const strangeParams = ['not-a-uuid', '00000000-0000-4000-8000-000000000000', '-1', '%27%3B--'];
const strangeBodies: Array<string | undefined> = [
  undefined,
  '{',
  '"text"',
  '[1,2]',
  JSON.stringify({ unexpected: [1, { a: null }], page: -5, pageSize: 'x', fileType: 'exe' }),
];

describe('bad input never reaches a server error', () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const statuses = new Set<number>();
      for (const param of strangeParams) {
        for (const body of endpoint.method === 'GET' ? [undefined] : strangeBodies) {
          const response = await app.inject({
            method: endpoint.method,
            url: `${filledPath(endpoint, param)}?page=-1&limit=abc&IsActive=maybe&includeEmptyRow=2`,
            headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            payload: body,
          });
          expect(response.statusCode, `${endpoint.method} ${filledPath(endpoint, param)} with ${String(body)}: ${response.body.slice(0, 300)}`).toBeLessThan(
            500,
          );
          if (response.statusCode >= 400) expect(response.headers['content-type']).toContain('application/problem+json');
          statuses.add(response.statusCode);
        }
      }
      // The admin's token stays valid throughout, so the calls got past authentication.
      expect([...statuses].some((status) => status !== 401)).toBe(true);
    });
  }
});
