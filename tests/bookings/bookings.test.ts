import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BookingLogEntry, BookingRow, PmsFolio, PmsPosting } from '../../contract/bookings';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/endpoint';
import { escapeLike } from '../../server/lists/list-query';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Issue 14 / decision 0212: the bookings list, one booking's log, its PMS folio and posting a
// charge through the PMS adapter, through real HTTP and the real database with the demo seed.
const API = '/backoffice/api/v2';
let app: FastifyInstance;
let admin: string;
let propertyManager: string;
let propertyViewOnly: string;

const search = (token: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: `${API}/bookings/search`, headers: bearer(token), payload });
const get = (token: string, url: string) => app.inject({ method: 'GET', url: `${API}${url}`, headers: bearer(token) });
const post = (token: string, payload: Record<string, unknown>, key: string = crypto.randomUUID()) =>
  app.inject({ method: 'POST', url: `${API}/pms`, headers: { ...bearer(token), [IDEMPOTENCY_KEY_HEADER]: key }, payload });
const rowsOf = (answer: { json: <T>() => T }) => answer.json<{ items: BookingRow[]; total: number }>();

beforeAll(async () => {
  app = await startTestApp({ orders: 200 });
  admin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  propertyManager = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
  propertyViewOnly = (await signIn(app, 'propertyviewonlyuser@demo.folio.test')).accessToken;
});
afterAll(async () => app.close());

describe('bookings', () => {
  test('the list pages bookings with property, guest, stay, amount, deposit basis, PMS integration and linked orders', async () => {
    const first = await search(admin, { pagination: { page: 0, pageSize: 10 } });
    expect(first.statusCode).toBe(200);
    const page = rowsOf(first);
    expect(page.total).toBe(50);
    expect(page.items).toHaveLength(10);
    const row = page.items[0]!;
    expect(row).toMatchObject({ reference: expect.stringMatching(/^BK-/), merchantName: expect.any(String), currency: expect.stringMatching(/^[A-Z]{3}$/) });
    expect(row.orderIds).toHaveLength(1);
    expect(row.checkOut > row.checkIn).toBe(true);
    const second = rowsOf(await search(admin, { pagination: { page: 1, pageSize: 10 } }));
    expect(second.items.map((b) => b.id)).not.toContain(row.id);
    const ows = rowsOf(await search(admin, { filters: { pmsIntegrations: ['Ows'], depositBases: ['DepositAmount'] }, pagination: { page: 0, pageSize: 100 } }));
    expect(ows.items.length).toBeGreaterThan(0);
    for (const booking of ows.items) expect(booking).toMatchObject({ pmsIntegration: 'Ows', depositBasis: 'DepositAmount', depositMinor: expect.any(Number) });
    const byGuest = rowsOf(await search(admin, { filters: { search: row.reference } }));
    expect(byGuest.items.map((b) => b.id)).toEqual([row.id]);
    expect((await search(admin, { sorting: [{ id: 'payload', desc: true }] })).statusCode).toBe(400);
  });

  test("a property manager sees only their properties' bookings; another's is 404 for detail, logs and folio and leaks nothing", async () => {
    const all = rowsOf(await search(admin, { pagination: { page: 0, pageSize: 100 } })).items;
    const own = rowsOf(await search(propertyManager, { pagination: { page: 0, pageSize: 100 } })).items;
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(all.length);
    const ownIds = new Set(own.map((b) => b.id));
    const foreign = all.find((b) => !ownIds.has(b.id))!;
    for (const url of [`/bookings/${foreign.id}`, `/bookings/${foreign.id}/logs`, `/pms/${foreign.id}`]) {
      const answer = await get(propertyManager, url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).not.toContain(foreign.reference);
    }
    expect((await get(propertyManager, `/bookings/${own[0]!.id}`)).json<BookingRow>()).toMatchObject({ id: own[0]!.id });
    expect((await search(propertyViewOnly)).statusCode).toBe(403);
    expect((await get(propertyManager, '/bookings/not-a-uuid')).statusCode).toBe(400);
  });

  test('a booking log holds both sources with direction, status and both bodies, newest first', async () => {
    const all = rowsOf(await search(admin, { filters: { pmsIntegrations: ['Cendyn', 'Ows', 'OraclePI'] }, pagination: { page: 0, pageSize: 100 } })).items;
    let found: BookingLogEntry[] | undefined;
    for (const booking of all) {
      const logs = (await get(admin, `/bookings/${booking.id}/logs`)).json<{ items: BookingLogEntry[] }>().items;
      if (logs.some((entry) => entry.source === 'Webhook')) {
        found = logs;
        break;
      }
    }
    expect(found).toBeDefined();
    const reservation = found!.find((entry) => entry.source === 'Booking')!;
    expect(reservation).toMatchObject({ direction: 'Inbound', status: 200 });
    expect(JSON.parse(reservation.requestBody!)).toMatchObject({ event: 'ReservationCreated' });
    const webhook = found!.find((entry) => entry.source === 'Webhook')!;
    expect(webhook).toMatchObject({ direction: 'Outbound', message: expect.stringContaining('payment.succeeded') });
    expect(JSON.parse(webhook.requestBody!)).toMatchObject({ type: 'payment.succeeded' });
    const times = found!.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  test('POST pms posts a charge through the demo PMS: the folio lists it and the log keeps what the PMS received and answered', async () => {
    const [booking] = rowsOf(await search(admin, { filters: { pmsIntegrations: ['OraclePI'] }, pagination: { page: 0, pageSize: 10 } })).items;
    const key = crypto.randomUUID();
    const posted = await post(admin, { bookingId: booking!.id, amountMinor: 4_500, currency: booking!.currency, description: 'Minibar' }, key);
    expect(posted.statusCode).toBe(201);
    expect(posted.json<PmsPosting>()).toMatchObject({ outcome: 'Posted', amountMinor: 4_500, byEmail: 'folioadmin@demo.folio.test' });
    const replay = await post(admin, { bookingId: booking!.id, amountMinor: 4_500, currency: booking!.currency, description: 'Minibar' }, key);
    expect(replay.json()).toEqual(posted.json());
    const rejected = await post(admin, { bookingId: booking!.id, amountMinor: 1_099, currency: booking!.currency, description: 'Spa' });
    expect(rejected.json<PmsPosting>()).toMatchObject({ outcome: 'Rejected', pmsReference: null });
    const folio = (await get(admin, `/pms/${booking!.id}`)).json<PmsFolio>();
    expect(folio).toMatchObject({ pmsIntegration: 'OraclePI' });
    expect(folio.postings.map((p) => [p.description, p.outcome])).toEqual([
      ['Minibar', 'Posted'],
      ['Spa', 'Rejected'],
    ]);
    const [latest, before] = (await get(admin, `/bookings/${booking!.id}/logs`)).json<{ items: BookingLogEntry[] }>().items;
    expect(latest).toMatchObject({ source: 'Booking', direction: 'Outbound', status: 422 });
    expect(JSON.parse(latest!.responseBody!)).toMatchObject({ error: 'FOLIO_CLOSED' });
    expect(before).toMatchObject({ source: 'Booking', direction: 'Outbound', status: 201 });
    expect(JSON.parse(before!.requestBody!)).toMatchObject({ folioCharge: { amount: 4_500, description: 'Minibar' } });
  });

  test('POST pms refusals: no PMS integration or another currency is 409, read-only roles 403, bad input 400', async () => {
    const [none] = rowsOf(await search(admin, { filters: { pmsIntegrations: ['None'] }, pagination: { page: 0, pageSize: 10 } })).items;
    expect((await post(admin, { bookingId: none!.id, amountMinor: 100, currency: none!.currency, description: 'x' })).statusCode).toBe(409);
    const [ows] = rowsOf(await search(admin, { filters: { pmsIntegrations: ['Ows'] }, pagination: { page: 0, pageSize: 10 } })).items;
    expect((await post(admin, { bookingId: ows!.id, amountMinor: 100, currency: ows!.currency === 'EUR' ? 'USD' : 'EUR', description: 'x' })).statusCode).toBe(
      409,
    );
    expect((await post(propertyManager, { bookingId: ows!.id, amountMinor: 100, currency: ows!.currency, description: 'x' })).statusCode).toBe(403);
    expect((await post(admin, { bookingId: ows!.id, amountMinor: -1, currency: ows!.currency, description: '' })).statusCode).toBe(400);
    expect((await get(admin, `/pms/${ows!.id}`)).json<PmsFolio>().postings).toEqual([]);
  });

  test("the search finds a guest's name, e-mail or the reference anywhere in any case, as ILIKE on each would, and no term reaches from one into the next (decision 0719)", async () => {
    const merchantId = (await app.ctx.db.selectFrom('bookings').select('merchant_id').executeTakeFirstOrThrow()).merchant_id;
    const guests = [
      ['BK-SRCH-1', 'Zoë Ångström', 'ZOE.A@Example.test'],
      ['BK-SRCH-2', 'Per Sørensen', null],
      ['BK-SRCH-3', 'Anna Smith', 'anna_s%1@example.test'],
    ] as const;
    for (const [reference, name, email] of guests)
      await sql`INSERT INTO bookings (id, merchant_id, reference, guest_name, guest_email, check_in, check_out, amount_minor, currency)
        VALUES (gen_random_uuid(), ${merchantId}, ${reference}, ${name}, ${email}, '2026-12-01', '2026-12-03', 10000, 'EUR')`.execute(app.ctx.db);
    const found = async (term: string) =>
      rowsOf(await search(admin, { filters: { search: term }, pagination: { page: 0, pageSize: 100 } }))
        .items.map((booking) => booking.reference)
        .sort();
    const ilike = async (term: string) => {
      const pattern = `%${escapeLike(term)}%`;
      const { rows } = await sql<{ reference: string }>`SELECT reference FROM bookings
        WHERE guest_name ILIKE ${pattern} OR guest_email ILIKE ${pattern} OR reference ILIKE ${pattern} ORDER BY reference`.execute(app.ctx.db);
      return rows.map((row) => row.reference).sort();
    };
    try {
      expect(await found('ÅNGström')).toEqual(['BK-SRCH-1']);
      expect(await found('zoe.a@EXAMPLE')).toEqual(['BK-SRCH-1']);
      expect(await found('bk-srch')).toEqual(['BK-SRCH-1', 'BK-SRCH-2', 'BK-SRCH-3']);
      expect(await found('s%1')).toEqual(['BK-SRCH-3']);
      // % and _ are what they are, not wildcards: "srch_1" would otherwise find BK-SRCH-1.
      expect(await found('srch_1')).toEqual([]);
      for (const term of ['zoë', 'SØRENSEN', 'smith', 'example.TEST', 'a_s', 'BK-', 'Anna']) expect(await found(term), term).toEqual(await ilike(term));
      // The name's end and the e-mail's start, the e-mail's end and the reference's start, a name without an e-mail.
      for (const term of ['strömzoe', 'testbk-srch', 'sørensenbk', 'sensen bk']) expect(await found(term), term).toEqual([]);
    } finally {
      await sql`DELETE FROM bookings WHERE reference LIKE 'BK-SRCH-%'`.execute(app.ctx.db);
    }
  });
});
