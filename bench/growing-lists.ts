import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDatabase, type Db } from '../server/db/database';
import { signIn } from '../tests/support/test-app';

// `BENCH_DATABASE_URL=postgres://... npx tsx bench/growing-lists.ts` (decision 0719): the lists whose tables grow with
// the payments, on a database seeded with `npm run seed -- --orders 10000000`. The volume seed writes orders with
// their operations, bookings and payouts, but not what a provider's database also gathers for most payments: an
// e-mail in the outbox, a webhook delivery, audit entries, now and then a refund request. This writes them first, once
// (a later run finds them and skips the step), from the seeded orders:
//   - an e-mail in the outbox for each order with a guest e-mail;
//   - a webhook receiver for "Lagoon Hotels Group" and one for one of its properties, and a delivery for each order
//     of the group's four properties;
//   - an audit entry for each pay-later order made (by one of seven merchant users) and each one paid;
//   - a refund request for 5 % of the Paid orders, a few in a hundred still awaiting approval.
// Then it calls each list in process (Fastify's inject, the server's own code and database) BENCH_RUNS times
// (default 20, after 2 warm-up calls) as the provider admin or the merchant admin, and prints the median and the
// slowest. PostgreSQL only: the embedded engine does not hold ten million orders (the README, "Where the embedded
// engine's line is"). Prints numbers; asserts nothing.

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL: a PostgreSQL database seeded with `npm run seed -- --orders N`');
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARM_UP = 2;
const GROUP = 'Lagoon Hotels Group';

const db = openDatabase({ kind: 'postgres', url });

async function once(name: string, present: () => Promise<boolean>, write: () => Promise<unknown>): Promise<void> {
  if (await present()) return console.log(`${name}: already written`);
  const started = performance.now();
  await write();
  console.log(`${name}: written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const exists = (query: ReturnType<typeof sql>) => async (): Promise<boolean> => (await query.execute(db)).rows.length > 0;

async function writeHistory(database: Db): Promise<void> {
  await once('e-mails in the outbox', exists(sql`SELECT 1 FROM email_outbox WHERE subject LIKE 'Your payment link for reservation FOL-%' LIMIT 1`), () =>
    sql`INSERT INTO email_outbox (recipient, subject, text_body, status, created_at, sent_at)
      SELECT guest_email, 'Your payment link for reservation ' || reference_no,
        'Dear ' || guest_name || E',\\n\\nplease pay for reservation ' || reference_no || E'.\\n\\nKind regards,\\nthe hotel',
        'sent', created_at, created_at + interval '2 seconds'
      FROM orders WHERE guest_email IS NOT NULL AND reference_no LIKE 'FOL-%'`.execute(database),
  );
  await once('webhook deliveries', exists(sql`SELECT 1 FROM webhook_settings WHERE url LIKE 'https://hooks.example.test/volume%' LIMIT 1`), () =>
    database.transaction().execute(async (trx) => {
      await sql`INSERT INTO webhook_settings (merchant_group_id, merchant_id, url, secret_cipher, secret_hint)
          SELECT g.id, NULL, 'https://hooks.example.test/volume-group', 'volume', 'none' FROM merchant_groups g WHERE g.name = ${GROUP}
          ON CONFLICT DO NOTHING`.execute(trx);
      await sql`INSERT INTO webhook_settings (merchant_group_id, merchant_id, url, secret_cipher, secret_hint)
          SELECT m.merchant_group_id, m.id, 'https://hooks.example.test/volume-property', 'volume', 'none'
          FROM merchants m JOIN merchant_groups g ON g.id = m.merchant_group_id WHERE g.name = ${GROUP}
          ORDER BY m.name LIMIT 1 ON CONFLICT DO NOTHING`.execute(trx);
      await sql`INSERT INTO webhook_deliveries (webhook_settings_id, merchant_group_id, merchant_id, event_type, payload, target_url,
            status, attempts, next_attempt_at, created_at, finished_at, last_response_status)
          SELECT coalesce(own.id, grp.id), m.merchant_group_id, o.merchant_id, 'order.paid', jsonb_build_object('orderId', o.id),
            coalesce(own.url, grp.url), 'Succeeded', 1, o.created_at, o.created_at, o.created_at + interval '1 second', 200
          FROM orders o JOIN merchants m ON m.id = o.merchant_id
          JOIN webhook_settings grp ON grp.merchant_group_id = m.merchant_group_id AND grp.merchant_id IS NULL AND grp.url LIKE 'https://hooks.example.test/volume%'
          LEFT JOIN webhook_settings own ON own.merchant_id = o.merchant_id AND own.url LIKE 'https://hooks.example.test/volume%'
          ORDER BY o.id`.execute(trx);
    }),
  );
  await once('audit entries', exists(sql`SELECT 1 FROM audit_log WHERE action = 'payment-link.create' AND detail ? 'volume' LIMIT 1`), () =>
    sql`INSERT INTO audit_log (actor_user_id, action, entity_type, entity_id, detail, created_at)
      SELECT CASE WHEN made THEN a.id END, CASE WHEN made THEN 'payment-link.create' ELSE 'payment-link.completed' END, 'order', o.id::text,
        '{"volume": true}'::jsonb, o.created_at + CASE WHEN made THEN interval '0' ELSE interval '1 hour' END
      FROM orders o
      CROSS JOIN LATERAL (VALUES (true), (false)) AS step(made)
      JOIN (SELECT row_number() OVER (ORDER BY email) AS n, id FROM users WHERE email IN ('merchantadmin@demo.folio.test', 'merchantuser@demo.folio.test',
        'createrefundcanceluser@demo.folio.test', 'createcanceluser@demo.folio.test', 'merchant@demo.folio.test', 'organizationadmin@demo.folio.test',
        'propertymanager@demo.folio.test')) a ON a.n = 1 + abs(hashtext('ac' || o.id)) % 7
      WHERE o.payment_type = 'PL' AND (made OR o.status = 'Paid')
      ORDER BY 6`.execute(database),
  );
  await once('refund requests', exists(sql`SELECT 1 FROM refund_requests WHERE reason = 'Volume: guest cancelled' LIMIT 1`), () =>
    sql`INSERT INTO refund_requests (merchant_id, order_id, amount_minor, currency, reason, approval_status, state, requested_by, created_at, updated_at)
      SELECT o.merchant_id, o.id, greatest(1, o.amount_minor / 2), o.currency, 'Volume: guest cancelled',
        CASE WHEN h % 1000 = 0 THEN 'Pending' WHEN h % 1000 = 1 THEN 'PartiallyApproved' WHEN h % 10 = 2 THEN 'Rejected' ELSE 'Approved' END,
        CASE WHEN h % 1000 IN (0, 1) THEN 'Created' WHEN h % 10 = 2 THEN 'Rejected' ELSE 'Completed' END,
        (SELECT id FROM users WHERE email = 'merchantadmin@demo.folio.test'), o.created_at + interval '1 day', o.created_at + interval '2 days'
      FROM (SELECT o.*, abs(hashtext('rf' || o.id)) AS h FROM orders o WHERE o.status = 'Paid') o
      WHERE h % 100 < 5`.execute(database),
  );
  for (const table of ['email_outbox', 'webhook_deliveries', 'audit_log', 'refund_requests']) await sql.raw(`VACUUM ANALYZE ${table}`).execute(database);
}

await writeHistory(db);

const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-growing-lists-'));
const base = configFromEnv({ ...process.env, NODE_ENV: 'test', FOLIO_DATA_DIR: dataDir, FOLIO_DEMO: 'true', LOG_LEVEL: 'warn' });
// Answers are not checked against the contract, as in production. Pending migrations (their indexes) are applied here.
// No webhook is sent: the written receivers' secrets are not sealed, and only the lists are timed.
const app = await buildApp(
  {
    ...base,
    seedOrders: 0,
    validateResponses: false,
    payoutRunMs: 0,
    integrations: { ...base.integrations, webhookWorkers: 0 },
    rateLimits: { ...base.rateLimits, signInPerMinute: 1000 },
  },
  { db },
);
await app.ready();
const token = async (email: string) => (await signIn(app, email)).accessToken;
const [admin, merchantAdmin] = [await token('folioadmin@demo.folio.test'), await token('merchantadmin@demo.folio.test')];
const ids = Object.fromEntries(
  (
    await sql<{ key: string; id: string }>`
      SELECT 'group' AS key, id::text FROM merchant_groups WHERE name = ${GROUP}
      UNION ALL SELECT 'property', merchant_id::text FROM webhook_settings WHERE url = 'https://hooks.example.test/volume-property'
      UNION ALL SELECT 'busy user', id::text FROM users WHERE email = 'merchantadmin@demo.folio.test'
      UNION ALL SELECT 'quiet user', id::text FROM users WHERE email = 'propertyoperations@demo.folio.test'`.execute(db)
  ).rows.map((row) => [row.key, row.id]),
);
const counts = (
  await sql<{ name: string; n: string }>`
  SELECT 'orders' AS name, count(*) AS n FROM orders UNION ALL SELECT 'bookings', count(*) FROM bookings
  UNION ALL SELECT 'e-mails', count(*) FROM email_outbox UNION ALL SELECT 'webhook deliveries', count(*) FROM webhook_deliveries
  UNION ALL SELECT 'audit entries', count(*) FROM audit_log UNION ALL SELECT 'refund requests', count(*) FROM refund_requests`.execute(db)
).rows;
console.log(counts.map((row) => `${row.name} ${Number(row.n).toLocaleString('en')}`).join(', '));

const B = '/backoffice/api/v2';
const M = '/folio/payment-api/v2';
const group = { kind: 'merchantGroup', merchantGroupId: ids.group };
const property = { kind: 'property', merchantGroupId: ids.group, merchantId: ids.property };
const cases: Array<[name: string, token: string, url: string, body?: object]> = [
  ['sent e-mails, opening', admin, `${B}/emails/search`, {}],
  ['sent e-mails, recipient "guest12345"', admin, `${B}/emails/search`, { recipient: 'guest12345' }],
  ['sent e-mails, recipient, one found', admin, `${B}/emails/search`, { recipient: 'guest123457@example.test' }],
  ['sent e-mails, recipient, none found', admin, `${B}/emails/search`, { recipient: 'folioadmin' }],
  ["a group's webhook log", merchantAdmin, `${M}/webhooks/deliveries/search`, { scope: group }],
  ["a property's webhook log", merchantAdmin, `${M}/webhooks/deliveries/search`, { scope: property }],
  ['audit of a busy user', admin, `${M}/users/${ids['busy user']}/audit`],
  ['audit of a quiet user', admin, `${M}/users/${ids['quiet user']}/audit`],
  ['refund requests, opening', admin, `${B}/refunds/requests/search`, {}],
  ['refund requests, by amount', admin, `${B}/refunds/requests/search`, { sorting: [{ id: 'amount', desc: true }] }],
  ['refund requests, by state', admin, `${B}/refunds/requests/search`, { sorting: [{ id: 'state', desc: false }] }],
  ['refund requests, awaiting approval', admin, `${B}/refunds/requests/search`, { filters: { approvalStatuses: ['Pending', 'PartiallyApproved'] } }],
  ['refund requests, waiting for me', merchantAdmin, `${B}/refunds/requests/search`, { filters: { waitingForMe: true } }],
  ["a group's home", merchantAdmin, `${B}/home/merchant`],
  ['bookings, a reference', admin, `${B}/bookings/search`, { filters: { search: 'BK-00123456' } }],
  ['bookings, an e-mail', admin, `${B}/bookings/search`, { filters: { search: 'guest123457@example.test' } }],
  ['bookings, a full name', admin, `${B}/bookings/search`, { filters: { search: 'Anna de Vries' } }],
  ['bookings, nothing found', admin, `${B}/bookings/search`, { filters: { search: 'nobody-here' } }],
];
console.log(`${RUNS} calls each after ${WARM_UP} warm-up, in process; ms:`);
for (const [name, bearer, target, body] of cases) {
  const times: number[] = [];
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const started = performance.now();
    const response = await app.inject({
      method: body ? 'POST' : 'GET',
      url: target,
      headers: { authorization: `Bearer ${bearer}` },
      ...(body ? { payload: body } : {}),
    });
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    if (run >= WARM_UP) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(40)} median ${times[Math.floor(times.length / 2)]!.toFixed(1).padStart(7)}, slowest ${times.at(-1)!.toFixed(1).padStart(7)}`);
}
await app.close();
rmSync(dataDir, { recursive: true, force: true });
