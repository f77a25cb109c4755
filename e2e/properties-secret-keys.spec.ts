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
  const list = page.getByRole('list', { name: 'Secret keys' });
  const pmsLink = list.getByRole('listitem', { name: 'PMS link' });
  await expect(pmsLink).toContainText('Never');
  await expect(pmsLink).toContainText(key.slice(0, 12));
  // On a phone the key's line fits the screen: its times one under the other and Rotate and Revoke within reach,
  // with nothing to scroll sideways (they sat past the screen's edge in a table before).
  const desk = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  for (const action of ['Rotate', 'Revoke']) {
    const box = (await pmsLink.getByRole('button', { name: action }).boundingBox())!;
    expect(box.x + box.width, `${action} within the screen`).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await list.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  await page.setViewportSize(desk);
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toHaveCount(0);
  // Nothing on the page shows the key again, not even after a reload.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Secret keys' })).toContainText('PMS link');
  expect(await page.content()).not.toContain(key);

  // The integration's own client: no cookies, only the key.
  const integration = await playwright.request.newContext({ baseURL: server.baseURL });
  const statuses = (headers: Record<string, string> = {}) =>
    integration.post(`${MERCHANT_API}/merchants/status`, { headers: { Authorization: `Bearer ${key}`, ...headers }, data: {} });
  const own = await statuses();
  expect(own.status()).toBe(200);
  expect(((await own.json()) as Array<{ merchantId: string }>).map((row) => row.merchantId)).toEqual([property.merchantId]);

  await page.getByRole('list', { name: 'Secret keys' }).getByRole('button', { name: 'Revoke' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('list', { name: 'Secret keys' })).toContainText('Revoked');
  expect((await statuses()).status()).toBe(401);
  await integration.dispose();
});

test('rotating a key asks first; a double-clicked confirmation makes one successor, shown once, and the old key works a day longer', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'merchantadmin@demo.folio.test');
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const found = await page.request.post(`${MERCHANT_API}/properties/search`, { headers, data: { filters: { search: 'Harbour View' } } });
  const property = ((await found.json()) as { items: Array<{ merchantId: string }> }).items[0]!;
  const keysUrl = `${MERCHANT_API}/properties/${property.merchantId}/secret-keys`;
  const made = await page.request.post(keysUrl, { headers, data: { name: 'Channel manager' } });
  expect(made.status()).toBe(201);
  const keys = async () => (await (await page.request.get(keysUrl, { headers })).json()) as Array<{ name: string; expiresAt: string | null }>;
  await page.goto(`/properties/secret-keys?merchantId=${property.merchantId}`);
  const line = page.getByRole('list', { name: 'Secret keys' }).getByRole('listitem', { name: 'Channel manager' });
  // Asked first: cancelling changes nothing.
  await line.getByRole('button', { name: 'Rotate' }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('Rotate Channel manager?');
  await expect(dialog).toContainText('keeps working for 24 hours');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await keys()).filter((key) => key.name === 'Channel manager')).toHaveLength(1);
  await expect(page.getByTestId('new-secret-key')).toHaveCount(0);
  // Confirmed with a double click: one successor, shown once; the old key says until when it works.
  await line.getByRole('button', { name: 'Rotate' }).click();
  await dialog.getByRole('button', { name: 'Rotate' }).dblclick();
  await expect(page.getByTestId('new-secret-key')).toHaveText(/^folio_sk_/);
  await expect(dialog).toHaveCount(0);
  const named = (await keys()).filter((key) => key.name === 'Channel manager');
  expect(named).toHaveLength(2);
  expect(named.filter((key) => key.expiresAt !== null)).toHaveLength(1);
  await expect(page.getByRole('list', { name: 'Secret keys' }).getByRole('listitem', { name: 'Channel manager' }).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Secret keys' })).toContainText('Replaced; works until');
});
