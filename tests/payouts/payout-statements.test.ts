import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, test } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import { PAYOUT_DEFAULTS } from '../../contract/settings/payout';
import { DEMO_REFUSED_PAYOUT_CENTS, settleDueAttempts } from '../../server/payouts/demo-payout-rail';
import { scheduleDuePayouts, sendScheduledPayouts } from '../../server/payouts/payout-run';
import { statementOf } from '../../server/payouts/payout-statements';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Decision 0700: when the bank has paid or refused a payout, the property's payout e-mail recipients (to, cc and
// bcc of its payout e-mails page, or its group's) each get its statement, once; a property without recipients
// gets none. Driven by the payout run and the demo bank, as in production (their timers are off in tests).

let app: FastifyInstance;
let merchantAdmin: string;
const properties: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp({ demoPayoutSettleMs: 0 });
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  const rows = await sql<{ id: string; name: string }>`
    SELECT m.id, m.name FROM merchants m JOIN users u ON u.merchant_group_id = m.merchant_group_id
    WHERE u.email = 'merchantadmin@demo.folio.test' AND m.status IN ('Active', 'Inactive')`.execute(app.ctx.db);
  for (const row of rows.rows) properties[row.name] = row.id;
}, 180_000);
afterAll(async () => app?.close());

async function save(merchantId: string, kind: 'payout' | 'payout-emails', values: object) {
  const saved = await app.inject({
    method: 'PUT',
    url: `${MERCHANT_API}/property-settings/${merchantId}/${kind}`,
    headers: bearer(merchantAdmin),
    payload: values,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A Paid capture of yesterday (UTC), a closed day after every seeded payout. */
async function captureYesterday(merchantId: string, amountMinor: number) {
  await sql`
    INSERT INTO orders (merchant_id, reference_no, guest_name, amount_minor, currency, status, payment_type, created_at, updated_at)
    VALUES (${merchantId}::uuid, ${`STMT-${amountMinor}`}, 'Planted Guest', ${amountMinor}, 'EUR', 'Paid', 'PN',
      (now() AT TIME ZONE 'UTC')::date - 1 + interval '9 hours', now())`.execute(app.ctx.db);
}

const mailsTo = async (address: string) =>
  (await sql<{ subject: string; text_body: string }>`SELECT subject, text_body FROM email_outbox WHERE recipient = ${address} ORDER BY id`.execute(app.ctx.db))
    .rows;

describe("a payout's statement to its property's payout e-mail recipients", () => {
  test('a paid payout reaches to, cc and bcc once each; a refused one says so; a property without recipients gets none', async () => {
    const canal = properties['Canal House Amsterdam']!;
    const dune = properties['Dune Resort Scheveningen']!;
    const harbour = properties['Harbour View Hotel']!;
    await save(canal, 'payout-emails', { to: ['finance@canal.example'], cc: ['owner@canal.example'], bcc: ['audit@lagoon.example'] });
    await save(canal, 'payout', { ...PAYOUT_DEFAULTS, accountHolder: 'Canal House BV', accountNumber: 'NL91 ABNA 0417 1643 00' });
    await save(dune, 'payout-emails', { to: ['finance@dune.example'], cc: [], bcc: [] });
    await captureYesterday(canal, 250_000);
    await captureYesterday(dune, 180_000 + DEMO_REFUSED_PAYOUT_CENTS);
    await captureYesterday(harbour, 90_000);
    const outboxBefore = Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM email_outbox`.execute(app.ctx.db)).rows[0]!.n);

    expect(await scheduleDuePayouts(app.ctx)).toBe(3);
    expect(await sendScheduledPayouts(app.ctx)).toBe(3);
    // Nothing is said before the bank has answered.
    expect(await mailsTo('finance@canal.example')).toEqual([]);
    expect(await settleDueAttempts(app.ctx, 0)).toBe(3);

    for (const address of ['finance@canal.example', 'owner@canal.example', 'audit@lagoon.example']) {
      const [mail, ...more] = await mailsTo(address);
      expect(more).toEqual([]);
      expect(mail!.subject).toMatch(/^Payout PO-\S+ paid: €2,500\.00 for Canal House Amsterdam$/);
      expect(mail!.text_body).toContain('Folio has paid out €2,500.00 for Canal House Amsterdam to the account ending in 4300.');
      expect(mail!.text_body).toContain('Guest payments: €2,500.00');
      // It covers the days since the property's last payout, up to yesterday.
      expect(mail!.text_body).toMatch(new RegExp(`(Period: \\S+ to|Day:) ${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)} \\(UTC`));
    }
    const [refused] = await mailsTo('finance@dune.example');
    expect(refused!.subject).toMatch(/^Payout PO-\S+ failed: €1,800\.51 for Dune Resort Scheveningen$/);
    expect(refused!.text_body).toContain('The bank said: the bank refused the transfer');
    // Harbour View has no recipients, here or on its group: its payout is paid without a statement.
    const outboxAfter = Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM email_outbox`.execute(app.ctx.db)).rows[0]!.n);
    expect(outboxAfter - outboxBefore).toBe(4);
    // A second round of the bank answers nothing new and sends nothing again.
    expect(await settleDueAttempts(app.ctx, 0)).toBe(0);
    expect(await mailsTo('finance@canal.example')).toHaveLength(1);
  });
});

describe('the statement of a payout of one day', () => {
  it('names the day, not a period from a day to itself', () => {
    const payout = {
      id: '1',
      reference: 'PO-1',
      merchant_id: 'm',
      merchant_group_id: 'g',
      status: 'Paid' as const,
      currency: 'JPY',
      property: 'Harbour View Hotel',
      period_start: '2026-11-29',
      period_end: '2026-11-29',
      captures: '120000',
      refunds: '-2000',
      fees: '0',
      carried: '0',
      error: null,
    };
    const { text } = statementOf(payout, '');
    expect(text).toContain('Day: 2026-11-29 (UTC)');
    expect(text).toContain('Paid out: ¥118,000');
    expect(statementOf({ ...payout, period_start: '2026-11-23' }, '').text).toContain('Period: 2026-11-23 to 2026-11-29 (UTC days)');
  });
});
