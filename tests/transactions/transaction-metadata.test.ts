import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MetadataRecord } from '../../contract/metadata';
import { MERCHANT_HEADER } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 14 / decision 0211: POST metadata and GET metadata/{id}: notes and key/value entries staff
// attach to an order, inside the caller's merchants; view-only roles read only.
const API = '/backoffice/api/v2';
let app: FastifyInstance;
let admin: string;
let propertyManager: string;
let viewOnly: string;
let own: { id: number; merchantId: string }[];
let otherGroupOrder: { id: number; merchantId: string };

const create = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `${API}/metadata`, headers: { ...bearer(token), ...headers }, payload });
const read = (token: string, orderId: number, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `${API}/metadata/${orderId}`, headers: { ...bearer(token), ...headers } });

beforeAll(async () => {
  app = await startTestApp({ orders: 80 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  propertyManager = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
  viewOnly = (await signIn(app, 'propertyviewonlyuser@demo.folio.test')).accessToken;
  const page = await app.inject({
    method: 'POST',
    url: `${API}/order/search`,
    headers: bearer(propertyManager),
    payload: { pagination: { page: 0, pageSize: 100 } },
  });
  own = page.json<{ items: { id: number; merchantId: string }[] }>().items;
  const ownIds = new Set(own.map((order) => order.id));
  const all = await app.inject({ method: 'POST', url: `${API}/order/search`, headers: bearer(admin), payload: { pagination: { page: 0, pageSize: 100 } } });
  otherGroupOrder = all.json<{ items: { id: number; merchantId: string }[] }>().items.find((order) => !ownIds.has(order.id))!;
});
afterAll(async () => app.close());

describe('order metadata', () => {
  test('staff attach a note and key/value entries; everyone who sees the order reads them, oldest first, with who and when', async () => {
    const order = own[0]!;
    const first = await create(propertyManager, { orderId: order.id, note: 'Guest asked for a late check-out', entries: [{ key: 'room', value: '412' }] });
    expect(first.statusCode).toBe(201);
    expect(first.json<MetadataRecord>()).toMatchObject({
      orderId: order.id,
      note: 'Guest asked for a late check-out',
      entries: [{ key: 'room', value: '412' }],
      byEmail: 'propertymanager@demo.folio.test',
    });
    expect((await create(admin, { orderId: order.id, entries: [{ key: 'pms folio', value: 'F-77' }] })).statusCode).toBe(201);
    const list = await read(viewOnly, order.id, { [MERCHANT_HEADER]: order.merchantId });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ items: MetadataRecord[] }>().items.map((record) => [record.note, record.entries, record.byEmail])).toEqual([
      ['Guest asked for a late check-out', [{ key: 'room', value: '412' }], 'propertymanager@demo.folio.test'],
      [null, [{ key: 'pms folio', value: 'F-77' }], 'folioadmin@demo.folio.test'],
    ]);
  });

  test('bad input is 400 with field errors: nothing written, a duplicate key, a bad key, too many entries', async () => {
    const order = own[1]!;
    for (const payload of [
      { orderId: order.id },
      { orderId: order.id, note: '   ' },
      {
        orderId: order.id,
        entries: [
          { key: 'a', value: '1' },
          { key: 'A', value: '2' },
        ],
      },
      { orderId: order.id, entries: [{ key: '<script>', value: '1' }] },
      { orderId: order.id, entries: Array.from({ length: 21 }, (_, index) => ({ key: `k${index}`, value: 'v' })) },
      { orderId: 'x', note: 'n' },
    ]) {
      const answer = await create(admin, payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(answer.headers['content-type']).toContain('application/problem+json');
    }
    expect((await read(admin, order.id)).json<{ items: unknown[] }>().items).toEqual([]);
  });

  test("a view-only role may not write (403); another merchant's order is 404 for reading and writing, and leaks nothing", async () => {
    const order = own[2]!;
    expect((await create(viewOnly, { orderId: order.id, note: 'no' })).statusCode).toBe(403);
    await create(admin, { orderId: otherGroupOrder.id, note: 'secret of another group' });
    const foreignRead = await read(propertyManager, otherGroupOrder.id);
    expect(foreignRead.statusCode).toBe(404);
    expect(foreignRead.body).not.toContain('secret');
    expect((await create(propertyManager, { orderId: otherGroupOrder.id, note: 'x' })).statusCode).toBe(404);
    expect((await read(propertyManager, otherGroupOrder.id, { [MERCHANT_HEADER]: otherGroupOrder.merchantId })).statusCode).toBe(403);
    expect((await read(admin, otherGroupOrder.id)).json<{ items: MetadataRecord[] }>().items).toHaveLength(1);
    expect((await read(propertyManager, 999_999_999)).statusCode).toBe(404);
  });
});
