import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RequestablePropertiesSchema } from '../../contract/payouts';
import { MERCHANT_API } from '../../contract/product';
import { PAYOUT_DEFAULTS } from '../../contract/settings/payout';
import { requestablePropertiesStatement } from '../../server/payouts/requestable-properties';
import { planWithoutSequentialScans } from '../support/query-plan';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { setPayoutSettings } from './payout-planting';
import type { z } from 'zod';

// Decision 0707: the payout request lists only the properties a payout may be asked for, those paid "Manually" by
// their effective payout setting (their own, else their group's), in the caller's scope; the Payouts page offers the
// request only when there is one.

type Requestable = z.infer<typeof RequestablePropertiesSchema>;

let app: FastifyInstance;
let providerAdmin: string;
let merchantAdmin: string;
let propertyManager: string;
let merchantViewOnly: string;
const properties: Record<string, string> = {};
const groups: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp({ demoPayoutSettleMs: 0 });
  providerAdmin = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
  merchantAdmin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
  propertyManager = (await signIn(app, 'propertymanager@demo.folio.test')).accessToken;
  merchantViewOnly = (await signIn(app, 'merchantviewonlyuser@demo.folio.test')).accessToken;
  for (const row of (await sql<{ id: string; name: string }>`SELECT id, name FROM merchants`.execute(app.ctx.db)).rows) properties[row.name] = row.id;
  for (const row of (await sql<{ id: string; name: string }>`SELECT id, name FROM merchant_groups`.execute(app.ctx.db)).rows) groups[row.name] = row.id;
}, 180_000);
afterAll(async () => app?.close());

async function requestable(token: string, search?: string): Promise<{ status: number; names: string[]; total: number }> {
  const response = await app.inject({
    method: 'GET',
    url: `${MERCHANT_API}/payouts/request/properties${search === undefined ? '' : `?search=${encodeURIComponent(search)}`}`,
    headers: bearer(token),
  });
  if (response.statusCode !== 200) return { status: response.statusCode, names: [], total: 0 };
  const answer = response.json<Requestable>();
  return { status: 200, names: answer.items.map((item) => item.name), total: answer.total };
}

describe('the properties a payout may be asked for (decision 0707)', () => {
  test('none while every property is paid on a schedule, as in the demo', async () => {
    expect(await requestable(providerAdmin)).toEqual({ status: 200, names: [], total: 0 });
    expect(await requestable(merchantAdmin)).toEqual({ status: 200, names: [], total: 0 });
  });

  test("those paid Manually by their own setting or their group's, each caller seeing only their own", async () => {
    // The demo group is paid Manually, except Dune, which keeps a schedule of its own; one property of another group too.
    const saved = await app.inject({
      method: 'PUT',
      url: `${MERCHANT_API}/merchant-group-settings/${groups['Lagoon Hotels Group']}/payout`,
      headers: bearer(providerAdmin),
      payload: { ...PAYOUT_DEFAULTS, schedule: 'Manually', accountHolder: 'Lagoon Hotels BV', accountNumber: 'NL91ABNA0417164300' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await setPayoutSettings(app, providerAdmin, properties['Dune Resort Scheveningen']!, { schedule: 'Daily' });
    await setPayoutSettings(app, providerAdmin, properties['Naxos Beach Villas']!, { schedule: 'Manually' });

    const lagoon = ['Canal House Amsterdam', 'City Lights Rotterdam', 'Harbour View Hotel'];
    expect(await requestable(providerAdmin)).toEqual({ status: 200, names: [...lagoon, 'Naxos Beach Villas'].sort(), total: 4 });
    // The group's own people: their group's, not Kastro's.
    expect(await requestable(merchantAdmin)).toEqual({ status: 200, names: lagoon, total: 3 });
    expect(await requestable(propertyManager)).toEqual({ status: 200, names: lagoon, total: 3 });
  });

  test("by the property's or the group's name", async () => {
    expect(await requestable(providerAdmin, 'canal')).toEqual({ status: 200, names: ['Canal House Amsterdam'], total: 1 });
    expect(await requestable(providerAdmin, 'Kastro')).toEqual({ status: 200, names: ['Naxos Beach Villas'], total: 1 });
    // A LIKE pattern is a name to find, not a pattern.
    expect(await requestable(providerAdmin, '%')).toEqual({ status: 200, names: [], total: 0 });
    expect(await requestable(merchantAdmin, 'Naxos')).toEqual({ status: 200, names: [], total: 0 });
  });

  test("a property's own row without a schedule keeps its group's Manually", async () => {
    // Harbour View's own payout row names only a minimum: the schedule is still the group's.
    await setPayoutSettings(app, providerAdmin, properties['Harbour View Hotel']!, { minimumPayoutMinor: 5_000 });
    await sql`UPDATE merchant_settings SET data = data - 'schedule' WHERE merchant_id = ${properties['Harbour View Hotel']!}::uuid AND kind = 'payout'`.execute(
      app.ctx.db,
    );
    expect((await requestable(providerAdmin, 'Harbour')).names).toEqual(['Harbour View Hotel']);
    expect((await requestable(merchantAdmin, 'Harbour')).names).toEqual(['Harbour View Hotel']);
  });

  test("provider staff's question starts from the settings rows that say Manually, through their own index (decision 0713)", async () => {
    // Its predicate must stay the index's word for word (literals): a parameter in its place would make the planner
    // read every property's settings again, about 2 µs a property. With sequential scans off, only a matching
    // predicate lets the planner use the partial index.
    const plan = await planWithoutSequentialScans(app.ctx.db, (trx) => requestablePropertiesStatement('all', undefined).compile(trx));
    expect(plan).toContain('merchant_settings_paid_by_hand');
  });

  test('refused to a user who may not ask for a payout', async () => {
    expect((await requestable(merchantViewOnly)).status).toBe(403);
  });
});
