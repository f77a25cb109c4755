import { sql } from 'kysely';
import { BACKOFFICE_API, MERCHANT_API } from '../contract/product';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { openDatabase } from '../server/db/database';
import { signIn } from '../tests/support/test-app';
import { percentile } from './export-responsiveness';

// `npm run bench:many-groups`: what the calls every page or a common screen makes cost a provider with thousands of
// merchant groups (decisions 0713, 0714, 0715). On a PostgreSQL database the demo was seeded in (a copy: this adds to
// it), it first adds BENCH_GROUPS groups (default 3,000) of five Active properties each, once, with payout settings as
// a real provider's might be (a hundred groups paid "Manually", some of their properties on a schedule of their own,
// two hundred properties elsewhere paid "Manually" themselves, a thousand on Weekly) and a payment settings row per
// new property. Then it times each call for a provider admin and a merchant admin through the server's own request
// path (Fastify's in-process client), BENCH_CALLS timed calls (default 50) after 10 warm-up, and prints p50, p95 and
// the answer's size. Prints numbers; asserts nothing.
//   BENCH_DATABASE_URL (required)   BENCH_GROUPS (default 3000)   BENCH_CALLS (default 50)

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL database with the demo seeded (a copy: groups are added to it)');
const GROUPS = Number(process.env.BENCH_GROUPS ?? 3000);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const WARM_UP = 10;

const db = openDatabase({ kind: 'postgres', url });
const base = configFromEnv({ ...process.env, NODE_ENV: 'test', FOLIO_DATA_DIR: '.bench-data', FOLIO_DEMO: 'true', LOG_LEVEL: 'warn' });
const app = await buildApp(
  { ...base, seedOrders: 0, validateResponses: false, rateLimits: { ...base.rateLimits, signInPerMinute: 1000, forgotPasswordPerHour: 1000 } },
  { db },
);
await app.ready();

const added = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM merchant_groups WHERE name LIKE 'Scale Group %'`.execute(db)).rows[0]!.n);
if (added === 0) {
  console.log(`adding ${GROUPS} groups of five properties`);
  await sql`
    INSERT INTO merchant_groups (name, status) SELECT 'Scale Group ' || g, 'Active' FROM generate_series(1, ${GROUPS}::int) AS g`.execute(db);
  await sql`
    INSERT INTO merchants (merchant_group_id, name, status, position)
    SELECT g.id, g.name || ' Hotel ' || p, 'Active', p FROM merchant_groups g CROSS JOIN generate_series(1, 5) AS p
    WHERE g.name LIKE 'Scale Group %'`.execute(db);
  const scaleGroup = sql`substring(g.name from 13)::int`;
  await sql`
    INSERT INTO merchant_settings (merchant_group_id, merchant_id, kind, data)
    SELECT m.merchant_group_id, m.id, 'payment', '{}'::jsonb FROM merchants m JOIN merchant_groups g ON g.id = m.merchant_group_id
    WHERE g.name LIKE 'Scale Group %'`.execute(db);
  await sql`
    INSERT INTO merchant_settings (merchant_group_id, merchant_id, kind, data)
    SELECT g.id, NULL, 'payout', '{"schedule":"Manually"}' FROM merchant_groups g WHERE g.name LIKE 'Scale Group %' AND ${scaleGroup} % 30 = 0`.execute(db);
  for (const [schedule, where] of [
    ['Daily', sql`${scaleGroup} % 60 = 0 AND m.position = 1`],
    ['Manually', sql`${scaleGroup} % 15 = 1 AND m.position = 2`],
    ['Weekly', sql`${scaleGroup} % 3 = 2 AND m.position = 3`],
  ] as const)
    await sql`
      INSERT INTO merchant_settings (merchant_group_id, merchant_id, kind, data)
      SELECT m.merchant_group_id, m.id, 'payout', ${JSON.stringify({ schedule })}::jsonb FROM merchants m JOIN merchant_groups g ON g.id = m.merchant_group_id
      WHERE g.name LIKE 'Scale Group %' AND ${where}`.execute(db);
  await sql`ANALYZE`.execute(db);
}
const counts = (
  await sql<{
    groups: string;
    properties: string;
  }>`SELECT (SELECT count(*) FROM merchant_groups) AS groups, (SELECT count(*) FROM merchants) AS properties`.execute(db)
).rows[0]!;
console.log(`${counts.groups} merchant groups, ${counts.properties} properties; ${CALLS} timed calls each after ${WARM_UP} warm-up`);

const CASES: Array<{ name: string; method: 'GET' | 'POST'; url: string; body?: object }> = [
  { name: 'capabilities (every page)', method: 'GET', url: `${BACKOFFICE_API}/capabilities` },
  { name: 'groups a property may join', method: 'GET', url: `${BACKOFFICE_API}/capabilities/add-property-groups` },
  { name: 'groups a property may join, searched', method: 'GET', url: `${BACKOFFICE_API}/capabilities/add-property-groups?search=scale%20group%2030` },
  { name: 'payment settings, first page of 25', method: 'POST', url: `${MERCHANT_API}/merchant-config/search`, body: { page: 0, pageSize: 26 } },
  { name: 'payment settings, 500 (no page asked)', method: 'POST', url: `${MERCHANT_API}/merchant-config/search`, body: {} },
  { name: 'properties paid by hand (Payouts page)', method: 'GET', url: `${MERCHANT_API}/payouts/request/properties` },
  { name: 'workable properties (picker)', method: 'GET', url: `${BACKOFFICE_API}/capabilities/properties` },
];

try {
  for (const email of ['folioadmin@demo.folio.test', 'merchantadmin@demo.folio.test']) {
    const { accessToken } = await signIn(app, email);
    for (const entry of CASES) {
      const times: number[] = [];
      let bytes = 0;
      for (let index = 0; index < WARM_UP + CALLS; index++) {
        const started = performance.now();
        const response = await app.inject({
          method: entry.method,
          url: entry.url,
          headers: { authorization: `Bearer ${accessToken}` },
          ...(entry.body ? { payload: entry.body } : {}),
        });
        if (index >= WARM_UP) times.push(performance.now() - started);
        if (response.statusCode === 404 && index === 0) break; // not in this build (an older one, measured for comparison)
        if (response.statusCode !== 200) throw new Error(`${entry.name} answered ${response.statusCode}: ${response.body}`);
        bytes = response.body.length;
      }
      times.sort((a, b) => a - b);
      if (times.length === 0) {
        console.log(`${email.split('@')[0]!.padEnd(14)} ${entry.name.padEnd(40)} not in this build`);
        continue;
      }
      console.log(
        `${email.split('@')[0]!.padEnd(14)} ${entry.name.padEnd(40)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms, p95 ${percentile(times, 95)
          .toFixed(1)
          .padStart(6)} ms, ${String(bytes).padStart(7)} bytes`,
      );
    }
  }
} finally {
  await app.close();
  await db.destroy();
}
