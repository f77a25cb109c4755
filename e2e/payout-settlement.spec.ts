import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Download } from '@playwright/test';
import { openPglite } from '../server/db/database';
import { readSheet } from '../tests/exports/export-helpers';
import { apiOf, PROVIDER_ADMIN, signInAs } from './export-support/api';
import { privatePort, startPrivateServer, type PrivateServer } from './support/private-server';

// Issue 37 in the browser: a merchant admin follows the home's failed-payouts count to a failed
// payout, reads what it is made of and downloads its settlement report; a provider admin sees the
// reconciliation check empty, then the breaks planted in the database (while the server was stopped) listed.

const MERCHANT_ADMIN = 'merchantadmin@demo.folio.test';

test('a merchant admin opens a failed payout from home, reads its lines and downloads its settlement report', async ({ page }) => {
  await signInAs(page, MERCHANT_ADMIN);
  // A failed payout of the group with guest payments in it (some demo days have none).
  const api = await apiOf(page);
  const failed = (await api.allPayouts({ filters: { statuses: ['Failed'] }, sorting: [{ id: 'amount', desc: true }] })) as Array<{
    reference: string;
    amountMinor: number;
  }>;
  expect(failed[0]!.amountMinor).toBeGreaterThan(0);

  await page.goto('/home');
  await page
    .getByTestId('needs-action')
    .getByRole('link', { name: /failed payout/ })
    .click();
  await expect(page).toHaveURL(/\/payouts\?status=Failed$/);
  const table = page.getByRole('table', { name: 'Payouts' });
  // The list's first page (25 rows): the demo's failed payouts fall on random days of each template, sometimes more than 25.
  await expect(table.getByRole('row')).toHaveCount(Math.min(failed.length, 25) + 1);
  // The largest of the payouts the page shows.
  const shown = new Set((await table.getByRole('row').allInnerTexts()).map((text) => text.trim().split(/\s+/)[0]));
  const payout = failed.find((one) => shown.has(one.reference))!;
  expect(payout.amountMinor).toBeGreaterThan(0);
  await table.getByRole('button', { name: payout.reference, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Payout ${payout.reference}` });
  await expect(dialog.getByTestId('payout-status')).toHaveText('Failed');
  // Read-only: no retry for the merchant side.
  await expect(dialog.getByRole('button', { name: 'Retry payout' })).toHaveCount(0);

  const lines = dialog.getByRole('table', { name: 'Settlement lines' });
  await expect(lines.getByRole('row').nth(1)).toBeVisible();
  await expect(lines).toContainText('Guest payment');
  const breakdown = dialog.getByTestId('settlement-breakdown-EUR');
  await expect(breakdown.getByTestId('settlement-gross')).toContainText('€');
  await expect(breakdown.getByTestId('settlement-net')).toContainText('Net to the bank');
  // Filtering by line type is the server's: only guest payments remain.
  await dialog.getByRole('combobox', { name: /^Line/ }).selectOption('Capture');
  await expect(lines.getByRole('row').filter({ hasText: 'Fee' })).toHaveCount(0);
  await expect(lines.getByRole('row').nth(1)).toContainText('Guest payment');
  const transaction = lines.getByRole('row').nth(1).getByRole('link');
  await expect(transaction).toHaveAttribute('href', /\/transactions\/transaction-info\?transactionId=\d+&merchantId=/);

  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  await dialog.getByRole('button', { name: 'Settlement report (csv)' }).click();
  await expect.poll(() => downloads.length, { timeout: 45_000 }).toBe(1);
  const file = readFileSync((await downloads[0]!.path())!);
  const [header, ...rows] = readSheet(file, 'csv') as string[][];
  // A time column names the zone its times are in (decision 0463).
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(header).toEqual([
    'Payout reference',
    'Bank value date',
    'Line',
    'Order reference',
    'Refund ID',
    'Carried payout',
    `Booked at (${zone})`,
    'Amount',
    'Currency',
    'Note',
  ]);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((row) => row[0] === payout.reference)).toBe(true);
  // The report adds up to what the payout pays to the bank (the breakdown's net).
  const net = rows.reduce((sum, row) => sum + Math.round(Number(row[7]) * 100), 0);
  const shownNet = (await breakdown.getByTestId('settlement-net').locator('dd').innerText()).replace(/[^\d-]/g, '');
  expect(net).toBe(Number(shownNet));
});

test.describe('reconciliation check', () => {
  test.describe.configure({ mode: 'serial' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-e2e-reconcile-'));
  const port = privatePort(70);
  let server: PrivateServer | undefined;
  test.use({ baseURL: `http://localhost:${port}` });
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await startPrivateServer(port, { FOLIO_DATA_DIR: dataDir });
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a provider admin sees the check empty on the demo data, then each planted break listed', async ({ page }) => {
    test.setTimeout(300_000);
    await signInAs(page, PROVIDER_ADMIN);
    await page.goto('/payouts');
    await page.getByRole('link', { name: 'Reconciliation check' }).click();
    await expect(page.getByRole('heading', { name: 'Payout reconciliation' })).toBeVisible();
    await expect(page.getByTestId('reconciliation-empty')).toHaveText('Every payout adds up: nothing to reconcile.');

    // The breaks are planted in the database itself, as a faulty import or a bug would leave them.
    await server!.stop();
    server = undefined;
    const db = openPglite(path.join(dataDir, 'pglite'));
    const planted = await db.query<{ reference: string }>(`
      WITH target AS (SELECT id, reference, merchant_id FROM payouts ORDER BY period_end DESC, reference LIMIT 1)
      INSERT INTO payout_lines (payout_id, kind, amount_minor, currency, booked_at, note)
      SELECT id, 'Adjustment', 700, currency, now(), 'planted' FROM payouts WHERE id = (SELECT id FROM target)
      RETURNING (SELECT reference FROM target)`);
    await db.exec(`
      INSERT INTO orders (merchant_id, reference_no, guest_name, amount_minor, currency, status, payment_type, created_at, updated_at)
      SELECT p.merchant_id, 'PLANTED-NO-PAYOUT', 'Planted Guest', 4200, p.currency, 'Paid', 'PN', p.period_start + interval '9 hours', now()
      FROM payouts p ORDER BY p.period_start, p.reference LIMIT 1;
      WITH capture AS (
        SELECT l.order_id, l.payout_id, l.amount_minor, l.currency, p.merchant_id FROM payout_lines l JOIN payouts p ON p.id = l.payout_id
        WHERE l.kind = 'Capture' AND NOT EXISTS (SELECT 1 FROM fees f WHERE f.merchant_id = p.merchant_id) ORDER BY l.id LIMIT 1
      ),
      other AS (
        SELECT q.id FROM payouts q JOIN capture c ON q.merchant_id = c.merchant_id AND q.id <> c.payout_id
        WHERE NOT EXISTS (SELECT 1 FROM payout_lines x WHERE x.payout_id = q.id AND x.kind = 'Adjustment') ORDER BY q.period_start LIMIT 1
      ),
      copied AS (
        INSERT INTO payout_lines (payout_id, kind, order_id, amount_minor, currency, booked_at)
        SELECT o.id, 'Capture', c.order_id, c.amount_minor, c.currency, now() FROM capture c, other o RETURNING payout_id, amount_minor
      )
      UPDATE payouts p SET amount_minor = p.amount_minor + c.amount_minor FROM copied c WHERE p.id = c.payout_id;
    `);
    await db.close();
    server = await startPrivateServer(port, { FOLIO_DATA_DIR: dataDir });

    await signInAs(page, PROVIDER_ADMIN);
    await page.goto('/payouts/reconciliation');
    const findings = page.getByRole('table', { name: 'Payout reconciliation' });
    await expect(findings.getByRole('row')).toHaveCount(4);
    await expect(findings.getByRole('row').nth(1)).toContainText('Lines do not add up');
    await expect(findings.getByRole('row').nth(1)).toContainText(planted.rows[0]!.reference);
    await expect(findings.getByRole('row').nth(2)).toContainText('Guest payment in no payout');
    await expect(findings.getByRole('row').nth(2)).toContainText('PLANTED-NO-PAYOUT');
    await expect(findings.getByRole('row').nth(3)).toContainText('Guest payment in two payouts');
    await expect(page.getByTestId('reconciliation-empty')).toHaveCount(0);
  });
});
