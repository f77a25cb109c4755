import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mayCall, type Capabilities } from '../../contract/capabilities';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/endpoint';
import { payoutEndpoints, type PayoutDueAnswer, type PayoutRequestAnswer } from '../../contract/payouts';
import { BACKOFFICE_API, MERCHANT_API } from '../../contract/product';
import { PAYOUT_DEFAULTS } from '../../contract/settings/payout';
import { scheduleDuePayouts } from '../../server/payouts/payout-run';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { dayOf, plantCapture, plusDays, setPayoutSettings } from './payout-planting';

// Decision 0704: a property paid "Manually" is not paid by the payout run; a user who may act on payouts asks for a
// payout, and the run's own rule makes it of everything settled up to the end of yesterday (UTC), once, its minimum
// payout applying.

let app: FastifyInstance;
let providerAdmin: string;
let merchantAdmin: string;
let merchantViewOnly: string;
let propertyManager: string;
const properties: Record<string, string> = {};

const today = () => dayOf(new Date());

beforeAll(async () => {
  app = await startTestApp({ demoPayoutSettleMs: 0 });
  providerAdmin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  merchantViewOnly = (await signIn(app, 'merchantviewonlyuser@demo.folio.test')).accessToken;
  propertyManager = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
  const rows = await sql<{ id: string; name: string }>`SELECT id, name FROM merchants`.execute(app.ctx.db);
  for (const row of rows.rows) properties[row.name] = row.id;
}, 180_000);
afterAll(async () => app?.close());

/** The payout holding the order's capture, if any. */
async function payoutOf(orderId: string) {
  const rows = await sql<{ id: string }>`
    SELECT l.payout_id::text AS id FROM payout_lines l WHERE l.order_id = ${orderId}::bigint AND l.kind = 'Capture'`.execute(app.ctx.db);
  return rows.rows[0]?.id;
}

const manualPayoutsOf = async (merchantId: string) =>
  (await sql<{ id: string }>`SELECT id::text FROM payouts WHERE merchant_id = ${merchantId}::uuid AND schedule = 'Manually'`.execute(app.ctx.db)).rows;

const ask = (token: string, merchantId: string, key?: string): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: `${MERCHANT_API}/payouts/request`,
    headers: { ...bearer(token), ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }) },
    payload: { merchantId },
  });

describe('a payout asked for by hand (decision 0704)', () => {
  test('a property paid Manually is not paid by the run; asked for, it gets one payout of what was settled up to yesterday', async () => {
    const merchantId = properties['Canal House Amsterdam']!;
    await setPayoutSettings(app, providerAdmin, merchantId, { schedule: 'Manually' });
    const twoDaysAgo = await plantCapture(app, 'MANUAL', merchantId, plusDays(today(), -2), 120_000);
    const yesterday = await plantCapture(app, 'MANUAL', merchantId, plusDays(today(), -1), 80_000);
    const ofToday = await plantCapture(app, 'MANUAL', merchantId, today(), 50_000);

    await scheduleDuePayouts(app.ctx);
    expect(await payoutOf(twoDaysAgo)).toBeUndefined();
    expect(await payoutOf(yesterday)).toBeUndefined();

    // What asking would make, told first (for the confirmation), makes nothing.
    const preview = await app.inject({ method: 'GET', url: `${MERCHANT_API}/payouts/request?merchantId=${merchantId}`, headers: bearer(providerAdmin) });
    expect(preview.statusCode, preview.body).toBe(200);
    const [due] = preview.json<PayoutDueAnswer>().due;
    expect(due).toMatchObject({ merchantName: 'Canal House Amsterdam', currency: 'EUR', periodEnd: plusDays(today(), -1) });
    expect(await payoutOf(yesterday)).toBeUndefined();
    expect(await manualPayoutsOf(merchantId)).toHaveLength(0);

    const asked = await ask(providerAdmin, merchantId, 'ask-canal');
    expect(asked.statusCode, asked.body).toBe(200);
    const { payouts } = asked.json<PayoutRequestAnswer>();
    expect(payouts).toHaveLength(1);
    const payout = payouts[0]!;
    expect(payout).toMatchObject({ merchantId, currency: 'EUR', status: 'Scheduled', schedule: 'Manually', periodEnd: plusDays(today(), -1) });
    // Its lines: the two captures settled before today, not today's; its amount is the sum of its lines.
    const lines = await sql<{ order_id: string; kind: string; amount_minor: string }>`
      SELECT order_id::text, kind, amount_minor::text FROM payout_lines WHERE payout_id = ${payout.id}::uuid`.execute(app.ctx.db);
    expect(lines.rows.filter((line) => line.kind === 'Capture').map((line) => line.order_id)).toEqual(expect.arrayContaining([twoDaysAgo, yesterday]));
    expect(lines.rows.filter((line) => line.kind === 'Capture')).toHaveLength(2);
    expect(payout.amountMinor).toBe(lines.rows.reduce((sum, line) => sum + Number(line.amount_minor), 0));
    expect(payout).toMatchObject({ amountMinor: due!.amountMinor, periodStart: due!.periodStart });
    expect(await payoutOf(ofToday)).toBeUndefined();
    // The list shows it as every other payout.
    const listed = await app.inject({
      method: 'POST',
      url: `${MERCHANT_API}/payouts/search`,
      headers: bearer(providerAdmin),
      payload: { filters: { merchantIds: [merchantId], schedules: ['Manually'] } },
    });
    expect(listed.json<{ items: { id: string }[] }>().items.map((row) => row.id)).toEqual([payout.id]);
  });

  test("a double click (one key, twice at once) makes one payout and both see it: here the group's own admin asks", async () => {
    const merchantId = properties['Dune Resort Scheveningen']!;
    await setPayoutSettings(app, merchantAdmin, merchantId, { schedule: 'Manually' });
    await plantCapture(app, 'MANUAL', merchantId, plusDays(today(), -1), 64_000);
    const [first, second] = await Promise.all([ask(merchantAdmin, merchantId, 'click-1'), ask(merchantAdmin, merchantId, 'click-1')]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(await manualPayoutsOf(merchantId)).toHaveLength(1);
    // Asked again later (a new intent): nothing is left to pay, and it says so.
    const again = await ask(merchantAdmin, merchantId, 'click-2');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'payout.nothingDue' });
    expect(await manualPayoutsOf(merchantId)).toHaveLength(1);
  });

  test('two tabs (two keys, or none, at once) make one payout; the other is told nothing is due', async () => {
    const merchantId = properties['Harbour View Hotel']!;
    await setPayoutSettings(app, providerAdmin, merchantId, { schedule: 'Manually' });
    await plantCapture(app, 'MANUAL', merchantId, plusDays(today(), -1), 45_000);
    const answers = await Promise.all([ask(providerAdmin, merchantId, 'tab-1'), ask(providerAdmin, merchantId, 'tab-2'), ask(providerAdmin, merchantId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.json()).toMatchObject({ code: 'payout.nothingDue' });
    expect(await manualPayoutsOf(merchantId)).toHaveLength(1);
  });

  test("below the property's minimum payout: refused, naming the amount and the minimum; nothing is made", async () => {
    const merchantId = properties['Santorini Caldera Resort']!;
    await setPayoutSettings(app, providerAdmin, merchantId, { schedule: 'Manually', minimumPayoutMinor: 100_000, currency: 'EUR' });
    const small = await plantCapture(app, 'MANUAL', merchantId, plusDays(today(), -1), 30_000);
    const previewed = await app.inject({ method: 'GET', url: `${MERCHANT_API}/payouts/request?merchantId=${merchantId}`, headers: bearer(providerAdmin) });
    expect(previewed.json()).toMatchObject({ code: 'payout.belowMinimum' });
    const refused = await ask(providerAdmin, merchantId, 'small');
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    const problem = refused.json<{ code: string; params: { amountMinor: number; currency: string; minimumMinor: number } }>();
    expect(problem).toMatchObject({ code: 'payout.belowMinimum', params: { currency: 'EUR', minimumMinor: 100_000 } });
    expect(problem.params.amountMinor).toBeGreaterThan(0);
    expect(problem.params.amountMinor).toBeLessThanOrEqual(30_000);
    expect(await payoutOf(small)).toBeUndefined();
    expect(await manualPayoutsOf(merchantId)).toHaveLength(0);
  });

  test('a property paid on a schedule is paid by the run, not by hand; a property with nothing settled is told so', async () => {
    const merchantId = properties['Naxos Beach Villas']!;
    const scheduled = await ask(providerAdmin, merchantId);
    expect(scheduled.statusCode).toBe(409);
    expect(scheduled.json()).toMatchObject({ code: 'payout.notManual', params: { schedule: 'Daily' } });
    await setPayoutSettings(app, providerAdmin, merchantId, { schedule: 'Manually' });
    const nothing = await ask(providerAdmin, merchantId);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ code: 'payout.nothingDue' });
  });

  test('a role that only reads payouts may not ask (403), and is not offered it; the hotel side that may is', async () => {
    const merchantId = properties['Canal House Amsterdam']!;
    const refused = await ask(merchantViewOnly, merchantId);
    expect(refused.statusCode).toBe(403);
    const capabilitiesOf = async (token: string) =>
      (await app.inject({ method: 'GET', url: `${BACKOFFICE_API}/capabilities`, headers: bearer(token) })).json<Capabilities>().may;
    expect(mayCall(await capabilitiesOf(merchantViewOnly), payoutEndpoints.requestPayout)).toBe(false);
    // Whoever may set a property to "Manually" may ask for its payout: the group's admin and the property's manager.
    for (const token of [providerAdmin, merchantAdmin, propertyManager]) expect(mayCall(await capabilitiesOf(token), payoutEndpoints.requestPayout)).toBe(true);
    // Asking is not retrying: a retry stays provider staff's.
    expect(mayCall(await capabilitiesOf(merchantAdmin), payoutEndpoints.retryPayout)).toBe(false);
  });

  test("the hotel side asks only for its own group's properties: another group's is not found", async () => {
    const santorini = properties['Santorini Caldera Resort']!;
    await plantCapture(app, 'MANUAL', santorini, plusDays(today(), -1), 500_000);
    for (const token of [merchantAdmin, propertyManager]) {
      const outside = await ask(token, santorini);
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toMatchObject({ detail: `property ${santorini} not found` });
    }
    expect(await manualPayoutsOf(santorini)).toHaveLength(0);
    // Their own group's property is theirs to ask for (Harbour View, "Manually", was paid by an earlier test): they are
    // told what the property stands at, not refused.
    const own = await ask(propertyManager, properties['Harbour View Hotel']!);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'payout.nothingDue' });
  });
});

// With the run's timer on (a round a minute, as in production), a payout asked for is sent to the bank at once: the
// request wakes the run when it commits, rather than leaving the payout Scheduled until the next round.
describe('a payout asked for with the run on', () => {
  let running: FastifyInstance;
  beforeAll(async () => {
    running = await startTestApp({ orders: 50, payoutRunMs: 60_000, demoPayoutSettleMs: 0 });
  }, 180_000);
  afterAll(async () => running?.close());

  test('is sent to the bank within seconds, not at the next round a minute later', async () => {
    const admin = (await signIn(running, 'folioadmin@demo.folio.test')).accessToken;
    const merchantId = (await sql<{ id: string }>`SELECT id FROM merchants WHERE name = 'Canal House Amsterdam'`.execute(running.ctx.db)).rows[0]!.id;
    await setPayoutSettings(running, admin, merchantId, { schedule: 'Manually' });
    await plantCapture(running, 'NUDGE', merchantId, plusDays(today(), -1), 33_000);
    const asked = await running.inject({
      method: 'POST',
      url: `${MERCHANT_API}/payouts/request`,
      headers: { ...bearer(admin), [IDEMPOTENCY_KEY_HEADER]: 'nudge-1' },
      payload: { merchantId },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [made] = asked.json<PayoutRequestAnswer>().payouts;
    // A round is a minute apart here; a third of that is a wide margin for a round started by the request.
    await expect
      .poll(async () => (await sql<{ status: string }>`SELECT status FROM payouts WHERE id = ${made!.id}::uuid`.execute(running.ctx.db)).rows[0]?.status, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe('Processing');
  });
});

// On PostgreSQL (several connections) the requests truly overlap: the claim of the property's row makes them take
// turns, and the later ones find nothing left. Run where CI provides a server (TEST_DATABASE_URL).
describe.skipIf(!postgresUrl)('payout requests racing on PostgreSQL', () => {
  let pgApp: FastifyInstance;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh.drop;
    pgApp = await startTestApp({ database: { kind: 'postgres', url: fresh.url }, orders: 0 });
  }, 180_000);
  afterAll(async () => {
    await pgApp?.close();
    await drop?.();
  });

  test('five tabs asking at once for one property make one payout; the others are told nothing is due', async () => {
    const admin = (await signIn(pgApp, 'folioadmin@demo.folio.test')).accessToken;
    const merchantId = (await sql<{ id: string }>`SELECT id FROM merchants WHERE name = 'Canal House Amsterdam'`.execute(pgApp.ctx.db)).rows[0]!.id;
    const saved = await pgApp.inject({
      method: 'PUT',
      url: `${MERCHANT_API}/property-settings/${merchantId}/payout`,
      headers: bearer(admin),
      payload: { ...PAYOUT_DEFAULTS, schedule: 'Manually', accountHolder: 'Canal House BV', accountNumber: 'NL91ABNA0417164300' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await sql`INSERT INTO orders (merchant_id, reference_no, guest_name, amount_minor, currency, status, payment_type, created_at, updated_at)
      VALUES (${merchantId}::uuid, 'MANUAL-RACE', 'Planted Guest', 70000, 'EUR', 'Paid', 'PN', ${`${plusDays(today(), -1)}T10:00:00Z`}::timestamptz, now())`.execute(
      pgApp.ctx.db,
    );
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, tab) =>
        pgApp.inject({
          method: 'POST',
          url: `${MERCHANT_API}/payouts/request`,
          headers: { ...bearer(admin), [IDEMPOTENCY_KEY_HEADER]: `race-tab-${tab}` },
          payload: { merchantId },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.json()).toMatchObject({ code: 'payout.nothingDue' });
    const made = await sql<{ id: string }>`SELECT id::text FROM payouts WHERE merchant_id = ${merchantId}::uuid AND schedule = 'Manually'`.execute(
      pgApp.ctx.db,
    );
    expect(made.rows).toHaveLength(1);
  });
});
