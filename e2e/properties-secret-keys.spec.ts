import { expect, test } from './support/test';
import { MERCHANT_API } from '../contract/product';
import { signInAs } from './export-support/api';
import { usePrivateServer } from './support/private-server';

// Issue 18 secret keys in the browser: the merchant admin generates a key, sees it once, the key calls
// the API for its property only, and after a confirmed revoke the same call is refused.

const server = usePrivateServer(24);

test('generate a key shown once, call the API with it for its property only, revoke it and it stops', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'merchantadmin@demo.folio.test');
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const found = await page.request.post(`${MERCHANT_API}/properties/search`, {
    headers: { Authorization: `Bearer ${session.accessToken}` },
    data: { filters: { search: 'Canal House' } },
  });
  const property = ((await found.json()) as { items: Array<{ merchantId: string; merchantGroupId: string }> }).items[0]!;
  await page.goto(`/properties/secret-keys?merchantId=${property.merchantId}&merchantGroupId=${property.merchantGroupId}`);
  const form = page.getByRole('form', { name: 'New secret key' });
  await form.getByLabel('Name').fill('PMS link');
  await form.getByRole('button', { name: 'Generate key' }).click();
  const shown = page.getByTestId('new-secret-key');
  const key = (await shown.innerText()).trim();
  expect(key).toMatch(/^folio_sk_/);
  const table = page.getByRole('table', { name: 'Secret keys' });
  await expect(table.getByRole('row').filter({ hasText: 'PMS link' })).toContainText('Never');
  // On a phone the row's values stand apart: the words of one cell end well before the next cell's begin ("PMS link"
  // and its key, "Never" and "Active" ran together with no room between the cells).
  const desk = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const gaps = await table
    .getByRole('row')
    .filter({ hasText: 'PMS link' })
    .getByRole('cell')
    .evaluateAll((cells) => {
      const textBox = (cell: Element) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return range.getBoundingClientRect();
      };
      return cells.slice(0, 5).map((cell, index) => textBox(cells[index + 1]!).left - textBox(cell).right);
    });
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(12);
  await page.setViewportSize(desk);
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toHaveCount(0);
  // Nothing on the page shows the key again, not even after a reload.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Secret keys' })).toContainText('PMS link');
  expect(await page.content()).not.toContain(key);

  // The integration's own client: no cookies, only the key.
  const integration = await playwright.request.newContext({ baseURL: server.baseURL });
  const statuses = (headers: Record<string, string> = {}) =>
    integration.post(`${MERCHANT_API}/merchants/status`, { headers: { Authorization: `Bearer ${key}`, ...headers }, data: {} });
  const own = await statuses();
  expect(own.status()).toBe(200);
  expect(((await own.json()) as Array<{ merchantId: string }>).map((row) => row.merchantId)).toEqual([property.merchantId]);

  await page.getByRole('table', { name: 'Secret keys' }).getByRole('button', { name: 'Revoke' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('table', { name: 'Secret keys' })).toContainText('Revoked');
  expect((await statuses()).status()).toBe(401);
  await integration.dispose();
});
