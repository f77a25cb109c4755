import { expect, test } from './support/test';
import { BACKOFFICE_API } from '../contract/product';
import { PROVIDER_ADMIN, signInAs } from './export-support/api';

// Issue 12: provider admins read the e-mails the product has sent, in the app, with reset tokens
// masked (decision 0170); nobody else opens the screen or its API. Real server, real Chromium.

const RECIPIENT = 'propertyviewonlyuser@demo.folio.test';
const UNMASKED_TOKEN = /token=(?!\[redacted\])[A-Za-z0-9_%-]{16,}/;

test('a provider admin opens Sent e-mails from the menu and reads a reset e-mail with its token masked', async ({ page }) => {
  // Anyone may ask for a reset link; the e-mail is what the admin then finds.
  const asked = await page.request.post('/identity/api/v2/auth/folio/forgot-password', { data: { email: RECIPIENT } });
  expect(asked.status()).toBe(202);

  await signInAs(page, PROVIDER_ADMIN);
  await page.goto('/');
  await page.getByTestId('all-controls').click();
  await page.getByRole('menuitem', { name: 'Sent e-mails' }).click();
  await expect(page).toHaveURL(/\/sent-emails$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sent e-mails' })).toBeVisible();

  await page.getByLabel('Recipient contains').fill('propertyviewonly');
  const table = page.getByRole('table', { name: 'Sent e-mails' });
  const row = table.getByRole('row').filter({ hasText: RECIPIENT }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Set a new Folio password');
  await expect(row).toContainText('Kept here only (no mail server configured)');
  await expect(page).toHaveURL(/\?to=propertyviewonly$/);

  await row.getByRole('button', { name: `Open the e-mail "Set a new Folio password" to ${RECIPIENT}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Set a new Folio password' })).toBeVisible();
  const text = dialog.getByLabel('Text of the e-mail');
  await expect(text).toContainText(/\/create-password\?token=\[redacted\]/);
  expect(await text.innerText()).not.toMatch(UNMASKED_TOKEN);
  expect(await page.content()).not.toMatch(UNMASKED_TOKEN);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // Why an older e-mail would not be listed: the server's retention, the default 730 days here (decision 0725)...
  const keptFor = page.getByTestId('kept-for');
  await expect(keptFor).toHaveText('Copies of sent e-mails are kept for 730 days; older ones are no longer listed.');
  // ...and nothing when the server keeps every copy (the setting at 0 answers null).
  await page.route(`**${BACKOFFICE_API}/emails/search`, async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...((await answer.json()) as Record<string, unknown>), keptForDays: null } });
  });
  await page.getByLabel('Recipient contains').fill('propertyviewonlyuser');
  await expect(row).toBeVisible();
  await expect(page).toHaveURL(/\?to=propertyviewonlyuser$/);
  await expect(keptFor).toHaveCount(0);
});

test('a merchant admin has no Sent e-mails item, the address sends them home, and the API refuses them', async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  await page.goto('/home');
  await expect(page.getByTestId('user-greeting')).toBeVisible();
  await page.getByTestId('all-controls').click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sent e-mails' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/sent-emails');
  await expect(page.getByTestId('user-greeting')).toBeVisible();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
  await expect(page.getByRole('heading', { name: 'Sent e-mails' })).toHaveCount(0);

  const { accessToken } = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const answer = await page.request.post(`${BACKOFFICE_API}/emails/search`, { headers: { Authorization: `Bearer ${accessToken}` }, data: {} });
  expect(answer.status()).toBe(403);
  expect(await answer.text()).not.toContain('create-password');
});

test('without a session the old outbox address and the sent e-mails API give nothing away', async ({ request }) => {
  for (const path of ['/api/demo/outbox', `/api/demo/outbox?to=${encodeURIComponent(RECIPIENT)}`]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(404);
    expect(await answer.text(), path).not.toContain('create-password');
  }
  expect((await request.post(`${BACKOFFICE_API}/emails/search`, { data: {} })).status()).toBe(401);
});
