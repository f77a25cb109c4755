import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Deactivating and reactivating a property from its merchant group follows the property lifecycle
// (machines/property-lifecycle.machine.ts) like the property's own actions: Active <-> Inactive, and
// nothing for a property still being onboarded.

let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
}, 120_000);
afterAll(async () => {
  await app.close();
});

const propertyIn = (status: string) =>
  app.ctx.db.selectFrom('merchants').select(['id', 'name']).where('status', '=', status).orderBy('name').executeTakeFirstOrThrow();
const statusOf = async (id: string) => (await app.ctx.db.selectFrom('merchants').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

it('an Active property is deactivated and reactivated back to Active', async () => {
  const property = await propertyIn('Active');
  const off = await app.inject({ method: 'DELETE', url: `${MERCHANT_API}/merchants/${property.id}/deactivate`, headers: bearer(admin), payload: {} });
  expect(off.statusCode).toBe(200);
  expect(await statusOf(property.id)).toBe('Inactive');
  const on = await app.inject({ method: 'POST', url: `${MERCHANT_API}/merchants/${property.id}/reactivate`, headers: bearer(admin), payload: {} });
  expect(on.statusCode).toBe(200);
  expect(await statusOf(property.id)).toBe('Active');
});

it('a property in review cannot be deactivated from its group: 409, its status unchanged', async () => {
  const property = await propertyIn('PendingReview');
  const off = await app.inject({ method: 'DELETE', url: `${MERCHANT_API}/merchants/${property.id}/deactivate`, headers: bearer(admin), payload: {} });
  expect(off.statusCode).toBe(409);
  expect(off.headers['content-type']).toContain('application/problem+json');
  expect(off.json()).toMatchObject({ code: 'property.actionNotAllowed', params: { status: 'PendingReview' } });
  expect(await statusOf(property.id)).toBe('PendingReview');
});

it('deactivating an Inactive property, or reactivating one that is not, is refused with its status', async () => {
  const property = await propertyIn('Active');
  const on = await app.inject({ method: 'POST', url: `${MERCHANT_API}/merchants/${property.id}/reactivate`, headers: bearer(admin), payload: {} });
  expect(on.statusCode).toBe(409);
  expect(on.json()).toMatchObject({ code: 'property.actionNotAllowed', params: { status: 'Active' } });
  const off = () => app.inject({ method: 'DELETE', url: `${MERCHANT_API}/merchants/${property.id}/deactivate`, headers: bearer(admin), payload: {} });
  expect((await off()).statusCode).toBe(200);
  const again = await off();
  expect(again.statusCode).toBe(409);
  expect(again.json()).toMatchObject({ code: 'property.statusAlready', params: { property: property.name, status: 'Inactive' } });
  await app.inject({ method: 'POST', url: `${MERCHANT_API}/merchants/${property.id}/reactivate`, headers: bearer(admin), payload: {} });
});
