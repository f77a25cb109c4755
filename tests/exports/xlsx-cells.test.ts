import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, signIn, startTestApp } from '../support/test-app';
import { ORDER_EXPORT, PAYOUT_EXPORT, readSheet, settle, startExport } from './export-helpers';

// Issue 11 "Exports": payment types came out as codes (PN, PL) and dates as ISO UTC text. In xlsx
// (for people) dates are date cells in the reader's time zone, amounts numbers in their currency's
// format and codes the words the screen shows; csv stays machine-friendly (docs/exports.md).
let app: FastifyInstance;
let admin: string;
let cookies: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp({ orders: 20 });
  const session = await signIn(app, 'folioadmin@demo.folio.test');
  admin = session.accessToken;
  cookies = session.cookies;
  const merchant = await app.ctx.db.selectFrom('merchants').select('id').executeTakeFirstOrThrow();
  const base = {
    merchant_id: merchant.id,
    guest_name: 'Ada Guest',
    guest_email: null,
    status: 'Paid',
    created_at: '2026-10-15T10:00:00.250Z',
    updated_at: '2026-10-15T10:30:00Z',
  };
  await app.ctx.db
    .insertInto('orders')
    .values([
      { ...base, reference_no: 'CELLS-1', amount_minor: 123_456, currency: 'EUR', payment_type: 'PN' },
      { ...base, reference_no: 'CELLS-2', amount_minor: 150_000, currency: 'JPY', payment_type: 'PL' },
      { ...base, reference_no: 'CELLS-3', amount_minor: 12_345, currency: 'KWD', payment_type: 'AU', status: 'PaymentLinkSentNoProcessing' },
    ])
    .execute();
});
afterAll(async () => app.close());

/** ExcelJS's load() is typed for an older Buffer; the bytes are what it reads. */
type LoadInput = Parameters<ExcelJS.Workbook['xlsx']['load']>[0];

async function exported(url: string, payload: object): Promise<Buffer> {
  const token = await startExport(app, url, admin, payload);
  const result = await settle(app, `${url}/${token}`, admin);
  expect(result.statusType).toBe('Ready');
  return (await app.inject({ method: 'GET', url: result.url!, cookies })).rawPayload;
}

const ORDERS = {
  orderQueryListRequest: { filters: { referenceNo: 'CELLS-' }, sorting: [{ id: 'referenceNo', desc: false }] },
  orderColumns: ['referenceNo', 'amount', 'currency', 'paymentType', 'status', 'createdAt'],
};

describe('xlsx cells', () => {
  test('codes read as on screen, amounts are numbers in their currency, times are date cells where the reader is', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported(ORDER_EXPORT, { ...ORDERS, fileType: 'xlsx', timeZone: 'Europe/Amsterdam' })) as unknown as LoadInput);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Reference No', 'Amount', 'Currency', 'Payment type', 'Status', 'Created (Europe/Amsterdam)']);
    const cells = (row: number) => [2, 3, 4, 5, 6].map((column) => sheet.getRow(row).getCell(column));
    const [amount, , paymentType, status, created] = cells(2);
    expect(amount!.value).toBe(1234.56);
    expect(amount!.numFmt).toBe('#,##0.00 "EUR"');
    expect(paymentType!.value).toBe('Pay now');
    expect(status!.value).toBe('Paid');
    // 10:00 UTC is 12:00 in Amsterdam (summer time): the cell holds that clock, as the table shows it.
    expect(created!.value).toEqual(new Date(Date.UTC(2026, 9, 15, 12, 0, 0, 250)));
    expect(created!.numFmt).toBe('d mmm yyyy hh:mm');
    const [yen, , later] = cells(3);
    expect([yen!.value, yen!.numFmt, later!.value]).toEqual([150000, '#,##0 "JPY"', 'Pay later']);
    const [dinar, , authorize, linkSent] = cells(4);
    expect([dinar!.value, dinar!.numFmt, authorize!.value, linkSent!.value]).toEqual([
      12.345,
      '#,##0.000 "KWD"',
      'Authorize',
      'Payment link sent, not processed',
    ]);
  });

  test('without a time zone the date cells are in UTC', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported(ORDER_EXPORT, { ...ORDERS, fileType: 'xlsx' })) as unknown as LoadInput);
    expect(workbook.worksheets[0]!.getRow(2).getCell(6).value).toEqual(new Date(Date.UTC(2026, 9, 15, 10, 0, 0, 250)));
  });

  test('payout periods are date cells and statuses words', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await exported(PAYOUT_EXPORT, {
        fileType: 'xlsx',
        request: { filters: { statuses: ['Failed'] }, sorting: [] },
        orderColumns: ['periodStart', 'status', 'schedule', 'amount'],
      })) as unknown as LoadInput,
    );
    const row = workbook.worksheets[0]!.getRow(2);
    expect(row.getCell(1).value).toBeInstanceOf(Date);
    expect(row.getCell(1).numFmt).toBe('d mmm yyyy');
    expect((row.getCell(1).value as Date).getUTCHours()).toBe(0);
    expect(row.getCell(2).value).toBe('Failed');
    expect(typeof row.getCell(4).value).toBe('number');
    expect(row.getCell(4).numFmt).toMatch(/^#,##0(\.0+)? "[A-Z]{3}"$/);
  });

  test('an unknown time zone is refused with a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: ORDER_EXPORT,
      headers: bearer(admin),
      payload: { ...ORDERS, fileType: 'xlsx', timeZone: "Mars/Olympus'; DROP" },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['timeZone']);
  });
});

describe('csv says what the screen says (decision 0463)', () => {
  test('the words for codes, plain decimals, and the clock of the zone its header names', async () => {
    const [header, ...rows] = readSheet(await exported(ORDER_EXPORT, { ...ORDERS, fileType: 'csv', timeZone: 'Europe/Amsterdam' }), 'csv');
    expect(header).toEqual(['Reference No', 'Amount', 'Currency', 'Payment type', 'Status', 'Created (Europe/Amsterdam)']);
    expect(rows).toEqual([
      ['CELLS-1', '1234.56', 'EUR', 'Pay now', 'Paid', '2026-10-15 12:00:00'],
      ['CELLS-2', '150000', 'JPY', 'Pay later', 'Paid', '2026-10-15 12:00:00'],
      ['CELLS-3', '12.345', 'KWD', 'Authorize', 'Payment link sent, not processed', '2026-10-15 12:00:00'],
    ]);
  });
});
