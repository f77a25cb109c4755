import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REFUND_COLUMNS, type RefundSearchAnswer } from '../../contract/refunds';
import { readSheet, settle, startExport } from '../exports/export-helpers';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { API, paidOrder, refundCalls } from './refund-support';

// Exports of the refunds table (exportType REFUND) read back with the independent `xlsx` reader:
// exactly the rows the table shows for the filter, in its order, and exactly the chosen columns.
let app: FastifyInstance;
let calls: ReturnType<typeof refundCalls>;
const token: Record<string, string> = {};
const EXPORT = `${API}/refunds/export`;
const label = (id: string) => REFUND_COLUMNS.find((column) => column.id === id)!.label;

async function download(url: string, accessToken: string): Promise<Buffer> {
  // The link opens only in its owner's live session (decision 0371).
  const response = await app.inject({ method: 'GET', url, headers: bearer(accessToken) });
  expect(response.statusCode).toBe(200);
  // Named for what it holds, not after the transactions export it shares its machinery with.
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="refunds-\d{14}\.(csv|xlsx)"$/);
  return response.rawPayload;
}

async function exported(who: string, body: object, fileType: 'csv' | 'xlsx'): Promise<unknown[][]> {
  const jobToken = await startExport(app, EXPORT, token[who]!, { fileType, ...body });
  const result = await settle(app, `${EXPORT}/${jobToken}`, token[who]!, 20_000);
  expect(result.statusType, JSON.stringify(result)).toBe('Ready');
  return readSheet(await download(result.url!, token[who]!), fileType);
}

beforeAll(async () => {
  app = await startTestApp();
  calls = refundCalls(app);
  // The demo's own refunds (seed-refunds.ts) would make the expected rows depend on the seed.
  await app.ctx.db.deleteFrom('refund_requests').execute();
  await app.ctx.db.deleteFrom('refund_rules').execute();
  for (const role of ['merchantadmin', 'propertymanager', 'propertyoperations', 'folioadmin'])
    token[role] = (await signIn(app, `${role}@demo.folio.test`)).accessToken;
  await calls.saveRule(token.merchantadmin!, {
    merchantId: null,
    rule: { currency: 'EUR', autoApproveUpToMinor: 1_000, twoApprovalsAboveMinor: 5_000, approverRoles: ['MerchantAdmin', 'PropertyManager'] },
  });
  const order = await paidOrder(app, 'Lagoon Hotels Group', 100_000, 7);
  for (const amount of [900, 2_000, 3_000, 6_000, 7_000]) expect((await calls.request(token.propertyoperations!, order, amount)).statusCode).toBe(201);
  const all = (await calls.search(token.merchantadmin!, { pagination: { page: 0, pageSize: 100 } })).json<RefundSearchAnswer>();
  const big = all.items.find((row) => row.amountMinor === 7_000)!;
  await calls.approve(token.propertymanager!, big.id);
  const theirs = await paidOrder(app, 'Kastro Island Resorts', 10_000);
  expect((await calls.request(token.folioadmin!, theirs, 4_000)).statusCode).toBe(201);
});
afterAll(async () => app.close());

describe('refund export', () => {
  test('csv: the filtered rows in the table order, only the chosen columns, another merchant left out', async () => {
    const request = { filters: { approvalStatuses: ['Pending'] }, sorting: [{ id: 'amount', desc: true }] };
    const table = (await calls.search(token.merchantadmin!, { ...request, pagination: { page: 0, pageSize: 100 } })).json<RefundSearchAnswer>();
    expect(table.items.map((row) => row.amountMinor)).toEqual([6_000, 3_000, 2_000]);
    const sheet = await exported('merchantadmin', { request, orderColumns: ['orderReference', 'amount', 'approvalStatus', 'requestedBy'] }, 'csv');
    expect(sheet[0]).toEqual([label('orderReference'), label('amount'), label('approvalStatus'), label('requestedBy')]);
    expect(sheet.slice(1)).toEqual(
      table.items.map((row) => [row.orderReference, (row.amountMinor / 100).toFixed(2), 'Pending', 'propertyoperations@demo.folio.test']),
    );
  });

  test('xlsx: amounts as numbers, statuses in the words of the screen; "waiting for me" resolved for the caller', async () => {
    const request = { filters: { waitingForMe: true }, sorting: [{ id: 'amount', desc: false }] };
    const table = (await calls.search(token.propertymanager!, { ...request, pagination: { page: 0, pageSize: 100 } })).json<RefundSearchAnswer>();
    // The manager already approved the 70.00 request: it waits for someone else now.
    expect(table.items.map((row) => row.amountMinor)).toEqual([2_000, 3_000, 6_000]);
    const sheet = await exported('propertymanager', { request, orderColumns: ['amount', 'state', 'approvals'] }, 'xlsx');
    expect(sheet[0]).toEqual([label('amount'), label('state'), label('approvals')]);
    expect(sheet.slice(1)).toEqual([
      [20, 'Created', '0/1'],
      [30, 'Created', '0/1'],
      [60, 'Created', '0/2'],
    ]);
    const partial = await exported(
      'merchantadmin',
      { request: { filters: { approvalStatuses: ['PartiallyApproved'] } }, orderColumns: ['approvalStatus'] },
      'xlsx',
    );
    expect(partial).toEqual([[label('approvalStatus')], ['Partially approved']]);
  });

  test("a provider admin exports every merchant; nobody may read another user's export", async () => {
    const sheet = await exported('folioadmin', { request: {}, orderColumns: ['merchantName'] }, 'csv');
    const names = sheet.slice(1).map((row) => row[0] as string);
    expect(names).toHaveLength(6);
    expect(names.filter((name) => name === 'Santorini Caldera Resort' || name === 'Naxos Beach Villas')).toHaveLength(1);
    const jobToken = await startExport(app, EXPORT, token.folioadmin!, { fileType: 'csv', request: {}, orderColumns: ['id'] });
    const other = await app.inject({ method: 'GET', url: `${EXPORT}/${jobToken}`, headers: { authorization: `Bearer ${token.merchantadmin!}` } });
    expect(other.statusCode).toBe(404);
    expect((await settle(app, `${EXPORT}/${jobToken}`, token.folioadmin!)).statusType).toBe('Ready');
  });

  test('no columns is refused with the spec message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: EXPORT,
      headers: { authorization: `Bearer ${token.merchantadmin!}` },
      payload: { fileType: 'csv', orderColumns: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('please select at least one column for export');
  });
});
