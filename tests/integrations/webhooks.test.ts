import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { WEBHOOK_HEADERS, type WebhookDelivery, type WebhookDeliveryPage, type WebhookSecretAnswer } from '../../contract/webhooks';
import { configFromEnv, DEFAULT_EXACT_COUNT_UP_TO } from '../../server/config';
import { setExactCountUpTo } from '../../server/lists/list-query';
import { DEMO_REFUSAL_ERROR, DEMO_REFUSED_PAYOUT_CENTS, settleDueAttempts } from '../../server/payouts/demo-payout-rail';
import { enqueueOrderEvent } from '../../server/webhooks/webhook-events';
import { UNREADABLE_SECRET } from '../../server/webhooks/webhook-worker';
import { deliveryLogStatements } from '../../server/webhooks/webhook-routes';
import { signatureChecksOut, startWebhookReceiver, type WebhookReceiver } from '../../testing/integrations/webhook-receiver';
import { planWithoutSequentialScans } from '../support/query-plan';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issues 17/18 webhooks (decisions 0281-0283): settings with a signing secret shown once, signed
// deliveries through the job table, retries with backoff that stop after success or the last
// attempt, and the delivery log. The receiver is a real HTTP server that checks the signature.
const BASE = '/folio/payment-api/v2/webhooks';
const MAX_ATTEMPTS = 4;
let app: FastifyInstance;
let receiver: WebhookReceiver;
let merchantAdmin: string;
let groupId: string;
let propertyId: string;

const post = (path: string, payload: Record<string, unknown>, token = merchantAdmin) =>
  app.inject({ method: path === '' ? 'PUT' : 'POST', url: `${BASE}${path}`, headers: bearer(token), payload });
const groupScope = () => ({ kind: 'merchantGroup', merchantGroupId: groupId });
const deliveries = async (scope: Record<string, unknown> = groupScope()) =>
  (await post('/deliveries/search', { scope })).json<{ items: WebhookDelivery[]; total: number }>().items;
async function settled(id: string, timeoutMs = 10_000): Promise<WebhookDelivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const delivery = (await deliveries()).find((candidate) => candidate.id === id);
    if (delivery && (delivery.status === 'Succeeded' || delivery.status === 'Failed')) return delivery;
    if (Date.now() > deadline) throw new Error(`delivery ${id} did not finish: ${JSON.stringify(delivery)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp({ orders: 10 });
  Object.assign(app.ctx.config.integrations, { webhookRetryBaseMs: 150, webhookPollMs: 50, webhookMaxAttempts: MAX_ATTEMPTS, allowPrivateTargets: true });
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  groupId = (await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', 'Lagoon Hotels Group').executeTakeFirstOrThrow()).id;
  propertyId = (await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', 'Canal House Amsterdam').executeTakeFirstOrThrow()).id;
  const saved = await post('', { scope: groupScope(), url: receiver.url, payLaterUrl: '' });
  expect(saved.statusCode).toBe(200);
  receiver.secret = saved.json<WebhookSecretAnswer>().secret ?? undefined;
}, 180_000);
afterAll(async () => {
  await app.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.answers = [];
});

describe('webhook settings', () => {
  test('the first save shows the signing secret once; no later answer carries it and the database holds it only encrypted', async () => {
    expect(receiver.secret).toMatch(/^whsec_[\w-]{40,}$/);
    const secret = receiver.secret!;
    const read = await post('/search', { scope: groupScope() });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(secret);
    expect(read.json<WebhookSecretAnswer>().settings).toMatchObject({ url: receiver.url, payLaterUrl: null, secretHint: `…${secret.slice(-4)}` });
    const resaved = await post('', { scope: groupScope(), url: receiver.url });
    expect(resaved.json<WebhookSecretAnswer>().secret).toBeNull();
    expect(resaved.body).not.toContain(secret);
    const row = await app.ctx.db.selectFrom('webhook_settings').select('secret_cipher').where('merchant_group_id', '=', groupId).executeTakeFirstOrThrow();
    expect(row.secret_cipher).not.toContain(secret);
    const audit = await app.ctx.db.selectFrom('audit_log').select('detail').where('action', 'like', 'webhook-settings.%').execute();
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  test('addresses are checked: absolute http(s), no credentials or fragments (400 naming the field)', async () => {
    for (const url of ['hooks.example.com/folio', 'ftp://hooks.example.com', 'https://user:pw@hooks.example.com', 'https://hooks.example.com/#x']) {
      const response = await post('', { scope: groupScope(), url });
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['url']);
    }
    const payLater = await post('', { scope: groupScope(), url: receiver.url, payLaterUrl: 'javascript:alert(1)' });
    expect(Object.keys(payLater.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['payLaterUrl']);
  });

  test('with private targets refused (production), loopback and private addresses are refused, https demanded', async () => {
    app.ctx.config.integrations.allowPrivateTargets = false;
    try {
      for (const url of [
        receiver.url,
        'https://localhost/x',
        'https://10.1.2.3/x',
        'https://[::1]/x',
        'https://169.254.169.254/latest',
        'http://hooks.example.com/x',
      ]) {
        const response = await post('', { scope: groupScope(), url });
        expect(response.statusCode, url).toBe(400);
      }
    } finally {
      app.ctx.config.integrations.allowPrivateTargets = true;
    }
  });
});

describe('deliveries', () => {
  test('a test event is POSTed signed over timestamp and body; the receiver verifies it and the log shows it delivered', async () => {
    const before = receiver.received.length;
    const queued = await post('/test', { scope: groupScope() });
    expect(queued.statusCode).toBe(200);
    const delivery = await settled(queued.json<WebhookDelivery>().id);
    // The receiver is on 127.0.0.1: its status line and headers are logged, not its body (decision 0382).
    expect(delivery).toMatchObject({ eventType: 'webhook.test', status: 'Succeeded', attempts: 1, lastResponseStatus: 200 });
    expect(delivery.lastResponse).toMatch(/^HTTP\/1\.1 200 OK\n/);
    expect(delivery.lastResponse).not.toContain('ok, got it');
    const [request] = (await receiver.waitFor(before + 1)).slice(before);
    expect(request!.signatureValid).toBe(true);
    expect(request!.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()]).toMatch(/^\d{10}$/);
    const event = JSON.parse(request!.body) as { id: string; type: string; merchantGroupId: string };
    expect(event).toMatchObject({ id: delivery.eventId, type: 'webhook.test', merchantGroupId: groupId });
  });

  test('a receiver answering 500 gets the event again with backoff, and nothing more once it answers 200', async () => {
    receiver.answers = [500, 500];
    const before = receiver.received.length;
    const queued = (await post('/test', { scope: groupScope() })).json<WebhookDelivery>();
    const delivery = await settled(queued.id);
    expect(delivery).toMatchObject({ status: 'Succeeded', attempts: 3, lastResponseStatus: 200 });
    const requests = receiver.received.slice(before);
    expect(requests.map((request) => request.answeredStatus)).toEqual([500, 500, 200]);
    // The same event each time, each signed afresh.
    expect(new Set(requests.map((request) => request.headers[WEBHOOK_HEADERS.id.toLowerCase()]))).toEqual(new Set([delivery.eventId]));
    expect(requests.every((request) => request.signatureValid)).toBe(true);
    const attempts = await app.ctx.db
      .selectFrom('webhook_delivery_attempts')
      .select(['attempt_no', 'response_status', 'response_body', 'created_at'])
      .where('delivery_id', '=', delivery.id)
      .orderBy('attempt_no')
      .execute();
    expect(attempts.map((attempt) => [attempt.attempt_no, attempt.response_status, attempt.response_body])).toEqual([
      [1, 500, expect.stringMatching(/^HTTP\/1\.1 500 Internal Server Error\n/)],
      [2, 500, expect.stringMatching(/^HTTP\/1\.1 500 Internal Server Error\n/)],
      [3, 200, expect.stringMatching(/^HTTP\/1\.1 200 OK\n/)],
    ]);
    // Exponential backoff: the second wait is about twice the first (150 ms, then 300 ms).
    const [first, second, third] = attempts.map((attempt) => new Date(attempt.created_at).getTime());
    expect(second! - first!).toBeGreaterThanOrEqual(150);
    expect(third! - second!).toBeGreaterThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(receiver.received.length).toBe(before + 3);
  });

  test('a receiver that never recovers gets the last attempt and the delivery stops as Failed', async () => {
    receiver.answers = Array.from({ length: MAX_ATTEMPTS + 2 }, () => 500);
    const before = receiver.received.length;
    const queued = (await post('/test', { scope: groupScope() })).json<WebhookDelivery>();
    const delivery = await settled(queued.id, 15_000);
    expect(delivery).toMatchObject({ status: 'Failed', attempts: MAX_ATTEMPTS, lastResponseStatus: 500 });
    expect(delivery.lastResponse).toMatch(/^500 HTTP\/1\.1 500 Internal Server Error\n/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received.length - before).toBe(MAX_ATTEMPTS);
  });

  test('after a rotation both the new and the previous secret sign for 24 hours; then only the new one', async () => {
    const original = receiver.secret!;
    const rotated = await post('/rotate-secret', { scope: groupScope() });
    expect(rotated.statusCode).toBe(200);
    const secret = rotated.json<WebhookSecretAnswer>().secret!;
    expect(secret).not.toBe(original);
    // The page is told until when the old secret still signs: a day from now.
    const settings = rotated.json<WebhookSecretAnswer>().settings!;
    expect(settings).toMatchObject({ secretHint: `…${secret.slice(-4)}`, previousSecretHint: `…${original.slice(-4)}` });
    const untilMs = Date.parse(settings.previousSecretValidUntil!) - Date.now();
    expect(untilMs).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(untilMs).toBeLessThanOrEqual(24 * 3600_000);

    // The receiver still holds the old secret: the request checks out all the same, and carries both signatures.
    const overlapping = await settled((await post('/test', { scope: groupScope() })).json<WebhookDelivery>().id);
    expect(overlapping).toMatchObject({ status: 'Succeeded', attempts: 1 });
    const request = receiver.received.at(-1)!;
    expect(request.signatureValid).toBe(true);
    const header = request.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string;
    const timestamp = request.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()] as string;
    expect(header.split(' ')).toHaveLength(2);
    expect(signatureChecksOut(secret, timestamp, header.split(' ')[0], request.body)).toBe(true);
    expect(signatureChecksOut(original, timestamp, header.split(' ')[1], request.body)).toBe(true);
    // A receiver already on the new secret accepts it too.
    receiver.secret = secret;
    await settled((await post('/test', { scope: groupScope() })).json<WebhookDelivery>().id);
    expect(receiver.received.at(-1)!.signatureValid).toBe(true);

    // A day later (the overlap's end moved to the past): one signature, and a receiver on the old secret refuses.
    await app.ctx.db
      .updateTable('webhook_settings')
      .set({ previous_secret_expires_at: new Date(Date.now() - 1000) })
      .where('merchant_group_id', '=', groupId)
      .where('merchant_id', 'is', null)
      .execute();
    expect((await post('/search', { scope: groupScope() })).json<WebhookSecretAnswer>().settings).toMatchObject({
      previousSecretHint: null,
      previousSecretValidUntil: null,
    });
    receiver.secret = original;
    const stale = (await post('/test', { scope: groupScope() })).json<WebhookDelivery>();
    await receiver.waitFor(receiver.received.length + 1);
    const refused = receiver.received.at(-1)!;
    expect(refused.signatureValid).toBe(false);
    expect((refused.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string).split(' ')).toHaveLength(1);
    receiver.secret = secret;
    expect((await settled(stale.id, 15_000)).status).toBe('Succeeded');
    expect(receiver.received.at(-1)!.signatureValid).toBe(true);
    // The replaced secret is gone from the database, not only unused.
    const row = await app.ctx.db
      .selectFrom('webhook_settings')
      .select(['previous_secret_cipher', 'previous_secret_hint'])
      .where('merchant_group_id', '=', groupId)
      .where('merchant_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ previous_secret_cipher: null, previous_secret_hint: null });
  });

  test('a second rotation within the overlap drops the first secret at once: the last two secrets sign', async () => {
    const first = receiver.secret!;
    const second = (await post('/rotate-secret', { scope: groupScope() })).json<WebhookSecretAnswer>().secret!;
    const third = (await post('/rotate-secret', { scope: groupScope() })).json<WebhookSecretAnswer>();
    expect(third.settings).toMatchObject({ previousSecretHint: `…${second.slice(-4)}` });
    receiver.secret = first;
    receiver.answers = [200];
    await settled((await post('/test', { scope: groupScope() })).json<WebhookDelivery>().id);
    expect(receiver.received.at(-1)!.signatureValid).toBe(false);
    for (const held of [second, third.secret!]) {
      receiver.secret = held;
      await settled((await post('/test', { scope: groupScope() })).json<WebhookDelivery>().id);
      expect(receiver.received.at(-1)!.signatureValid).toBe(true);
    }
  });

  test('a signing secret that cannot be opened (sealed under another key) fails each attempt, sends nothing unsigned, and is given up in the end', async () => {
    const held = await app.ctx.db
      .selectFrom('webhook_settings')
      .select(['id', 'secret_cipher'])
      .where('merchant_group_id', '=', groupId)
      .where('merchant_id', 'is', null)
      .executeTakeFirstOrThrow();
    // The form of a sealed secret, sealed under some other key: it does not open.
    await app.ctx.db
      .updateTable('webhook_settings')
      .set({ secret_cipher: 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' })
      .where('id', '=', held.id)
      .execute();
    try {
      const sentBefore = receiver.received.length;
      const queued = (await post('/test', { scope: groupScope() })).json<WebhookDelivery>();
      const given = await settled(queued.id);
      expect(given).toMatchObject({ status: 'Failed', attempts: MAX_ATTEMPTS, lastResponse: UNREADABLE_SECRET });
      expect(receiver.received.length).toBe(sentBefore);
      const attempts = await app.ctx.db.selectFrom('webhook_delivery_attempts').select('error').where('delivery_id', '=', queued.id).execute();
      expect(attempts.map((attempt) => attempt.error)).toEqual(Array(MAX_ATTEMPTS).fill(UNREADABLE_SECRET));
    } finally {
      await app.ctx.db.updateTable('webhook_settings').set({ secret_cipher: held.secret_cipher }).where('id', '=', held.id).execute();
    }
  });

  test('an order event commits with the change that caused it: a rolled-back change sends nothing', async () => {
    const order = await app.ctx.db.selectFrom('orders').select(['id']).where('merchant_id', '=', propertyId).executeTakeFirstOrThrow();
    const countOf = async () => (await app.ctx.db.selectFrom('webhook_deliveries').select('id').where('event_type', '=', 'order.paid').execute()).length;
    const before = await countOf();
    await expect(
      app.ctx.db.transaction().execute(async (trx) => {
        expect(await enqueueOrderEvent(trx, order.id, 'order.paid')).toBeDefined();
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countOf()).toBe(before);
    const id = await app.ctx.db.transaction().execute((trx) => enqueueOrderEvent(trx, order.id, 'order.paid'));
    const delivered = await settled(id!);
    expect(delivered).toMatchObject({ eventType: 'order.paid', status: 'Succeeded' });
    const body = JSON.parse(receiver.received.at(-1)!.body) as { merchantId: string; data: { orderId: number } };
    expect(body).toMatchObject({ merchantId: propertyId, data: { orderId: Number(order.id) } });
  });

  test("capturing an order sends order.paid to the property's receiver, and its booking log records the attempt (source Webhook)", async () => {
    // An authorized order of the property with its booking (arranged in the database: the small seed may have none).
    const seeded = await app.ctx.db
      .selectFrom('orders')
      .select(['id', 'amount_minor', 'currency'])
      .where('merchant_id', '=', propertyId)
      .executeTakeFirstOrThrow();
    const booking = await app.ctx.db
      .insertInto('bookings')
      .values({
        merchant_id: propertyId,
        reference: 'WEBHOOK-TEST-1',
        guest_name: 'Ada Guest',
        guest_email: null,
        check_in: '2026-12-01',
        check_out: '2026-12-03',
        amount_minor: seeded.amount_minor,
        currency: seeded.currency,
        deposit_minor: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.ctx.db
      .updateTable('orders')
      .set({ status: 'Tokenized', booking_id: booking.id, authorized_minor: seeded.amount_minor, captured_minor: 0, voided_minor: 0, refunded_minor: 0 })
      .where('id', '=', seeded.id)
      .execute();
    const order = { id: seeded.id, merchant_id: propertyId, currency: seeded.currency, booking_id: booking.id };
    const before = receiver.received.length;
    const capture = await app.inject({
      method: 'POST',
      url: '/backoffice/api/v2/payment/captures',
      headers: bearer(merchantAdmin),
      payload: { orderId: Number(order.id), currency: order.currency.trim() },
    });
    expect(capture.statusCode).toBe(200);
    expect(capture.json<{ status: string }>().status).toBe('Paid');
    const [request] = (await receiver.waitFor(before + 1)).slice(before);
    const event = JSON.parse(request!.body) as { type: string; merchantId: string; data: { orderId: number; status: string } };
    expect(event).toMatchObject({ type: 'order.paid', merchantId: order.merchant_id, data: { orderId: Number(order.id), status: 'Paid' } });
    expect(request!.signatureValid).toBe(true);
    const deadline = Date.now() + 10_000;
    let logs: Array<{ message: string; payload: unknown }> = [];
    while (logs.length === 0 && Date.now() < deadline) {
      logs = await app.ctx.db
        .selectFrom('booking_logs')
        .select(['message', 'payload'])
        .where('booking_id', '=', order.booking_id!)
        .where('source', '=', 'Webhook')
        .execute();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(logs[0]?.message).toMatch(/^order\.paid to .* attempt 1 delivered \(200\)$/);
    expect(JSON.stringify(logs[0]?.payload)).toContain('HTTP/1.1 200 OK');
    expect(JSON.stringify(logs[0]?.payload)).not.toContain('ok, got it');
  });

  test('a payout the rail settles sends payout.paid', async () => {
    // Not one the demo bank refuses (an amount ending in 51 cents, decision 0292): the demo data has some.
    const payout = await app.ctx.db
      .selectFrom('payouts')
      .innerJoin('merchants', 'merchants.id', 'payouts.merchant_id')
      .select(['payouts.id'])
      .where('merchants.merchant_group_id', '=', groupId)
      .where('payouts.status', '=', 'Failed')
      .where(sql<number>`payouts.amount_minor % 100`, '<>', DEMO_REFUSED_PAYOUT_CENTS)
      .orderBy('payouts.created_at', 'desc')
      .executeTakeFirstOrThrow();
    const admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
    expect((await app.inject({ method: 'POST', url: `/folio/payment-api/v2/payouts/${payout.id}/retry`, headers: bearer(admin) })).statusCode).toBe(200);
    const before = receiver.received.length;
    expect(await settleDueAttempts(app.ctx, 0)).toBeGreaterThanOrEqual(1);
    const requests = (await receiver.waitFor(before + 1)).slice(before);
    const events = requests.map((request) => JSON.parse(request.body) as { type: string; data: { payoutId: string; status: string } });
    expect(events).toContainEqual(expect.objectContaining({ type: 'payout.paid', data: expect.objectContaining({ payoutId: payout.id, status: 'Paid' }) }));
  });

  test('a payout the bank refuses on retry turns Failed again and sends payout.failed, signed, with the refusal', async () => {
    const failed = await app.ctx.db
      .selectFrom('payouts')
      .innerJoin('merchants', 'merchants.id', 'payouts.merchant_id')
      .select(['payouts.id', 'payouts.amount_minor'])
      .where('merchants.merchant_group_id', '=', groupId)
      .where('payouts.status', '=', 'Failed')
      .orderBy('payouts.created_at', 'desc')
      .executeTakeFirstOrThrow();
    // The demo bank refuses amounts ending in 51 cents (decision 0292): give this payout such an amount.
    const refusedAmount = Math.floor(Number(failed.amount_minor) / 100) * 100 + DEMO_REFUSED_PAYOUT_CENTS;
    await app.ctx.db
      .updateTable('payouts')
      .set({ amount_minor: String(refusedAmount) })
      .where('id', '=', failed.id)
      .execute();
    const admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
    const retried = await app.inject({ method: 'POST', url: `/folio/payment-api/v2/payouts/${failed.id}/retry`, headers: bearer(admin) });
    expect(retried.json<{ status: string }>().status).toBe('Processing');
    const before = receiver.received.length;
    expect(await settleDueAttempts(app.ctx, 0)).toBeGreaterThanOrEqual(1);
    const requests = (await receiver.waitFor(before + 1)).slice(before);
    const failedEvents = requests.filter((request) => (JSON.parse(request.body) as { type: string }).type === 'payout.failed');
    expect(failedEvents).toHaveLength(1);
    expect(failedEvents[0]!.signatureValid).toBe(true);
    expect(JSON.parse(failedEvents[0]!.body)).toMatchObject({
      type: 'payout.failed',
      merchantGroupId: groupId,
      data: { payoutId: failed.id, status: 'Failed', amountMinor: refusedAmount, attemptNo: 2, error: expect.stringContaining('refused') },
    });
    // What the payouts page shows agrees: Failed, with the second attempt's refusal.
    const detail = await app.inject({ method: 'GET', url: `/folio/payment-api/v2/payouts/${failed.id}`, headers: bearer(admin) });
    expect(detail.json()).toMatchObject({ status: 'Failed', attemptList: [{ attemptNo: 1 }, { attemptNo: 2, status: 'Failed', error: DEMO_REFUSAL_ERROR }] });
  });

  test("another group's staff cannot see the log or send events", async () => {
    const otherGroup = (await app.ctx.db.selectFrom('merchant_groups').select('id').where('name', '=', 'Alpine Lodges Group').executeTakeFirstOrThrow()).id;
    const scope = { kind: 'merchantGroup', merchantGroupId: otherGroup };
    expect((await post('/deliveries/search', { scope })).statusCode).toBe(404);
    expect((await post('/test', { scope })).statusCode).toBe(404);
    const admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
    expect((await post('/search', { scope: groupScope() }, admin)).statusCode).toBe(200);
  });
});

describe('how long the log keeps its deliveries (decision 0725)', () => {
  test("a group's and a property's log say the days of FOLIO_KEEP_WEBHOOK_DELIVERIES_DAYS, the default 90, and null when the setting keeps them all", async () => {
    const propertyScope = { kind: 'property', merchantGroupId: groupId, merchantId: propertyId };
    const keptForDays = async () =>
      Promise.all([groupScope(), propertyScope].map(async (scope) => (await post('/deliveries/search', { scope })).json<WebhookDeliveryPage>().keptForDays));
    expect(await keptForDays()).toEqual([90, 90]);
    const configured = app.ctx.config.retention;
    try {
      // The configuration the retention sweep reads, as a start with the setting would build it.
      app.ctx.config.retention = configFromEnv({ FOLIO_KEEP_WEBHOOK_DELIVERIES_DAYS: '0' }).retention;
      expect(await keptForDays()).toEqual([null, null]);
      app.ctx.config.retention = configFromEnv({ FOLIO_KEEP_WEBHOOK_DELIVERIES_DAYS: '14' }).retention;
      expect(await keptForDays()).toEqual([14, 14]);
    } finally {
      app.ctx.config.retention = configured;
    }
  });
});

describe('the delivery log as it grows (decision 0719)', () => {
  test("a group's log counts up to the cap and estimates past it, newest first, and reads its receiver's own index", async () => {
    const { id: receiverId } = await app.ctx.db
      .selectFrom('webhook_settings')
      .select('id')
      .where('merchant_group_id', '=', groupId)
      .where('merchant_id', 'is', null)
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO webhook_deliveries (webhook_settings_id, merchant_group_id, event_type, payload, target_url, status, finished_at)
      SELECT ${receiverId}::uuid, ${groupId}::uuid, 'order.paid', '{}'::jsonb, 'https://hooks.example.test/volume', 'Succeeded', now()
      FROM generate_series(1, 40)`.execute(app.ctx.db);
    setExactCountUpTo(20);
    try {
      const answer = (await post('/deliveries/search', { scope: groupScope() })).json<{ items: WebhookDelivery[]; total: number; totalExact: boolean }>();
      expect(answer.totalExact).toBe(false);
      expect(answer.total).toBeGreaterThan(20);
      expect(answer.items).toHaveLength(25);
      const ids = answer.items.map((item) => Number(item.id));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    } finally {
      setExactCountUpTo(DEFAULT_EXACT_COUNT_UP_TO);
      await sql`DELETE FROM webhook_deliveries WHERE target_url = 'https://hooks.example.test/volume'`.execute(app.ctx.db);
    }
    // With a scan of the table or a walk of an index in order discouraged, a log no index can serve shows as a scan.
    const log = deliveryLogStatements({ merchantGroupId: groupId, merchantId: null }, 0, 25);
    for (const statement of [log.page, log.matching]) {
      const plan = await planWithoutSequentialScans(app.ctx.db, (trx) => statement.compile(trx), { orIndexWalks: true });
      expect(plan).toContain('webhook_deliveries_receiver');
      expect(plan).not.toContain('Seq Scan on webhook_deliveries');
    }
  });
});
