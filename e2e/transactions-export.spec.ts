import { expect, test, type Download, type Page } from '@playwright/test';
import { ORDER_COLUMNS } from '../contract/transactions';
import { apiOf, PROVIDER_ADMIN, signInAs, storedExport } from './export-support/api';
import { sheetRows } from './export-support/files';
import { exportToastLog, recordExportToast, waitForExportTrackerIdle } from './export-support/toast-log';

// Issue 4 "Done when": as a provider admin, filter transactions, choose columns, export, watch the toast go
// through its states, get the file once, and find exactly the filtered rows and chosen columns in it.

const label = (id: string) => ORDER_COLUMNS.find((column) => column.id === id)?.label ?? id;

async function openTransactions(page: Page) {
  await recordExportToast(page);
  await signInAs(page, PROVIDER_ADMIN);
  await page.goto('/transactions');
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toBeVisible();
}

async function applyFilters(page: Page, fill: (form: ReturnType<Page['getByRole']>) => Promise<void>) {
  const form = page.getByRole('form', { name: 'Filter transactions' });
  await fill(form);
  const searched = page.waitForResponse((response) => response.url().endsWith('/order/search') && response.ok());
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await searched;
}

async function chooseColumns(page: Page, changes: Record<string, boolean>) {
  await page.getByRole('button', { name: 'Columns' }).click();
  for (const [id, shown] of Object.entries(changes)) await page.getByRole('checkbox', { name: label(id), exact: true }).setChecked(shown);
  await page.keyboard.press('Escape');
}

async function visibleHeaders(page: Page): Promise<string[]> {
  const headers = await page.getByRole('table', { name: 'Transactions' }).getByRole('columnheader').allInnerTexts();
  return headers.map((text) => text.replace(/[▲▼]/g, '').trim());
}

async function exportAs(page: Page, format: 'CSV' | 'Excel (xlsx)', expectedColumns: string[]): Promise<Download[]> {
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: format }).check();
  // The dialog preselects exactly the visible columns.
  for (const column of ORDER_COLUMNS) {
    await expect(dialog.getByRole('checkbox', { name: column.label, exact: true })).toBeChecked({ checked: expectedColumns.includes(column.label) });
  }
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => downloads.length, { timeout: 45_000 }).toBe(1);
  return downloads;
}

async function expectToastJourney(page: Page, downloads: Download[]) {
  await expect(page.getByTestId('export-toast')).toBeHidden({ timeout: 10_000 });
  const log = await exportToastLog(page);
  const generating = log.findIndex((e) => e.state === 'preparing' && e.message === 'Generating export file');
  const ready = log.findIndex((e) => e.state === 'downloading' && e.message === 'Export ready');
  expect(generating, JSON.stringify(log)).toBeGreaterThanOrEqual(0);
  expect(ready, JSON.stringify(log)).toBeGreaterThan(generating);
  // The spinner turns while the file is being made and stops once it is ready (issue 11).
  expect(log[generating]?.spinning, JSON.stringify(log)).toBe(true);
  expect(
    log.filter((e) => e.message === 'Export ready').map((e) => e.spinning),
    JSON.stringify(log),
  ).not.toContain(true);
  expect(log.at(-1)?.state).toBe('hidden');
  expect(log.filter((e) => e.state === 'error')).toEqual([]);
  // Each token downloads once: nothing more arrives while polls would have run, and nothing is left to poll.
  await waitForExportTrackerIdle(page);
  expect(downloads).toHaveLength(1);
  expect((await storedExport(page)).requests).toEqual([]);
}

test('xlsx export holds exactly the filtered, sorted rows and the chosen columns, delivered once', async ({ page }) => {
  await openTransactions(page);
  await applyFilters(page, async (form) => {
    await form.getByLabel('Status').selectOption('Paid');
    await form.getByLabel('Payment type').selectOption('PL');
    await form.getByLabel('Amount from').fill('50');
  });
  await chooseColumns(page, { guestName: false, cardLast4: true, statusCode: true });
  const sorted = page.waitForResponse((response) => response.url().endsWith('/order/search') && response.ok());
  await page.getByRole('columnheader', { name: 'Amount' }).getByRole('button').click();
  await sorted;
  const sortDirection = await page.getByRole('columnheader', { name: /Amount/ }).getAttribute('aria-sort');
  const headers = await visibleHeaders(page);
  expect(headers).toContain('Card last 4');
  expect(headers).not.toContain('Guest');

  const downloads = await exportAs(page, 'Excel (xlsx)', headers);
  expect(downloads[0]?.suggestedFilename()).toMatch(/\.xlsx$/);
  await expectToastJourney(page, downloads);

  const api = await apiOf(page);
  const expected = await api.allOrders({
    filters: { statuses: ['Paid'], paymentTypes: ['PL'], amountMin: 5000 },
    sorting: [{ id: 'amount', desc: sortDirection === 'descending' }],
  });
  expect(expected.length).toBeGreaterThan(0);
  const rows = await sheetRows(downloads[0] as Download);
  // The table's labels; a time column names the zone its times are in (decision 0463).
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(rows[0]).toEqual(headers.map((header) => (header === 'Created' || header === 'Updated' ? `${header} (${zone})` : header)));
  expect(rows.slice(1).map((row) => row[headers.indexOf('Order ID')])).toEqual(expected.map((order) => String(order.id)));
  const statusAt = headers.indexOf('Status');
  expect(new Set(rows.slice(1).map((row) => row[statusAt]))).toEqual(new Set(['Paid']));
  expect(new Set(rows.slice(1).map((row) => row[headers.indexOf('Status code')]))).toEqual(new Set(['3']));
});

test('csv export of a date range and guest filter holds exactly those rows and columns', async ({ page }) => {
  await openTransactions(page);
  const api = await apiOf(page);
  const newest = (await api.post('/backoffice/api/v2/order/search', { filters: {}, sorting: [], pagination: { page: 0, pageSize: 10 } })) as {
    items: Array<{ createdAt: string; guestName: string }>;
  };
  const until = (newest.items[0]?.createdAt ?? '').slice(0, 10);
  const from = new Date(Date.parse(until) - 60 * 86_400_000).toISOString().slice(0, 10);
  const guest = (newest.items[0]?.guestName ?? 'a').split(' ')[0]?.slice(0, 3) ?? 'a';
  await applyFilters(page, async (form) => {
    await form.getByLabel('Created from').fill(from);
    await form.getByLabel('Created to').fill(until);
    await form.getByLabel('Guest name or e-mail').fill(guest);
  });
  await chooseColumns(page, { merchantName: false, paymentType: false, guestEmail: true });
  const headers = await visibleHeaders(page);

  const downloads = await exportAs(page, 'CSV', headers);
  expect(downloads[0]?.suggestedFilename()).toMatch(/\.csv$/);
  await expectToastJourney(page, downloads);

  const expected = await api.allOrders({ filters: { createdFrom: from, createdTo: until, guest }, sorting: [] });
  expect(expected.length).toBeGreaterThan(0);
  const rows = await sheetRows(downloads[0] as Download);
  // The table's labels; a time column names the zone its times are in (decision 0463).
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(rows[0]).toEqual(headers.map((header) => (header === 'Created' || header === 'Updated' ? `${header} (${zone})` : header)));
  expect(rows.slice(1).map((row) => row[headers.indexOf('Order ID')])).toEqual(expected.map((order) => String(order.id)));
  expect(rows.slice(1).map((row) => row[headers.indexOf('Guest e-mail')])).toEqual(expected.map((order) => String(order.guestEmail ?? '')));
});

test('the export dialog refuses an empty column choice', async ({ page }) => {
  await openTransactions(page);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Select none' }).click();
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select at least one column for export');
  await expect(dialog.getByRole('heading', { name: 'Export' })).toBeVisible();
  await expect(page.getByTestId('export-toast')).toBeHidden();
});

test('filters, columns, sorting and page survive a reload (persisted-store)', async ({ page }) => {
  await openTransactions(page);
  await applyFilters(page, async (form) => void (await form.getByLabel('Status').selectOption('Failed')));
  await chooseColumns(page, { cardBrand: true, currency: false });
  const sorted = page.waitForResponse((response) => response.url().endsWith('/order/search') && response.ok());
  await page.getByRole('columnheader', { name: 'Reference No' }).getByRole('button').click();
  await sorted;
  const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
  const paged = page.waitForResponse((response) => response.url().endsWith('/order/search') && response.ok());
  await page.getByRole('button', { name: 'Next page' }).click();
  const page2 = (await (await paged).json()) as { items: { referenceNo: string }[] };
  await expect(page.getByTestId('table-page')).toHaveText(/^Page 2/);
  // Read once page 2's rows have replaced page 1's.
  await expect(rows.nth(1)).toContainText(page2.items[0]!.referenceNo);
  const headers = await visibleHeaders(page);
  const firstRow = await rows.nth(1).innerText();

  await page.reload();
  await expect(page.getByTestId('table-page')).toHaveText(/^Page 2/);
  await expect(page.getByRole('form', { name: 'Filter transactions' }).getByLabel('Status')).toHaveValue('Failed');
  await expect.poll(() => visibleHeaders(page)).toEqual(headers);
  await expect(page.getByRole('columnheader', { name: /Reference No/ })).toHaveAttribute('aria-sort', /ascending|descending/);
  await expect.poll(() => page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1).innerText()).toBe(firstRow);
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('persisted-store') ?? '{}'));
  expect(stored.transactions).toMatchObject({ pageIndex: 1, filters: { status: 'Failed' }, columns: { cardBrand: true, currency: false } });
});

test("a merchant admin picks one of their own properties and sees only that property's transactions", async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  await page.goto('/transactions');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const property = page.getByRole('form', { name: 'Filter transactions' }).getByRole('combobox', { name: /^Property/ });
  // The property list arrives with the active property (merchant-side users only).
  await expect.poll(() => property.locator('option').count()).toBeGreaterThan(2);
  const names = (await property.locator('option').allInnerTexts()).filter((name) => name !== 'All properties');
  // Every row is one of the user's own properties, before and after narrowing to one.
  const propertyColumn = async () => table.getByRole('row').locator('td:nth-child(3)').allInnerTexts();
  for (const name of await propertyColumn()) expect(names).toContain(name);
  const chosen = names[1] as string;
  await applyFilters(page, async (form) => void (await form.getByRole('combobox', { name: /^Property/ }).selectOption({ label: chosen })));
  await expect.poll(async () => new Set(await propertyColumn())).toEqual(new Set([chosen]));
});
