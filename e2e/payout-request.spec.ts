import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { MERCHANT_API } from '../contract/product';
import { PAYOUT_DEFAULTS } from '../contract/settings/payout';
import { openPglite } from '../server/db/database';
import { apiOf, PROVIDER_ADMIN, signInAs } from './export-support/api';
import { seriousFindings } from './support/axe-scan';
import { privatePort, startPrivateServer, type PrivateServer } from './support/private-server';

// Decision 0704 in the browser: a property paid "Manually" is paid when someone asks. A provider admin, on a phone,
// asks for Canal House's payout on the Payouts page, is told what it pays before confirming, double-clicks, reads the
// payout requested and finds it, once, in the list; asked again, the dialog says nothing is due. The property's roles,
// who only read payouts, are offered no such action; nobody is offered it while no property is paid "Manually", and the
// dialog lists those properties only (decision 0707).

const PROPERTY = 'Canal House Amsterdam';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe('a payout asked for by hand', () => {
  test.describe.configure({ mode: 'serial' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-e2e-payout-request-'));
  const port = privatePort(83);
  let server: PrivateServer | undefined;
  test.use({ baseURL: `http://localhost:${port}` });
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await startPrivateServer(port, { FOLIO_DATA_DIR: dataDir });
    // A fresh demo has nothing left to pay: two guest payments of the last days are planted, as the acquirer's
    // captures of those days would be, while the server is stopped.
    await server.stop();
    const db = openPglite(path.join(dataDir, 'pglite'));
    for (const [offset, amount] of [
      [-2, 1_200_00],
      [-1, 800_00],
    ] as const)
      await db.query(
        `INSERT INTO orders (merchant_id, reference_no, guest_name, amount_minor, currency, status, payment_type, created_at, updated_at)
         SELECT id, $1, 'Planted Guest', $2, 'EUR', 'Paid', 'PN', $3::timestamptz, now() FROM merchants WHERE name = $4`,
        [`MANUAL-E2E${offset}`, amount, `${day(offset)}T10:00:00Z`, PROPERTY],
      );
    await db.close();
    server = await startPrivateServer(port, { FOLIO_DATA_DIR: dataDir });
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a provider admin on a phone requests the payout of a property paid Manually and sees it, once, in the list', async ({ browser }) => {
    test.setTimeout(120_000);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await signInAs(page, PROVIDER_ADMIN);
    // While every property is paid on a schedule, as in the demo, there is nothing to ask for (decision 0707).
    const listed = page.waitForResponse((response) => response.url().includes('/payouts/request/properties'));
    await page.goto('/payouts');
    expect((await listed).status()).toBe(200);
    await expect(page.getByRole('table', { name: 'Payouts' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request payout' })).toHaveCount(0);
    const api = await apiOf(page);
    const found = (await api.post(`${MERCHANT_API}/properties/search`, { filters: { search: 'Canal House' } })) as { items: Array<{ merchantId: string }> };
    const merchantId = found.items[0]!.merchantId;
    const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
    const saved = await page.request.put(`${MERCHANT_API}/property-settings/${merchantId}/payout`, {
      headers: { Authorization: `Bearer ${session.accessToken}` },
      data: { ...PAYOUT_DEFAULTS, schedule: 'Manually', accountHolder: 'Canal House BV', accountNumber: 'NL91ABNA0417164300' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/payouts/request')) requests.push(request.url());
    });

    await page.goto('/payouts');
    await page.getByRole('button', { name: 'Request payout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a payout' });
    await expect(dialog).toContainText('Everything it settled up to the end of');
    // Only the property paid Manually is offered.
    await expect(dialog).toContainText('Only properties paid “Manually” are listed');
    await expect(dialog.getByLabel('Property to pay').getByRole('option')).toHaveText(['Choose a property', PROPERTY]);
    await dialog.getByLabel('Find a property').fill('Canal');
    await dialog.getByLabel('Property to pay').selectOption({ label: PROPERTY });
    // Told what it pays before confirming: the amount and the days it covers.
    const due = dialog.getByTestId('payout-due');
    await expect(due).toContainText(`Due now to ${PROPERTY}: €`);
    const amount = /€[\d,]+\.\d{2}/.exec(await due.innerText())![0];
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousFindings(page)).toEqual([]);

    await dialog.getByRole('button', { name: `Request payout of ${amount}` }).dblclick();
    const done = page.getByRole('dialog', { name: 'Payout requested' });
    await expect(done.getByTestId('payout-requested')).toContainText(`of ${amount} to ${PROPERTY}`);
    await expect(done.getByTestId('payout-requested')).toContainText('is scheduled');
    const reference = /Payout (\S+) of/.exec(await done.getByTestId('payout-requested').innerText())![1]!;
    expect(requests).toHaveLength(1);

    await done.getByRole('button', { name: "Show this property's payouts" }).click();
    const table = page.getByRole('table', { name: 'Payouts' });
    await expect(table.getByRole('row').filter({ hasText: reference })).toHaveCount(1);
    const payouts = await api.allPayouts({ filters: { merchantIds: [merchantId], schedules: ['Manually'] }, sorting: [] });
    expect(payouts.map((payout) => payout.reference)).toEqual([reference]);

    // Asked again: the property stays picked, and the dialog says there is nothing left to pay.
    await page.getByRole('button', { name: 'Request payout' }).click();
    await expect(page.getByRole('dialog', { name: 'Request a payout' }).getByTestId('payout-due')).toHaveText(
      'Nothing is due to this property: everything settled up to the end of yesterday (UTC) is already in a payout.',
    );
    // Nothing to confirm then: the button waits for another property.
    await expect(page.getByRole('dialog', { name: 'Request a payout' }).getByRole('button', { name: 'Request payout' })).toBeDisabled();
    await phone.close();
  });

  test('a merchant view-only user, who only reads payouts, is offered no payout request', async ({ page }) => {
    await signInAs(page, 'merchantviewonlyuser@demo.folio.test');
    await page.goto('/payouts');
    await expect(page.getByRole('table', { name: 'Payouts' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request payout' })).toHaveCount(0);
  });

  test("the group's merchant admin is offered their property paid Manually, and only it", async ({ page }) => {
    await signInAs(page, 'merchantadmin@demo.folio.test');
    await page.goto('/payouts');
    await page.getByRole('button', { name: 'Request payout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a payout' });
    // Canal House was set to Manually above; Dune, paid Daily, is not offered at all (decision 0707).
    await expect(dialog.getByLabel('Property to pay').getByRole('option')).toHaveText(['Choose a property', PROPERTY]);
    await dialog.getByLabel('Property to pay').selectOption({ label: PROPERTY });
    // Paid out above: nothing is due, and there is nothing to confirm.
    await expect(dialog.getByTestId('payout-due')).toContainText('Nothing is due to this property');
    await expect(dialog.getByRole('button', { name: 'Request payout' })).toBeDisabled();
  });
});
