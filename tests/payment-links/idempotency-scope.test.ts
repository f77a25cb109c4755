import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '../../contract/endpoint';
import type { PaymentLink } from '../../contract/payment-links';
import { MERCHANT_HEADER } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { LINKS, linkBody } from './support';

// Decision 0346: an Idempotency-Key replays an answer only to the same request for the same property,
// and a property's secret key keeps its keys apart from its creator's other keys. Before, the second
// property's key got the first property's link (its guest, its pay address) as a "replay".
let app: FastifyInstance;
let admin: string;
let properties: string[];
// One body for every call: a replay is of the very same request.
const body = linkBody({ bookingReference: 'BK-777' });

const create = (token: string, merchantId: string, idempotencyKey: string) =>
  app.inject({
    method: 'POST',
    url: LINKS,
    headers: { ...bearer(token), [IDEMPOTENCY_KEY_HEADER]: idempotencyKey, [MERCHANT_HEADER]: merchantId },
    payload: body,
  });

beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
  admin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  const group = (
    await app.ctx.db.selectFrom('users').select('merchant_group_id').where('email', '=', 'merchantadmin@demo.folio.test').executeTakeFirstOrThrow()
  ).merchant_group_id!;
  properties = (
    await app.ctx.db.selectFrom('merchants').select('id').where('merchant_group_id', '=', group).where('status', '=', 'Active').orderBy('position').execute()
  ).map((property) => property.id);
  expect(properties.length).toBeGreaterThanOrEqual(2);
}, 120_000);
afterAll(async () => app?.close());

test("the same key and body for another property is another request, never the first property's answer", async () => {
  const first = await create(admin, properties[0]!, 'BK-777-same-user');
  expect(first.statusCode).toBe(201);
  const other = await create(admin, properties[1]!, 'BK-777-same-user');
  expect(other.statusCode).toBe(422);
  expect(other.body).not.toContain(first.json<PaymentLink>().url);
  // The very same request still replays.
  const again = await create(admin, properties[0]!, 'BK-777-same-user');
  expect(again.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
  expect(again.json<PaymentLink>().url).toBe(first.json<PaymentLink>().url);
});

test("two properties' secret keys made by one user keep their Idempotency-Keys apart", async () => {
  const keyOf = async (merchantId: string) =>
    (
      await app.inject({ method: 'POST', url: `/folio/payment-api/v2/properties/${merchantId}/secret-keys`, headers: bearer(admin), payload: { name: 'PMS' } })
    ).json<{ key: string }>().key;
  const [canal, dune] = [await keyOf(properties[0]!), await keyOf(properties[1]!)];
  const first = await create(canal, properties[0]!, 'BK-777-keys');
  expect(first.statusCode).toBe(201);
  const second = await create(dune, properties[1]!, 'BK-777-keys');
  expect(second.statusCode).toBe(201);
  expect(second.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBeUndefined();
  expect(second.json<PaymentLink>()).toMatchObject({ merchantId: properties[1] });
});
