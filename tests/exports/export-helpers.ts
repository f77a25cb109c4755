import type { FastifyInstance } from 'fastify';
import * as XLSX from 'xlsx';
import { expect } from 'vitest';
import type { ExportResult } from '../../contract/exports';
import type { OrderRow, OrderSearchAnswer, OrderSearchBody } from '../../contract/transactions';
import { bearer } from '../support/test-app';

export const ORDER_EXPORT = '/backoffice/api/v2/order/export';
export const PAYOUT_EXPORT = '/folio/payment-api/v2/payouts/export';

/** Polls the export status the way the toast does, until it settles. */
export async function settle(app: FastifyInstance, statusUrl: string, token: string, timeoutMs = 20_000): Promise<ExportResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({ method: 'GET', url: statusUrl, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ExportResult>();
    if (result.statusType === 'Failed' || (result.statusType === 'Ready' && result.url)) return result;
    if (Date.now() > deadline) throw new Error(`export did not settle: ${JSON.stringify(result)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startExport(app: FastifyInstance, url: string, token: string, payload: object, headers: Record<string, string> = {}): Promise<string> {
  const response = await app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

/** Every row the table would show for this filter and sorting, through the search API. */
export async function searchedOrders(app: FastifyInstance, token: string, body: OrderSearchBody): Promise<OrderRow[]> {
  const rows: OrderRow[] = [];
  for (let page = 0; ; page++) {
    const response = await app.inject({
      method: 'POST',
      url: '/backoffice/api/v2/order/search',
      headers: bearer(token),
      payload: { ...body, pagination: { page, pageSize: 100 } },
    });
    const answer = response.json<OrderSearchAnswer>();
    rows.push(...answer.items);
    if (answer.items.length < 100) return rows;
  }
}

/** The instant an xlsx date cell in UTC holds (its day number, 1899-12-30 being day 0), as ISO text. */
export function instantOfDayNumber(dayNumber: unknown): string {
  return new Date(Math.round(((dayNumber as number) - 25569) * 86_400_000)).toISOString();
}

/** Reads a downloaded file with the independent `xlsx` reader (csv too), every cell as the file has it. */
export function readSheet(body: Buffer, fileType: 'csv' | 'xlsx'): unknown[][] {
  const workbook =
    fileType === 'csv' ? XLSX.read(body.toString('utf8').replace(/^\uFEFF/, ''), { type: 'string', raw: true }) : XLSX.read(body, { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: false });
}
