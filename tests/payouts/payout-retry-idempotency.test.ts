import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '../../contract/endpoint';
import type { PayoutDetail, PayoutSearchAnswer } from '../../contract/payouts';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 11: double-clicking "Retry payout" sent two requests and the second's 409 showed as an
// error although the retry worked. A money call carries an Idempotency-Key per user intent: the
// same key gets the same answer (decision 0200).
const BASE = '/folio/payment-api/v2/payouts';
let app: FastifyInstance;
let admin: string;
let otherAdmin: string;
let failed: string[];

const retry = (token: string, id: string, key?: string) =>
  app.inject({ method: 'POST', url: `${BASE}/${id}/retry`, headers: { ...bearer(token), ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }) } });
const attemptsOf = async (id: string) => (await app.ctx.db.selectFrom('payout_attempts').select('attempt_no').where('payout_id', '=', id).execute()).length;

beforeAll(async () => {
  app = await startTestApp({ orders: 10 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  otherAdmin = (await signIn(app, 'superadmin@demo.folio.test')).accessToken;
  const search = await app.inject({
    method: 'POST',
    url: `${BASE}/search`,
    headers: bearer(admin),
    payload: { filters: { statuses: ['Failed'] }, pagination: { page: 0, pageSize: 10 } },
  });
  failed = search.json<PayoutSearchAnswer>().items.map((row) => row.id);
  expect(failed.length).toBeGreaterThanOrEqual(6);
});
afterAll(async () => app.close());

describe('payout retry with an Idempotency-Key', () => {
  test('a double click (two requests with one key, at once) retries once and both get the same answer', async () => {
    const id = failed[0]!;
    const before = await attemptsOf(id);
    const [first, second] = await Promise.all([retry(admin, id, 'click-1'), retry(admin, id, 'click-1')]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json<PayoutDetail>()).toEqual(first.json<PayoutDetail>());
    expect(first.json<PayoutDetail>().status).toBe('Processing');
    expect([first.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()], second.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]].filter(Boolean)).toEqual(['true']);
    expect(await attemptsOf(id)).toBe(before + 1);
  });

  test('a repeat later gets the first answer again, where a new intent gets the 409', async () => {
    const id = failed[1]!;
    const first = await retry(admin, id, 'intent-a');
    const repeat = await retry(admin, id, 'intent-a');
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    expect((await retry(admin, id, 'intent-b')).statusCode).toBe(409);
    expect((await retry(admin, id)).statusCode).toBe(409);
  });

  test('the same key with another request is a 422 problem', async () => {
    await retry(admin, failed[2]!, 'intent-c');
    const other = await retry(admin, failed[3]!, 'intent-c');
    expect(other.statusCode).toBe(422);
    expect(other.headers['content-type']).toContain('application/problem+json');
    expect(other.json()).toMatchObject({ status: 422, title: 'Idempotency key reused' });
    expect(await attemptsOf(failed[3]!)).toBe(1);
  });

  test("keys belong to their user: another user's identical key is a request of its own", async () => {
    const id = failed[4]!;
    expect((await retry(admin, id, 'shared-key')).statusCode).toBe(200);
    expect((await retry(otherAdmin, id, 'shared-key')).statusCode).toBe(409);
  });

  test('a refused call stores no answer, and a key is remembered for 24 hours', async () => {
    const id = failed[5]!;
    await retry(admin, id, 'first');
    expect((await retry(admin, id, 'refused')).statusCode).toBe(409);
    const keys = await app.ctx.db.selectFrom('idempotency_keys').select(['key', 'status']).where('key', 'in', ['first', 'refused']).execute();
    expect(keys).toEqual([{ key: 'first', status: 200 }]);
    await app.ctx.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where('key', '=', 'first')
      .execute();
    // Expired: the key is new again, so the call runs and meets the payout as it is now.
    expect((await retry(admin, id, 'first')).statusCode).toBe(409);
  });

  test('a malformed key is a 400', async () => {
    expect((await retry(admin, failed[0]!, 'x'.repeat(256))).statusCode).toBe(400);
    expect((await retry(admin, failed[0]!, 'with space')).statusCode).toBe(400);
  });
});
