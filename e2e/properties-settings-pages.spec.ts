import { expect, test, type Locator, type Page } from './support/test';
import { MERCHANT_API } from '../contract/product';
import { signInAs } from './export-support/api';
import { usePrivateServer } from './support/private-server';

// Issue 18's property settings pages that had no browser test: each refuses invalid input with a message
// at the field, saves, and shows the saved values after a reload. A merchant admin on one of the group's
// Active properties, over a demo database of its own (the pages change the property's settings).

const server = usePrivateServer(34);
let merchantId = '';
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext({ baseURL: server.baseURL });
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email: 'merchantadmin@demo.folio.test', password: 'Demo-pass-2026', callbackUrl: '/' },
  });
  const { accessToken } = (await (await request.get('/api/auth/session')).json()) as { accessToken: string };
  const found = await request.post(`${MERCHANT_API}/properties/search`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { filters: { search: 'Canal House' } },
  });
  merchantId = ((await found.json()) as { items: Array<{ merchantId: string }> }).items[0]!.merchantId;
  await request.dispose();
});

const field = (form: Locator, name: string) => form.locator(`[data-field="${name}"]`);

async function openPage(page: Page, slug: string, formName: string, as = 'merchantadmin@demo.folio.test'): Promise<Locator> {
  await signInAs(page, as);
  await page.goto(`/properties/${slug}?merchantId=${merchantId}`);
  const form = page.getByRole('form', { name: formName });
  await expect(form).toBeVisible();
  return form;
}

async function saveAndReload(page: Page, form: Locator, formName: string): Promise<Locator> {
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  await page.reload();
  const again = page.getByRole('form', { name: formName });
  await expect(again).toBeVisible();
  return again;
}

test('property information: a wrong e-mail is refused at the field; the saved address and city come back', async ({ page }) => {
  const form = await openPage(page, 'property-info', 'Property information');
  const values: Array<[string, string]> = [
    ['displayName', 'Canal House Amsterdam'],
    ['addressLine', 'Prinsengracht 1'],
    ['city', 'Amsterdam'],
    ['postCode', '1015 DK'],
    ['country', 'NL'],
    ['phone', '+31 20 000 0000'],
    ['email', 'front desk at canal'],
  ];
  for (const [name, value] of values) await field(form, name).getByRole('textbox').fill(value);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(field(form, 'email')).toContainText('Enter a valid e-mail address.');
  await field(form, 'email').getByRole('textbox').fill('desk@canal.example');
  const again = await saveAndReload(page, form, 'Property information');
  await expect(field(again, 'email').getByRole('textbox')).toHaveValue('desk@canal.example');
  await expect(field(again, 'city').getByRole('textbox')).toHaveValue('Amsterdam');
  await expect(field(again, 'addressLine').getByRole('textbox')).toHaveValue('Prinsengracht 1');
});

test('notifications: an entry that is not an address is named at its field; the recipients come back', async ({ page }) => {
  const form = await openPage(page, 'notifications', 'Notifications');
  await field(form, 'DEFAULT').getByRole('textbox').fill('ops@canal.example, not-an-address');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(field(form, 'DEFAULT')).toContainText('not-an-address: Enter a valid e-mail address.');
  await field(form, 'DEFAULT').getByRole('textbox').fill('ops@canal.example, night@canal.example');
  await field(form, 'PMNT').getByRole('textbox').fill('finance@canal.example');
  const again = await saveAndReload(page, form, 'Notifications');
  await expect(field(again, 'DEFAULT').getByRole('textbox')).toHaveValue('ops@canal.example, night@canal.example');
  await expect(field(again, 'PMNT').getByRole('textbox')).toHaveValue('finance@canal.example');
});

test('payout settings: a malformed account number is refused; schedule, holder and account come back', async ({ page }) => {
  const form = await openPage(page, 'payout-settings', 'Payout settings');
  await field(form, 'schedule').getByRole('combobox').selectOption('Monthly');
  await field(form, 'accountHolder').getByRole('textbox').fill('Canal House BV');
  await field(form, 'accountNumber').getByRole('textbox').fill('NL-91!');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(field(form, 'accountNumber')).toContainText('Enter an account number or IBAN: 6 to 34 letters and digits.');
  await field(form, 'accountNumber').getByRole('textbox').fill('NL91ABNA0417164300');
  const again = await saveAndReload(page, form, 'Payout settings');
  await expect(field(again, 'schedule').getByRole('combobox')).toHaveValue('Monthly');
  await expect(field(again, 'accountHolder').getByRole('textbox')).toHaveValue('Canal House BV');
  await expect(field(again, 'accountNumber').getByRole('textbox')).toHaveValue('NL91ABNA0417164300');
});

test('PMS / OWS: posting without an integration is refused; the integration, flags and statuses come back', async ({ page }) => {
  const form = await openPage(page, 'ows', 'PMS and OWS integration');
  await field(form, 'pmsIntegration').getByRole('combobox').selectOption('None');
  await field(form, 'postPayments').getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(field(form, 'pmsIntegration')).toContainText('Posting to the PMS needs a PMS integration.');
  await field(form, 'pmsIntegration').getByRole('combobox').selectOption('Cendyn');
  await field(form, 'owsStatuses').getByRole('checkbox', { name: 'Checked in' }).check();
  const again = await saveAndReload(page, form, 'PMS and OWS integration');
  await expect(field(again, 'pmsIntegration').getByRole('combobox')).toHaveValue('Cendyn');
  await expect(field(again, 'postPayments').getByRole('checkbox')).toBeChecked();
  await expect(field(again, 'owsStatuses').getByRole('checkbox', { name: 'Checked in' })).toBeChecked();
});

test('processing settings: a link expiry outside 1 to 720 hours is refused; the saved expiry comes back', async ({ page }) => {
  const form = await openPage(page, 'processing-settings', 'Processing settings');
  await field(form, 'linkExpiryHours').getByRole('textbox').fill('0');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(field(form, 'linkExpiryHours')).toContainText('Use 1 to 720 hours.');
  await field(form, 'linkExpiryHours').getByRole('textbox').fill('48');
  const again = await saveAndReload(page, form, 'Processing settings');
  await expect(field(again, 'linkExpiryHours').getByRole('textbox')).toHaveValue('48');
  await expect(field(again, 'linkExpiryHours')).toContainText("This property's own value.");
});

test('payment settings: a deposit percentage over 100 is refused; the deposit comes back', async ({ page }) => {
  const form = await openPage(page, 'payment-settings', 'Payment settings');
  await field(form, 'depositBasis').getByRole('combobox').selectOption('DepositAmount');
  await field(form, 'depositPercentage').getByRole('textbox').fill('150');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(field(form, 'depositPercentage')).toContainText('Use a percentage from 0 to 100.');
  await field(form, 'depositPercentage').getByRole('textbox').fill('30');
  const again = await saveAndReload(page, form, 'Payment settings');
  await expect(field(again, 'depositBasis').getByRole('combobox')).toHaveValue('DepositAmount');
  await expect(field(again, 'depositPercentage').getByRole('textbox')).toHaveValue('30');
});

test("a merchant view-only user reads a property's settings pages without inputs or a Save the server would refuse", async ({ page }) => {
  const readOnly = 'Your role can look at these settings, but not change them. Ask an administrator of your group if you need to.';
  const pages: Array<[string, string]> = [
    ['property-info', 'Property information'],
    ['currency-rules', 'Currency rules'],
    ['payment-settings', 'Payment settings'],
    ['payout-settings', 'Payout settings'],
  ];
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/property-settings/')) saves.push(request.url());
  });
  for (const [slug, formName] of pages) {
    const form = await openPage(page, slug, formName, 'merchantviewonlyuser@demo.folio.test');
    await expect(form.getByTestId('read-only-reason')).toHaveText(readOnly);
    await expect(form.getByRole('button', { name: 'Save' })).toHaveCount(0);
    // What the property holds is shown, in inputs that take no typing.
    const inputs = form.locator('input, select, textarea');
    expect(await inputs.count()).toBeGreaterThan(0);
    for (const input of await inputs.all()) await expect(input).toBeDisabled();
  }
  // The brand assets: the files and the colours are shown; no upload, no removal, no Save.
  await page.goto(`/properties/brand-assets?merchantId=${merchantId}`);
  await expect(page.getByTestId('brand-asset-logo')).toBeVisible();
  await expect(page.getByTestId('brand-asset-logo').locator('input[type=file]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Brand assets' }).getByTestId('read-only-reason')).toHaveText(readOnly);
  expect(saves).toEqual([]);
});
