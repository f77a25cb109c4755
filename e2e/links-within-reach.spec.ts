import { expect, test, type Page } from './support/test';
import { MERCHANT_API } from '../contract/product';
import { apiOf, signInAs } from './export-support/api';

// A screen links only where its user can go (decision 0344): a merchant view-only user's property
// overview names the settings pages their role cannot read instead of linking them, and such a page
// opened by its address says so without asking the server; a merchant admin's home counts the failed
// payouts without linking a page only provider admins open; provider staff on the merchant home and a
// user manager on the sign-in policy are told what the page is for, not shown the server's refusal.
// Read-only: the shared demo server.

/** Every API answer the page got that refused the caller: none is expected. */
function refusalsOf(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if ([401, 403, 404].includes(response.status()) && new URL(response.url()).pathname.includes('/api/'))
      refused.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return refused;
}

async function propertyIdOf(page: Page, name: string): Promise<string> {
  const api = await apiOf(page);
  const found = (await api.post(`${MERCHANT_API}/properties/search`, { filters: { search: name } })) as { items: Array<{ merchantId: string }> };
  return found.items[0]!.merchantId;
}

test("a merchant view-only user's property overview links the settings pages they can read and names the others", async ({ page }) => {
  await signInAs(page, 'merchantviewonlyuser@demo.folio.test');
  const merchantId = await propertyIdOf(page, 'Canal House');
  const refused = refusalsOf(page);
  await page.goto(`/properties/property-overview/${merchantId}`);
  const settings = page.getByRole('region', { name: 'Settings at a glance' });
  await expect(settings.getByTestId('settings-page-entry')).toHaveCount(13);
  for (const readable of ['Property information', 'Brand assets', 'Currency rules', 'Payment settings', 'Payout settings'])
    await expect(settings.getByRole('link', { name: readable })).toBeVisible();
  for (const closed of ['Fees', 'SMTP settings', 'Webhook configuration', 'Secret keys']) {
    await expect(settings.getByRole('link', { name: closed })).toHaveCount(0);
    await expect(settings.getByTestId('settings-page-entry').filter({ hasText: closed })).toBeVisible();
  }

  // The same pages by their address: a sentence, and no call the server would refuse.
  for (const slug of ['fees', 'smtp-settings', 'webhook-configuration', 'secret-keys']) {
    await page.goto(`/properties/${slug}?merchantId=${merchantId}`);
    await expect(page.getByTestId('settings-page-not-readable')).toHaveText(
      'Your role does not include this settings page. Ask an administrator of your merchant group if you need it.',
    );
  }
  await settingsPageOpens(page, `/properties/currency-rules?merchantId=${merchantId}`);
  expect(refused).toEqual([]);
});

async function settingsPageOpens(page: Page, address: string) {
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: 'Currency rules' })).toBeVisible();
  await expect(page.getByTestId('settings-page-not-readable')).toHaveCount(0);
  await expect(page.getByRole('form')).toBeVisible();
}

test("a merchant admin's home counts the failed payouts and opens them: the group's own payouts, read-only (issue 37)", async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  const refused = refusalsOf(page);
  await page.goto('/home');
  const needsAction = page.getByTestId('needs-action');
  const payouts = needsAction.getByRole('listitem').filter({ hasText: /failed payouts?/ });
  await expect(payouts).toBeVisible();
  await payouts.getByRole('link').click();
  await expect(page).toHaveURL(/\/payouts\?status=Failed/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(refused).toEqual([]);
});

test('a provider admin on the merchant home is told it is a merchant group’s page, without a refused call', async ({ page }) => {
  await signInAs(page, 'folioadmin@demo.folio.test');
  const refused = refusalsOf(page);
  await page.goto('/home');
  await expect(page.getByRole('status')).toHaveText("The merchant home shows a merchant group's properties; your account belongs to no merchant group.");
  expect(refused).toEqual([]);
});

test('a user manager on the merchant home is told their role does not read it, without a refused call', async ({ page }) => {
  await signInAs(page, 'usermanagement@demo.folio.test');
  const refused = refusalsOf(page);
  await page.goto('/home');
  await expect(page.getByRole('status')).toHaveText("The merchant home shows a merchant group's properties; your role does not read them.");
  expect(refused).toEqual([]);
});

test('a user manager who types the sign-in policy address is told who sets it, without a refused call', async ({ page }) => {
  await signInAs(page, 'usermanagement@demo.folio.test');
  const refused = refusalsOf(page);
  await page.goto('/users/sign-in-security');
  await expect(page.getByTestId('sign-in-policy-not-readable')).toHaveText(
    "The sign-in policy is set by the provider's administrators; your role does not read it.",
  );
  expect(refused).toEqual([]);
});

test('a property without secret keys says so on its secret keys page', async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  const merchantId = await propertyIdOf(page, 'Canal House');
  const api = await apiOf(page);
  // The demo gives no property a key; the key-making story runs on a server of its own.
  expect(await api.get(`${MERCHANT_API}/properties/${merchantId}/secret-keys`)).toEqual([]);
  await page.goto(`/properties/secret-keys?merchantId=${merchantId}`);
  await expect(page.getByTestId('no-secret-keys')).toHaveText(
    "This property has no secret keys yet. Generate one to call the payment API from the property's own systems.",
  );
  // A key without a name is refused before anything is sent, in the catalogue's sentence (not the contract's "name the key").
  const form = page.getByRole('form', { name: 'New secret key' });
  await form.getByRole('button', { name: 'Generate key' }).click();
  await expect(form.getByText('Name the key: at least 2 characters.', { exact: true })).toBeVisible();
  expect(await api.get(`${MERCHANT_API}/properties/${merchantId}/secret-keys`)).toEqual([]);
});

test("the merchant home's refunds awaiting approval open the refund list on exactly those refunds", async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  await page.goto('/home');
  const link = page.getByTestId('needs-action').getByRole('link', { name: /refunds? awaiting approval/ });
  const counted = Number(/^(\d+)/.exec(await link.innerText())![1]);
  expect(counted).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/refund-management\?status=AwaitingApproval$/);
  await expect(page.getByRole('combobox', { name: 'Approval' })).toHaveValue('AwaitingApproval');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(counted + 1);
  const approvals = await page.getByRole('table').getByRole('row').locator('td').allInnerTexts();
  expect(approvals.some((text) => /^(Approved|Rejected|Approved \(overridden\))$/.test(text.trim()))).toBe(false);
});
