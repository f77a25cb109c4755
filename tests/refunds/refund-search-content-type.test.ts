import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BACKOFFICE_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Spec 7 sends the refunds search as "patch-json" (application/json-patch+json): the server reads it
// as the JSON it is, validated by the same schema; a body that is not JSON stays a 400 problem.

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
  token = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
}, 120_000);
afterAll(async () => {
  await app.close();
});

const search = (contentType: string, payload: string) =>
  app.inject({ method: 'POST', url: `${BACKOFFICE_API}/refunds/requests/search`, headers: { ...bearer(token), 'content-type': contentType }, payload });

it('answers the same page for application/json and application/json-patch+json', async () => {
  const body = JSON.stringify({ pagination: { page: 0, pageSize: 10 } });
  const plain = await search('application/json', body);
  const patch = await search('application/json-patch+json', body);
  expect(plain.statusCode).toBe(200);
  expect(patch.statusCode).toBe(200);
  expect(patch.json()).toEqual(plain.json());
});

it('refuses a patch-json body that is not JSON, or that the schema refuses, with a 400 problem', async () => {
  for (const payload of ['{not json', JSON.stringify({ pagination: { page: -1, pageSize: 10 } })]) {
    const answer = await search('application/json-patch+json', payload);
    expect(answer.statusCode, payload).toBe(400);
    expect(answer.headers['content-type']).toContain('application/problem+json');
  }
});
