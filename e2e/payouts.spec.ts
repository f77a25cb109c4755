import { expect, test, type Download, type Page } from '@playwright/test';
import { PAYOUT_COLUMNS, PAYOUT_FEE_COLUMNS } from '../contract/payouts';
import { apiOf, PROVIDER_ADMIN, signInAs, storedExport } from './export-support/api';
import { sheetRows } from './export-support/files';
import { NetworkGate } from './export-support/network-gate';
import { exportToastLog, recordExportToast, waitForExportTrackerIdle } from './export-support/toast-log';

// Issue 4: payouts table, detail with attempts, retry of a failed payout, export, and cancel of a payout export.

const STATUS_CALL = /\/payouts\/export\/[0-9a-f-]{36}$/;
const STOP_CALL = /\/payouts\/export\/stop\/[0-9a-f-]{36}$/;
const LIVE_STREAM = '**/backoffice/api/v2/live/events*';

async function openPayouts(page: Page) {
  await recordExportToast(page);
  await signInAs(page, PROVIDER_ADMIN);
  await page.goto('/payouts');
  await expect(page.getByRole('table', { name: 'Payouts' }).getByRole('row').nth(1)).toBeVisible();
}

async function filterByStatus(page: Page, status: string) {
  const form = page.getByRole('form', { name: 'Filter payouts' });
  await form.getByLabel('Status').selectOption(status);
  // The answer to this filter, not the list's first load, which may still be on its way.
  const searched = page.waitForResponse(
    (response) => response.url().endsWith('/payouts/search') && response.ok() && (response.request().postData() ?? '').includes(`"${status}"`),
  );
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await searched;
}

async function startExport(page: Page, format: 'CSV' | 'Excel (xlsx)') {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: format }).check();
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test('a failed payout shows its attempts and a retry adds an attempt to the same payout', async ({ page }) => {
  await openPayouts(page);
  await filterByStatus(page, 'Failed');
  const table = page.getByRole('table', { name: 'Payouts' });
  // The answer has come; the first row is read once the table shows it (not the unfiltered page's).
  await expect.poll(async () => [...new Set(await table.getByTestId('status-badge').allTextContents())]).toEqual(['Failed']);
  const reference = await table.getByRole('row').nth(1).getByRole('cell').first().innerText();
  await table.getByRole('row').nth(1).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(`Payout ${reference}`);
  await expect(dialog.getByTestId('payout-status')).toHaveText('Failed');
  const attempts = dialog.getByRole('table', { name: 'Attempts' }).getByRole('row');
  const before = (await attempts.count()) - 1;
  await dialog.getByRole('button', { name: 'Retry payout' }).click();
  // A retry moves money: it is confirmed first (issue 11).
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Retry payout' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Retry started: attempt ${before + 1} is processing.`);
  await expect(dialog.getByTestId('payout-status')).toHaveText('Processing');
  await expect(attempts).toHaveCount(before + 2);
  await expect(dialog.getByRole('button', { name: 'Retry payout' })).toBeHidden();
  // The demo payout rail settles the attempt (FOLIO_DEMO_PAYOUT_SETTLE_MS in playwright.config.ts);
  // the open dialog follows it to Paid without a reload.
  await expect(dialog.getByTestId('payout-status')).toHaveText('Paid', { timeout: 20_000 });
  await expect(dialog.getByRole('status')).toHaveText(`Attempt ${before + 1} paid.`);
  await expect(attempts.last().getByRole('cell').nth(1)).toHaveText('Paid');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('table', { name: 'Payouts' }).getByRole('row').filter({ hasText: reference })).toHaveCount(0);
  // Still one payout with that reference: a retry is an attempt, not a second payout.
  const api = await apiOf(page);
  const same = await api.allPayouts({ filters: { reference }, sorting: [] });
  expect(same.map((payout) => payout.reference)).toEqual([reference]);
  expect(same[0]?.status).toBe('Paid');
});

test('xlsx export of failed payouts holds exactly those payouts and the visible columns, delivered once', async ({ page }) => {
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  await openPayouts(page);
  await filterByStatus(page, 'Failed');
  // Fee and net amount are computed per page from the fee schedules and are not exported (decision 0291).
  const feeLabels: string[] = PAYOUT_FEE_COLUMNS.map((column) => column.label);
  const headers = (await page.getByRole('table', { name: 'Payouts' }).getByRole('columnheader').allInnerTexts())
    .map((t) => t.replace(/[▲▼]/g, '').trim())
    .filter((label) => !feeLabels.includes(label));
  await startExport(page, 'Excel (xlsx)');
  await expect.poll(() => downloads.length, { timeout: 45_000 }).toBe(1);
  await expect(page.getByTestId('export-toast')).toBeHidden({ timeout: 10_000 });
  const log = await exportToastLog(page);
  expect(log.map((e) => e.message)).toContain('Export ready');
  await waitForExportTrackerIdle(page);
  expect(downloads).toHaveLength(1);

  const expected = await (await apiOf(page)).allPayouts({ filters: { statuses: ['Failed'] }, sorting: [] });
  const rows = await sheetRows(downloads[0] as Download);
  // The table's labels; a time column names the zone its times are in (decision 0463).
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const timeLabels = ['Paid at', 'Created', 'Updated'];
  expect(rows[0]).toEqual(headers.map((header) => (timeLabels.includes(header) ? `${header} (${zone})` : header)));
  expect(headers).toEqual(PAYOUT_COLUMNS.filter((c) => headers.includes(c.label)).map((c) => c.label));
  expect(rows.slice(1).map((row) => row[headers.indexOf('Reference')])).toEqual(expected.map((payout) => String(payout.reference)));
});

test('cancel stops a payout export while it is being prepared: no file, the job ends "Request cancelled"', async ({ page }) => {
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  // Live updates paused (the stream's route aborted): the toast learns of the export only from its polls
  // (decision 0530), so holding them keeps it "preparing".
  await page.route(LIVE_STREAM, (route) => route.abort());
  await openPayouts(page);
  // Hold the status polls (they still reach the real server once released) so the toast stays "preparing".
  const polls = await new NetworkGate(page, STATUS_CALL, 'GET').install();
  await startExport(page, 'CSV');
  const toast = page.getByTestId('export-toast');
  await expect(toast).toHaveAttribute('data-state', 'preparing');
  await polls.waitForHeld();
  const token = (await storedExport(page)).requests[0]?.token ?? '';
  const stopped = page.waitForResponse((response) => STOP_CALL.test(response.url()));
  await toast.getByRole('button', { name: 'Cancel export' }).click();
  expect((await stopped).status()).toBe(200);
  await expect(toast).toBeHidden();
  expect((await storedExport(page)).requests).toEqual([]);
  await polls.open();
  await waitForExportTrackerIdle(page);
  expect(downloads).toEqual([]);
  expect(await (await apiOf(page)).payoutExportStatus(token)).toMatchObject({ statusType: 'Failed', errorMessages: ['Request cancelled'] });
});

test('cancel is not offered for transaction exports', async ({ page }) => {
  await recordExportToast(page);
  await page.route(LIVE_STREAM, (route) => route.abort());
  await signInAs(page, PROVIDER_ADMIN);
  await page.goto('/transactions');
  const polls = await new NetworkGate(page, /\/order\/export\/[0-9a-f-]{36}$/, 'GET').install();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Export', exact: true }).click();
  await polls.waitForHeld();
  const toast = page.getByTestId('export-toast');
  await expect(toast).toHaveAttribute('data-state', 'preparing');
  await expect(toast.getByRole('button', { name: 'Cancel export' })).toHaveCount(0);
  await polls.open();
});

test("a double click on the export dialog's Export starts one export and opens no payout below it", async ({ page }) => {
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  const started: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/payouts/export')) started.push(request.url());
  });
  await openPayouts(page);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const send = dialog.getByRole('button', { name: 'Export', exact: true });
  const box = (await send.boundingBox())!;
  // Under the button, once the dialog has gone, lies a payout's row: where the second click lands.
  const rowBelow = await page.evaluate(
    ({ x, y }) => document.elementsFromPoint(x, y).some((element) => element.closest('tbody tr[data-phone-card]') !== null),
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(rowBelow, "a row of the list lies under the dialog's Export").toBe(true);
  await send.dblclick();
  // The second click has been handled once the page has drawn two frames since.
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => downloads.length, { timeout: 45_000 }).toBe(1);
  await waitForExportTrackerIdle(page);
  expect(started).toHaveLength(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
