import pg from 'pg';
import { BACKOFFICE_API, MERCHANT_API } from '../contract/product';
import { buildApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { DEMO_PASSWORD } from '../server/demo/demo-layout';

// The statements (and so the round trips) the server sends to PostgreSQL per browsing call of
// `npm run bench:load`'s mix, each sorted into what it is for: who calls (session, user, roles,
// grants, scope, two-step), the transaction around a handler, the answer's page, its count and the
// planner's estimate past the count's cap, and what else the answer reads. Every statement the
// PostgreSQL client sends while one call is answered is counted; calls go one at a time through the
// server's own request path, and the server runs as a second server process does, without the
// background loops (exports, webhooks, payout runs) whose statements would be counted with the calls'.
//   BENCH_DATABASE_URL (required: a database `npm run bench:load` has seeded)
//   BENCH_CALLS (default 20 of each kind)
//   BENCH_SHOW=1 prints the statements of each kind's first call

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL database bench:load has seeded');
const CALLS = Number(process.env.BENCH_CALLS ?? 20);

/** The statements of the call being answered. */
let current: string[] | undefined;
// Every statement goes through a pool client's query; a statement sent inside a call is that call's.
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string; name?: string };
  const text = typeof first === 'string' ? first : (first.name ? `[named ${first.name}] ` : '') + (first.text ?? '');
  current?.push(text);
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

/** What a statement is for, by its text. */
function purpose(text: string): string {
  const compact = text.replace(/\s+/g, ' ').trim();
  if (compact.includes('folio_session_caller') || compact.includes('FROM sessions s WHERE s.id')) return 'who calls (session, user, roles, grants, scope)';
  if (/^(begin|commit|rollback)/i.test(compact)) return 'transaction (begin, commit)';
  if (/rate_limit/i.test(compact)) return 'rate limit';
  if (/idempotency_keys/i.test(compact)) return 'idempotency';
  if (/audit_log/i.test(compact)) return 'audit';
  if (compact.startsWith('EXPLAIN')) return "the planner's estimate past the count's cap";
  if (/^SELECT count\(\*\) AS n FROM \(/.test(compact)) return 'the count';
  return 'the answer (its page, rows and what they show)';
}

const app = await buildApp(
  configFromEnv({
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: url,
    FOLIO_DEMO: 'true',
    LOG_LEVEL: 'warn',
    FOLIO_SPA_DIR: '/nonexistent',
    FOLIO_SERVER_PROCESS: '2',
  }),
  { prepared: true },
);
await app.ready();

async function signIn(email: string): Promise<string> {
  const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf' });
  const cookie = csrf.cookies.find((entry) => entry.name === 'folio.csrf-token');
  const { csrfToken } = csrf.json<{ csrfToken: string }>();
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `folio.csrf-token=${cookie?.value ?? ''}` },
    payload: new URLSearchParams({ csrfToken, email, password: DEMO_PASSWORD, callbackUrl: '/', json: 'true' }).toString(),
  });
  // A refused sign-in (the sign-in rate limit right after a load bench signed in from the same address) is said
  // here, rather than as the first measured call's 401.
  if (signedIn.statusCode !== 200) throw new Error(`sign-in of ${email}: ${signedIn.statusCode} ${signedIn.body}`);
  const cookies = Object.fromEntries(signedIn.cookies.map((entry) => [entry.name, entry.value]));
  const session = await app.inject({ method: 'GET', url: '/api/auth/session', cookies });
  const { accessToken } = session.json<{ accessToken?: string }>();
  if (!accessToken) throw new Error(`sign-in of ${email}: no session after it (${session.statusCode} ${session.body})`);
  return accessToken;
}

// The bench's accounts: provider staff see every merchant, the merchant admin their group's.
const tokens = await Promise.all(['folioadmin', 'admin', 'superadmin', 'merchantadmin'].map((role) => signIn(`${role}@demo.folio.test`)));

interface Tally {
  calls: number;
  byPurpose: Map<string, number>;
}
const tallies = new Map<string, Tally>();

async function measured(label: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const sent: string[] = [];
  current = sent;
  const response = await app.inject({
    method,
    url: path,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  current = undefined;
  if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
  const tally = tallies.get(label) ?? { calls: 0, byPurpose: new Map<string, number>() };
  if (process.env.BENCH_SHOW === '1' && tally.calls === 0)
    console.log(`${label}:\n${sent.map((text) => `  ${text.replace(/\s+/g, ' ').trim().slice(0, 160)}`).join('\n')}`);
  tally.calls += 1;
  for (const text of sent) tally.byPurpose.set(purpose(text), (tally.byPurpose.get(purpose(text)) ?? 0) + 1);
  tallies.set(label, tally);
  return response.json();
}

const SORTS = [[], [{ id: 'createdAt', desc: true }], [{ id: 'amount', desc: true }], [{ id: 'guestName', desc: false }], [{ id: 'status', desc: false }]];
const STATUSES = [['Paid'], ['Failed'], ['Tokenized', 'Paid'], ['Cancelled']];
for (let index = 0; index < CALLS; index += 1) {
  const token = tokens[index % tokens.length] as string;
  const orders = (await measured('order search', token, 'POST', `${BACKOFFICE_API}/order/search`, { pagination: { page: 0, pageSize: 25 } })) as {
    items: { id: number }[];
  };
  const from = new Date(Date.now() - (30 + ((index * 37) % 300)) * 86_400_000).toISOString().slice(0, 10);
  await measured('order search, filtered and sorted', token, 'POST', `${BACKOFFICE_API}/order/search`, {
    filters: { createdFrom: from, statuses: STATUSES[index % STATUSES.length] },
    sorting: SORTS[index % SORTS.length],
    pagination: { page: 0, pageSize: 25 },
  });
  await measured('order search, next page', token, 'POST', `${BACKOFFICE_API}/order/search`, { pagination: { page: 1 + (index % 5), pageSize: 25 } });
  const payouts = (await measured('payout search', token, 'POST', `${MERCHANT_API}/payouts/search`, { pagination: { page: 0, pageSize: 25 } })) as {
    items: { id: string }[];
  };
  const order = orders.items[index % orders.items.length];
  if (order) await measured('order detail', token, 'GET', `${BACKOFFICE_API}/order/${order.id}`);
  const payout = payouts.items[index % payouts.items.length];
  if (payout) await measured('payout detail', token, 'GET', `${MERCHANT_API}/payouts/${payout.id}`);
}
await app.close();

// The bench's mix (bench/load-bench.ts): 30 % first pages, 20 % filtered and sorted, 10 % next pages, 20 % payout pages, 13 % order details, 7 % payout details.
const MIX: Record<string, number> = {
  'order search': 0.3,
  'order search, filtered and sorted': 0.2,
  'order search, next page': 0.1,
  'payout search': 0.2,
  'order detail': 0.13,
  'payout detail': 0.07,
};
const purposes = [...new Set([...tallies.values()].flatMap((tally) => [...tally.byPurpose.keys()]))].sort();
const perCall = (tally: Tally, name: string) => (tally.byPurpose.get(name) ?? 0) / tally.calls;
console.log(`statements (= round trips) per call, mean of ${CALLS} calls of each kind`);
console.log(['call'.padEnd(34), ...purposes.map((name) => name.slice(0, 18).padStart(18)), 'all'.padStart(6)].join(' '));
const mixed = new Map<string, number>();
for (const [label, tally] of tallies) {
  let all = 0;
  const cells = purposes.map((name) => {
    const value = perCall(tally, name);
    all += value;
    mixed.set(name, (mixed.get(name) ?? 0) + value * (MIX[label] ?? 0));
    return value.toFixed(2).padStart(18);
  });
  console.log([label.padEnd(34), ...cells, all.toFixed(2).padStart(6)].join(' '));
}
console.log(
  [
    "bench:load's mix".padEnd(34),
    ...purposes.map((name) => (mixed.get(name) ?? 0).toFixed(2).padStart(18)),
    [...mixed.values()]
      .reduce((sum, value) => sum + value, 0)
      .toFixed(2)
      .padStart(6),
  ].join(' '),
);
for (const name of purposes) console.log(`  ${name}`);
