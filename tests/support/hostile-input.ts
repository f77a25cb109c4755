import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../contract/endpoint';
import { KYC_STEP_SCHEMAS } from '../../contract/kyc/step-schemas';
import { MERCHANT_HEADER } from '../../contract/product';
import type { Db } from '../../server/db/database';
import { endpoints, filledPath, inputParams } from './endpoint-walk';
import { replacedAt, sampleInput, stringPaths } from './schema-samples';
import { tableCounts } from './table-counts';
import { bearer, signIn, startTestApp } from './test-app';

// Issue 12, "Done when": every endpoint of the contract, called by a provider admin and by merchant
// admins (one of an Active group, one whose group is still onboarding), with NUL bytes, lone
// surrogates, 1 MB strings, 1000-deep arrays and objects and wrong types put into each string field
// of a plausible body one at a time, and hostile text in each path parameter, query value and the
// merchant header: no answer is a 500, every refusal is problem JSON, and a refused write leaves
// the row count of every table as it was (decisions 0175-0179). Rows are watched by a test trigger on
// every table information_schema lists, which counts committed inserts and deletes: one cheap read
// after each request instead of counting every table, and stricter (an insert undone by a delete counts).

const ONE_MB = 'x'.repeat(1024 * 1024);
const nested = (wrap: (inner: unknown) => unknown): unknown => {
  let value: unknown = 'leaf';
  for (let level = 0; level < 1000; level++) value = wrap(value);
  return value;
};
/** What replaces one string field of a body. */
const FIELD_VALUES: Array<[string, unknown]> = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'a\ud800b'],
  ['1 MB string', ONE_MB],
  ['1000-deep array', nested((inner) => [inner])],
  ['1000-deep object', nested((inner) => ({ a: inner }))],
  ['number', 12345],
  ['object', { a: 'b' }],
  ['null', null],
];
/** What replaces one path parameter (already URL-encoded; an encoded surrogate is not valid UTF-8). */
const PARAM_VALUES: Array<[string, string]> = [
  ['NUL', 'a%00b'],
  ['encoded surrogate', 'a%ED%A0%80b'],
  ['1 MB', ONE_MB],
  ['5,000 characters', 'x'.repeat(5000)],
  ['number', '12345'],
  ['brackets', '%5B%5D'],
  ['dots', '..%2F..%2Fetc'],
];
/** Query strings for one query key. */
const QUERY_VALUES: Array<[string, (key: string) => string]> = [
  ['NUL', (key) => `${key}=a%00b`],
  ['encoded surrogate', (key) => `${key}=a%ED%A0%80b`],
  ['1 MB', (key) => `${key}=${ONE_MB}`],
  ['repeated (an array)', (key) => `${key}=1&${key}=2`],
  ['1000 brackets', (key) => `${key}${'[a]'.repeat(1000)}=x`],
  ['empty', (key) => `${key}=`],
];
const MERCHANT_HEADER_VALUES = [
  'garbage',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
  `${'A'.repeat(8)}-AAAA-4AAA-8AAA-${'A'.repeat(12)}`,
  'x'.repeat(10_000),
  `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}, second`,
];

/** The callers the fuzz is run as, one test file each so the suite's workers share the work. */
export const HOSTILE_INPUT_CALLERS = {
  providerAdmin: { role: 'provider admin', email: 'folioadmin@demo.folio.test' },
  activeMerchantAdmin: { role: 'merchant admin (Active group)', email: 'merchantadmin@demo.folio.test' },
  onboardingMerchantAdmin: { role: 'merchant admin (onboarding group)', email: 'applicant@demo.folio.test' },
} as const;
type Caller = (typeof HOSTILE_INPUT_CALLERS)[keyof typeof HOSTILE_INPUT_CALLERS];

interface Attempt {
  label: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

let app: FastifyInstance;
let token = '';
let ownGroup = '';

/** Tables a request may write to even when refused: the rate limiter's counters record requests, not data. */
const REQUEST_BOOKKEEPING = ['rate_limit_counters'];

async function watchRowChanges(db: Db): Promise<void> {
  await sql`CREATE TABLE test_row_changes (id int PRIMARY KEY, changes bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO test_row_changes VALUES (1, 0)`.execute(db);
  await sql`
    CREATE FUNCTION test_count_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE test_row_changes SET changes = changes + 1 WHERE id = 1;
      RETURN NULL;
    END $$`.execute(db);
  const tables = Object.keys(await tableCounts(db)).filter((table) => table !== 'test_row_changes' && !REQUEST_BOOKKEEPING.includes(table));
  for (const table of tables)
    await sql`CREATE TRIGGER test_count_row_change AFTER INSERT OR DELETE ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION test_count_row_change()`.execute(
      db,
    );
}

/** Rows inserted or deleted (and committed) in any table since the watch began. */
async function rowChanges(): Promise<number> {
  const result = await sql<{ changes: string }>`SELECT changes FROM test_row_changes WHERE id = 1`.execute(app.ctx.db);
  return Number(result.rows[0]!.changes);
}

/** A plausible body; a KYC step's free-form `data` gets the fields of a step with text, addresses and lists. */
function plausibleBody(endpoint: Endpoint): unknown {
  const body = endpoint.body ? sampleInput(endpoint.body) : undefined;
  if (!body || typeof body !== 'object' || !('step' in body) || !('data' in body)) return body;
  return { ...body, step: 'company-details', data: sampleInput(KYC_STEP_SCHEMAS['company-details']) };
}

/** Every hostile request for one endpoint: one mutation at a time, the rest of the request plausible. */
function attempts(endpoint: Endpoint, groupId: string): Attempt[] {
  const base = (name: string) => (name === 'token' ? '00000000-0000-4000-8000-0000000000ff' : groupId);
  const path = filledPath(endpoint, base);
  const query = endpoint.query ? (sampleInput(endpoint.query) as Record<string, unknown>) : {};
  const queryKeys = Object.keys(query).length ? Object.keys(query) : ['q'];
  const body = plausibleBody(endpoint);
  const list: Attempt[] = [];
  for (const param of inputParams(endpoint))
    for (const [label, value] of PARAM_VALUES)
      list.push({ label: `param ${param}: ${label}`, url: filledPath(endpoint, (name) => (name === param ? value : base(name))), body });
  // Without a query schema the parameter is ignored by design, so the request carries no body: it cannot become a valid write.
  const queryBody = endpoint.query ? body : undefined;
  for (const key of queryKeys)
    for (const [label, make] of QUERY_VALUES) list.push({ label: `query ${key}: ${label}`, url: `${path}?${make(key)}`, body: queryBody });
  for (const field of stringPaths(body))
    for (const [label, value] of FIELD_VALUES)
      list.push({ label: `body ${field.join('.') || '(root)'}: ${label}`, url: path, body: replacedAt(body, field, value) });
  if (endpoint.merchantHeader)
    for (const value of MERCHANT_HEADER_VALUES)
      list.push({ label: `merchant header ${value.slice(0, 40)}`, url: path, body, headers: { [MERCHANT_HEADER]: value } });
  return list;
}

function expectProblem(response: LightMyRequestResponse, context: string): void {
  expect(response.headers['content-type'], context).toContain('application/problem+json');
  const problem = response.json<Record<string, unknown>>();
  expect(problem, context).toMatchObject({ type: expect.any(String), title: expect.any(String), status: response.statusCode, detail: expect.any(String) });
}

async function send(endpoint: Endpoint, attempt: Attempt): Promise<LightMyRequestResponse> {
  return app.inject({
    method: endpoint.method,
    url: attempt.url,
    headers: { ...bearer(token), ...attempt.headers, ...(attempt.body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: attempt.body === undefined ? undefined : JSON.stringify(attempt.body),
  });
}

/** Registers the whole fuzz, every contract endpoint, as one caller, on a test app of its own. */
export function describeHostileInputFrom({ role, email }: Caller): void {
  beforeAll(async () => {
    app = await startTestApp({ orders: 200 });
    token = (await signIn(app, email)).accessToken;
    const user = await app.ctx.db.selectFrom('users').select('merchant_group_id').where('email', '=', email).executeTakeFirstOrThrow();
    const anyGroup = await app.ctx.db.selectFrom('merchant_groups').select('id').orderBy('name').executeTakeFirstOrThrow();
    ownGroup = user.merchant_group_id ?? anyGroup.id;
    await watchRowChanges(app.ctx.db);
  });
  afterAll(async () => {
    await app?.close();
  });

  describe(`hostile input from a ${role}`, () => {
    it.each(endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))('%s', async (_, endpoint) => {
      let changes = await rowChanges();
      for (const attempt of attempts(endpoint, ownGroup)) {
        const response = await send(endpoint, attempt);
        const context = `${endpoint.method} ${endpoint.path}, ${attempt.label}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, context).toBeLessThan(500);
        if (response.statusCode >= 400) expectProblem(response, context);
        if (endpoint.method === 'GET') continue;
        // A KYC draft with a wrong type in a field is stored as an invalid draft by design (decision 0141); refusals store nothing.
        const now = await rowChanges();
        if (response.statusCode >= 400) expect(now - changes, `rows inserted or deleted by a refused write: ${context}`).toBe(0);
        changes = now;
      }
    });
  });
}
