import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { createdLink, DECLINED_CARD, guestOf, SUCCESS_CARD } from './support';

// Decision 0701: a guest's completed payment link is e-mailed to the property's payment (PMNT) notification
// recipients, else to its DEFAULT ones; a refused card is not told.
let app: FastifyInstance;
let manager: string;
let admin: string;
let canal: string;
let dune: string;

beforeAll(async () => {
  app = await startTestApp();
  manager = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  admin = manager;
  const properties = await sql<{ id: string; name: string }>`
    SELECT m.id, m.name FROM merchants m JOIN users u ON u.merchant_group_id = m.merchant_group_id
    WHERE u.email = 'merchantadmin@demo.folio.test' AND m.status = 'Active'`.execute(app.ctx.db);
  canal = properties.rows.find((property) => property.name === 'Canal House Amsterdam')!.id;
  dune = properties.rows.find((property) => property.name === 'Dune Resort Scheveningen')!.id;
}, 120_000);
afterAll(async () => app?.close());

async function recipients(merchantId: string, lists: { DEFAULT: string[]; PMNT: string[] }) {
  const saved = await app.inject({
    method: 'PUT',
    url: `${MERCHANT_API}/property-settings/${merchantId}/notifications`,
    headers: bearer(admin),
    payload: { GPE: [], VCCF: [], ...lists },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const mailsTo = async (address: string) =>
  (await sql<{ subject: string; text_body: string }>`SELECT subject, text_body FROM email_outbox WHERE recipient = ${address} ORDER BY id`.execute(app.ctx.db))
    .rows;

describe("a guest's payment told to the hotel", () => {
  test('goes to the payment recipients, else the default ones; once; not for a refused card', async () => {
    await recipients(canal, { DEFAULT: ['gm@canal.example'], PMNT: ['frontdesk@canal.example', 'night@canal.example'] });
    await recipients(dune, { DEFAULT: ['gm@dune.example'], PMNT: [] });
    const guest = guestOf(app, '10.0.99.1');

    const paid = await createdLink(app, manager, canal, { bookingReference: 'NOTICE-1', guestName: 'Ada Guest', amountMinor: 12_500 });
    expect((await guest.pay(paid.token, DECLINED_CARD)).json()).toMatchObject({ outcome: 'Declined' });
    expect(await mailsTo('frontdesk@canal.example')).toEqual([]);
    expect((await guest.pay(paid.token, SUCCESS_CARD)).json()).toMatchObject({ outcome: 'Paid' });
    for (const address of ['frontdesk@canal.example', 'night@canal.example']) {
      const [mail, ...more] = await mailsTo(address);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('Payment received: €125.00 from Ada Guest (NOTICE-1)');
      expect(mail!.text_body).toContain('Ada Guest paid €125.00 for booking NOTICE-1 at Canal House Amsterdam, with Visa ending in 4242.');
      expect(mail!.text_body).not.toContain('4242424242424242');
    }
    // The payment recipients are named, so the default ones are not bothered.
    expect(await mailsTo('gm@canal.example')).toEqual([]);

    const held = await createdLink(app, manager, dune, { bookingReference: 'NOTICE-2', guestName: 'Bo Guest', amountMinor: 30_000, paymentType: 'AU' });
    expect((await guest.pay(held.token, SUCCESS_CARD)).json()).toMatchObject({ outcome: 'Authorized' });
    const [notice] = await mailsTo('gm@dune.example');
    expect(notice!.subject).toBe('Amount held: €300.00 from Bo Guest (NOTICE-2)');
    expect(notice!.text_body).toContain('Capture it from the order when the stay is charged.');
  });
});
