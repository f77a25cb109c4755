import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ORDER_COLUMN_IDS,
  ORDER_STATUS_LABELS_EN,
  PAYMENT_TYPE_LABELS_EN,
  type OrderColumnId,
  type OrderRow,
  type OrderSearchBody,
} from '../../contract/transactions';
import { LINK_STATE_LABELS_EN, type StaffLinkState } from '../../contract/link-state';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { instantOfDayNumber, ORDER_EXPORT, readSheet, searchedOrders, settle, startExport } from './export-helpers';

let app: FastifyInstance;
let admin: { accessToken: string; cookies: Record<string, string> };
let merchantAdmin: { accessToken: string; cookies: Record<string, string> };
let groupMerchantIds: string[];
let otherMerchantId: string;

const TRICKY_NAMES = ['=HYPERLINK("http://evil.test","click")', '+1+2', '-3+4', '@SUM(A1)', 'Comma, "Quote" and\nnewline'];

beforeAll(async () => {
  app = await startTestApp({ orders: 1200 });
  admin = await signIn(app, 'folioadmin@demo.folio.test');
  merchantAdmin = await signIn(app, 'merchantadmin@demo.folio.test');
  const user = await app.ctx.db.selectFrom('users').select('merchant_group_id').where('email', '=', 'merchantadmin@demo.folio.test').executeTakeFirstOrThrow();
  groupMerchantIds = (await app.ctx.db.selectFrom('merchants').select('id').where('merchant_group_id', '=', user.merchant_group_id!).execute()).map(
    (row) => row.id,
  );
  otherMerchantId = (await app.ctx.db.selectFrom('orders').select('merchant_id').where('merchant_id', 'not in', groupMerchantIds).executeTakeFirstOrThrow())
    .merchant_id;
  // Guests whose names a spreadsheet would run as formulas, or that need csv quoting.
  for (const [index, name] of TRICKY_NAMES.entries())
    await app.ctx.db
      .insertInto('orders')
      .values({
        merchant_id: otherMerchantId,
        reference_no: `TRICKY-${index}`,
        guest_name: name,
        guest_email: null,
        amount_minor: 123_456,
        currency: 'EUR',
        status: 'Paid',
        payment_type: 'PN',
        created_at: '2026-10-15T10:00:00Z',
        updated_at: '2026-10-15T10:00:00Z',
      })
      .execute();
});
afterAll(async () => app.close());

/** Opens a download link in a browser session: the owner's, unless another is named (decision 0371). */
async function download(url: string, cookies: Record<string, string> = admin.cookies) {
  return app.inject({ method: 'GET', url, cookies });
}

/** The cell a column of a row should hold in the file; csv cells are text as written. */
function expectedCell(row: OrderRow, column: OrderColumnId, fileType: 'csv' | 'xlsx'): unknown {
  const value = column === 'amount' ? row.amountMinor / 100 : row[column as keyof OrderRow];
  // xlsx reads as the screen: status words, and times as date cells (read back below; decision 0202).
  if (fileType === 'xlsx') return column === 'status' ? ORDER_STATUS_LABELS_EN[row.status] : value;
  // csv amounts keep their minor digits, as money is written (the demo's currencies have two).
  if (column === 'amount') return (row.amountMinor / 100).toFixed(2);
  // One export shape (decision 0463): the screen's words, and times on the reader's clock (UTC when none is given).
  if (column === 'status') return ORDER_STATUS_LABELS_EN[row.status];
  if (column === 'createdAt') return row.createdAt.slice(0, 19).replace('T', ' ');
  if (value === null) return null;
  const text = String(value);
  return /^[=+\-@]/.test(text) ? `'${text}` : text;
}

const COLUMNS: OrderColumnId[] = ['referenceNo', 'guestName', 'amount', 'status', 'statusCode', 'guestEmail', 'createdAt'];
const LABELS = ['Reference No', 'Guest', 'Amount', 'Status', 'Status code', 'Guest e-mail', 'Created (UTC)'];

describe.each(['csv', 'xlsx'] as const)('transactions export to %s', (fileType) => {
  test('holds exactly the filtered, sorted rows and the chosen columns, and downloads once', async () => {
    const query: OrderSearchBody = {
      filters: { statuses: ['Paid', 'Pending'], createdFrom: '2026-05-01', amountMin: 10_000 },
      sorting: [
        { id: 'amount', desc: true },
        { id: 'guestName', desc: false },
      ],
    };
    const expected = await searchedOrders(app, admin.accessToken, query);
    expect(expected.length).toBeGreaterThan(50);
    const token = await startExport(app, ORDER_EXPORT, admin.accessToken, { fileType, orderQueryListRequest: query, orderColumns: COLUMNS });
    const result = await settle(app, `${ORDER_EXPORT}/${token}`, admin.accessToken);
    expect(result).toMatchObject({ statusType: 'Ready', ticks: expected.length, errorMessages: [] });

    const file = await download(result.url!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="transactions-\\d{14}\\.${fileType}"`));
    const [header, ...rows] = readSheet(file.rawPayload, fileType);
    expect(header).toEqual(LABELS);
    // An xlsx date cell holds the spreadsheet's day number (no time zone given: UTC); read it back as the instant.
    const created = COLUMNS.indexOf('createdAt');
    const read = fileType === 'csv' ? rows : rows.map((cells) => cells.map((cell, index) => (index === created ? instantOfDayNumber(cell) : cell)));
    expect(read).toEqual(expected.map((row) => COLUMNS.map((column) => expectedCell(row, column, fileType))));

    expect((await download(result.url!)).statusCode).toBe(410);
    const after = await app.inject({ method: 'GET', url: `${ORDER_EXPORT}/${token}`, headers: bearer(admin.accessToken) });
    expect(after.json()).toMatchObject({ statusType: 'Failed', errorMessages: ['export file already downloaded'] });
  });

  test('guards formula-like text and quotes commas, quotes and newlines', async () => {
    const query: OrderSearchBody = { filters: { referenceNo: 'TRICKY-' }, sorting: [{ id: 'referenceNo', desc: false }] };
    const token = await startExport(app, ORDER_EXPORT, admin.accessToken, {
      fileType,
      orderQueryListRequest: query,
      orderColumns: ['referenceNo', 'guestName', 'amount'],
    });
    const result = await settle(app, `${ORDER_EXPORT}/${token}`, admin.accessToken);
    const file = await download(result.url!);
    const [, ...rows] = readSheet(file.rawPayload, fileType);
    const names = fileType === 'csv' ? TRICKY_NAMES.map((name, index) => (index < 4 ? `'${name}` : name)) : TRICKY_NAMES;
    expect(rows).toEqual(TRICKY_NAMES.map((_, index) => [`TRICKY-${index}`, names[index], fileType === 'csv' ? '1234.56' : 1234.56]));
    if (fileType === 'csv') expect(file.body).toContain('"Comma, ""Quote"" and\nnewline"');
  });
});

describe('one export shape (decision 0463)', () => {
  /** A spreadsheet day number read back as the clock time it holds, to the second (csv drops the milliseconds). */
  const clockOf = (dayNumber: unknown) => instantOfDayNumber(dayNumber).slice(0, 19).replace('T', ' ');

  test('csv and xlsx of the same list have the same columns, labels and clock times as the screen, the zone in the header', async () => {
    const query: OrderSearchBody = { filters: { createdFrom: '2026-05-01' }, sorting: [{ id: 'amount', desc: true }] };
    const screen = (await searchedOrders(app, admin.accessToken, query)).slice(0, 200);
    const files: Record<'csv' | 'xlsx', unknown[][]> = { csv: [], xlsx: [] };
    for (const fileType of ['csv', 'xlsx'] as const) {
      const token = await startExport(app, ORDER_EXPORT, admin.accessToken, {
        fileType,
        orderQueryListRequest: query,
        orderColumns: ORDER_COLUMN_IDS,
        timeZone: 'Asia/Tokyo',
      });
      const result = await settle(app, `${ORDER_EXPORT}/${token}`, admin.accessToken);
      files[fileType] = readSheet((await download(result.url!)).rawPayload, fileType);
    }
    const [csvHeader, ...csvRows] = files.csv;
    const [xlsxHeader, ...xlsxRows] = files.xlsx;
    expect(csvHeader).toEqual(xlsxHeader);
    expect(csvHeader).toContain('Created (Asia/Tokyo)');
    expect(csvHeader).toContain('Updated (Asia/Tokyo)');
    expect(csvRows).toHaveLength(xlsxRows.length);
    // Cell by cell, the csv text is the xlsx cell written as text: words for codes, the same clock time.
    const timeColumns = [ORDER_COLUMN_IDS.indexOf('createdAt'), ORDER_COLUMN_IDS.indexOf('updatedAt')];
    const asText = (cell: unknown, index: number) => (cell === null ? null : timeColumns.includes(index) ? clockOf(cell) : String(cell));
    const numeric = [ORDER_COLUMN_IDS.indexOf('amount'), ORDER_COLUMN_IDS.indexOf('id'), ORDER_COLUMN_IDS.indexOf('statusCode')];
    // The one difference is csv's guard on formula-like text (the TRICKY guests): a leading quote.
    const unguarded = (cell: unknown) => (typeof cell === 'string' && /^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);
    const csvAsRead = csvRows.map((row) => row.map((cell, index) => (numeric.includes(index) && cell !== null ? String(Number(cell)) : unguarded(cell))));
    expect(csvAsRead).toEqual(xlsxRows.map((row) => row.map(asText)));
    // And they are what the screen shows: its status and payment type words, its times on a Tokyo clock (UTC+9).
    const at = (id: OrderColumnId) => ORDER_COLUMN_IDS.indexOf(id);
    for (const [index, row] of screen.entries()) {
      const csv = csvRows[index]!;
      expect(csv[at('status')]).toBe(ORDER_STATUS_LABELS_EN[row.status]);
      expect(csv[at('paymentType')]).toBe(PAYMENT_TYPE_LABELS_EN[row.paymentType]);
      const tokyo = new Date(Date.parse(row.createdAt) + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
      expect(csv[at('createdAt')]).toBe(tokyo);
    }
  });
});

describe("the payment link's own state (decision 0535)", () => {
  const HOUR = 3_600_000;
  // One order per state the screen shows beside an order, and one that no link made (its cell stays empty).
  const CASES: { state: StaffLinkState | null; status: OrderRow['status']; link?: { completed?: boolean; failedAttempts?: number; expiresInHours: number } }[] =
    [
      { state: 'Open', status: 'PaymentLinkSentNoProcessing', link: { expiresInHours: 48 } },
      { state: 'Paid', status: 'Paid', link: { completed: true, expiresInHours: 48 } },
      { state: 'Expired', status: 'PaymentLinkSentNoProcessing', link: { expiresInHours: -2 } },
      { state: 'Locked', status: 'PaymentLinkSentNoProcessing', link: { failedAttempts: 5, expiresInHours: 48 } },
      { state: 'Cancelled', status: 'Cancelled', link: { expiresInHours: 48 } },
      { state: null, status: 'Paid' },
    ];

  beforeAll(async () => {
    for (const [index, { status, link }] of CASES.entries()) {
      const order = await app.ctx.db
        .insertInto('orders')
        .values({
          merchant_id: otherMerchantId,
          reference_no: `LINKSTATE-${index}`,
          guest_name: 'Ada Link',
          guest_email: null,
          amount_minor: 50_00,
          currency: 'EUR',
          status,
          payment_type: 'PN',
          created_at: '2026-10-16T10:00:00Z',
          updated_at: '2026-10-16T10:00:00Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!link) continue;
      await app.ctx.db
        .insertInto('payment_links')
        .values({
          merchant_id: otherMerchantId,
          order_id: order.id,
          token: `link-state-export-${index}-${Date.now()}`,
          amount_minor: 50_00,
          currency: 'EUR',
          guest_name: 'Ada Link',
          guest_email: null,
          expires_at: new Date(Date.now() + link.expiresInHours * HOUR),
          created_at: new Date(Date.now() - 3 * HOUR),
          completed_at: link.completed ? new Date(Date.now() - HOUR) : null,
          failed_attempts: link.failedAttempts ?? 0,
        })
        .execute();
    }
  });

  test.each(['csv', 'xlsx'] as const)('%s has a Payment link column with the words the screen shows for each order, empty without a link', async (fileType) => {
    const query: OrderSearchBody = { filters: { referenceNo: 'LINKSTATE-' }, sorting: [{ id: 'referenceNo', desc: false }] };
    // The screen's rows say these states (the order search's paymentLink); the file must say the same.
    const screen = await searchedOrders(app, admin.accessToken, query);
    expect(screen.map((row) => row.paymentLink?.state ?? null)).toEqual(CASES.map((entry) => entry.state));
    const token = await startExport(app, ORDER_EXPORT, admin.accessToken, {
      fileType,
      orderQueryListRequest: query,
      orderColumns: ['referenceNo', 'status', 'linkState'],
    });
    const result = await settle(app, `${ORDER_EXPORT}/${token}`, admin.accessToken);
    const [header, ...rows] = readSheet((await download(result.url!)).rawPayload, fileType);
    expect(header).toEqual(['Reference No', 'Status', 'Payment link']);
    expect(rows).toEqual(
      screen.map((row) => [row.referenceNo, ORDER_STATUS_LABELS_EN[row.status], row.paymentLink ? LINK_STATE_LABELS_EN[row.paymentLink.state] : null]),
    );
  });
});

describe('scope and ownership', () => {
  test("a merchant-side user's export holds only their merchants' rows, whatever the filter names", async () => {
    const everything = await startExport(app, ORDER_EXPORT, merchantAdmin.accessToken, { fileType: 'csv', orderColumns: ['id', 'merchantId'] });
    const result = await settle(app, `${ORDER_EXPORT}/${everything}`, merchantAdmin.accessToken);
    const [, ...rows] = readSheet((await download(result.url!, merchantAdmin.cookies)).rawPayload, 'csv');
    const visible = await searchedOrders(app, merchantAdmin.accessToken, {});
    expect(rows.length).toBe(visible.length);
    expect(rows.every(([, merchantId]) => groupMerchantIds.includes(merchantId as string))).toBe(true);

    const foreign = await startExport(app, ORDER_EXPORT, merchantAdmin.accessToken, {
      fileType: 'xlsx',
      orderQueryListRequest: { filters: { merchantIds: [otherMerchantId] } },
      orderColumns: ['id'],
    });
    const empty = await settle(app, `${ORDER_EXPORT}/${foreign}`, merchantAdmin.accessToken);
    expect(empty).toMatchObject({ statusType: 'Ready', ticks: 0 });
    expect(readSheet((await download(empty.url!, merchantAdmin.cookies)).rawPayload, 'xlsx')).toEqual([['Order ID']]);
  });

  test('nobody else can see the status or use the url; the owner still can afterwards', async () => {
    const token = await startExport(app, ORDER_EXPORT, admin.accessToken, {
      fileType: 'csv',
      orderQueryListRequest: { filters: { referenceNo: 'FOL-0000010' } },
      orderColumns: ['referenceNo'],
    });
    const result = await settle(app, `${ORDER_EXPORT}/${token}`, admin.accessToken);
    const foreignStatus = await app.inject({ method: 'GET', url: `${ORDER_EXPORT}/${token}`, headers: bearer(merchantAdmin.accessToken) });
    expect(foreignStatus.statusCode).toBe(404);
    expect(foreignStatus.json()).toMatchObject({ detail: 'export file not found' });
    expect((await download(result.url!, merchantAdmin.cookies)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: result.url!, headers: bearer(merchantAdmin.accessToken) })).statusCode).toBe(403);
    const forged = result.url!.replace(/sig=[^&]+/, 'sig=forged');
    expect((await download(forged)).statusCode).toBe(404);
    const extended = result.url!.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 86_400 * 365}`);
    expect((await download(extended)).statusCode).toBe(404);
    const mine = await download(result.url!, admin.cookies);
    expect(mine.statusCode).toBe(200);
    expect(mine.body.split('\n').filter(Boolean)).toHaveLength(11);
  });
});

describe('export request validation (spec 5)', () => {
  test.each([
    [{ fileType: 'csv', orderColumns: [] }, 'orderColumns', 'please select at least one column for export'],
    [{ fileType: 'csv' }, 'orderColumns', 'please select at least one column for export'],
    [{ fileType: 'csv', orderColumns: ['password'] }, 'orderColumns.0', undefined],
    [{ fileType: 'pdf', orderColumns: ['id'] }, 'fileType', 'choose csv or xlsx'],
    [
      { fileType: 'csv', orderColumns: ['id'], orderQueryListRequest: { sorting: [{ id: 'cardBrand' }] } },
      'orderQueryListRequest.sorting.0.id',
      'this column cannot be sorted',
    ],
  ])('%j is refused with a 400 naming %s', async (payload, field, message) => {
    const response = await app.inject({ method: 'POST', url: ORDER_EXPORT, headers: bearer(admin.accessToken), payload });
    expect(response.statusCode).toBe(400);
    const errors = response.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors)).toContain(field);
    if (message) expect(errors[field]).toContain(message);
  });

  test('an unknown token is "export file not found"', async () => {
    const response = await app.inject({ method: 'GET', url: `${ORDER_EXPORT}/9b7d5a0e-0000-4000-8000-000000000000`, headers: bearer(admin.accessToken) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ detail: 'export file not found' });
  });
});
