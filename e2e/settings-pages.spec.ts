import { expect, test } from './support/test';
import { MERCHANT_API } from '../contract/product';
import { apiOf, groupIdOf, PROVIDER_ADMIN, signInAs } from './export-support/api';

// Issues 17/18, the settings pages in Chromium against the real server: a provider admin edits a
// merchant group's settings pages, a merchant admin a property's, which inherits from the group.
// Each form saves, reloads with the saved values, and shows field messages for invalid input.

const MERCHANT_ADMIN = 'merchantadmin@demo.folio.test';

test('a provider admin edits the processing settings page of a merchant group: field messages, save, reload', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const groupId = await groupIdOf(page, 'Lagoon Hotels Group');
  await page.goto(`/merchants/processing-settings?merchantGroupId=${groupId}`);
  const form = page.getByRole('form', { name: 'Processing settings' });
  await expect(form.getByRole('checkbox')).toHaveCount(15 + 3 + 7);
  await expect(form.getByRole('checkbox', { name: 'Alipay (Chinese and others)' })).toBeVisible();

  await form.getByLabel('Link expiry (hours)').fill('abc');
  await form.getByLabel('Guest e-mail domains (separated by commas)').fill('lagoon.example, not a domain');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a number.')).toBeVisible();
  await expect(form.getByText('not: Enter a domain name such as example.com.')).toBeVisible();
  await expect(form.getByRole('status')).toHaveCount(0);

  await form.getByLabel('Link expiry (hours)').fill('36');
  await form.getByLabel('Guest e-mail domains (separated by commas)').fill('lagoon.example, guests.lagoon.example');
  await form.getByRole('checkbox', { name: 'Klarna pay later' }).check();
  await form.getByRole('checkbox', { name: 'Force authorization' }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');

  await page.reload();
  const reloaded = page.getByRole('form', { name: 'Processing settings' });
  await expect(reloaded.getByLabel('Link expiry (hours)')).toHaveValue('36');
  await expect(reloaded.getByLabel('Guest e-mail domains (separated by commas)')).toHaveValue('lagoon.example, guests.lagoon.example');
  await expect(reloaded.getByRole('checkbox', { name: 'Klarna pay later' })).toBeChecked();
  await expect(reloaded.getByRole('checkbox', { name: 'Force authorization' })).toBeChecked();
});

test('payout e-mails refuse an address that is not one, then keep the lists', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const groupId = await groupIdOf(page, 'Kastro Island Resorts');
  await page.goto(`/merchants/payout-emails?merchantGroupId=${groupId}`);
  const form = page.getByRole('form', { name: 'Payout e-mails' });
  await form.getByLabel('To (separated by commas)').fill('payouts@kastro.example, nope');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('nope: Enter a valid e-mail address.')).toBeVisible();
  await form.getByLabel('To (separated by commas)').fill('payouts@kastro.example, finance@kastro.example');
  await form.getByLabel('Bcc (separated by commas)').fill('audit@kastro.example');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  await page.reload();
  await expect(page.getByLabel('To (separated by commas)')).toHaveValue('payouts@kastro.example, finance@kastro.example');
  await expect(page.getByLabel('Bcc (separated by commas)')).toHaveValue('audit@kastro.example');
});

test("a merchant admin assigns the active property's managers from the group's property managers", async ({ page }) => {
  await signInAs(page, MERCHANT_ADMIN);
  await page.goto('/properties/property-manager');
  await expect(page.getByRole('heading', { level: 1, name: 'Property manager' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Property managers' });
  const manager = form.getByRole('checkbox', { name: /\(propertymanager@demo\.folio\.test\)$/ });
  const before = await manager.isChecked();
  await manager.setChecked(!before);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');

  await page.reload();
  await expect(page.getByRole('form', { name: 'Property managers' }).getByRole('checkbox', { name: /\(propertymanager@demo\.folio\.test\)$/ })).toBeChecked({
    checked: !before,
  });
  // The manager's scope is what the users module now answers.
  const users = (await (await apiOf(page)).get(`${MERCHANT_API}/users?role=PropertyManager&pageSize=100`)) as {
    items: Array<{ email: string; properties: Array<{ name: string }> }>;
  };
  const names = users.items.find((user) => user.email === 'propertymanager@demo.folio.test')!.properties.map((property) => property.name);
  expect(names.includes('Canal House Amsterdam')).toBe(!before);

  // Put the assignment back: other specs on this shard's server sign in as this manager and expect Canal House.
  const restore = page.getByRole('form', { name: 'Property managers' });
  await restore.getByRole('checkbox', { name: /\(propertymanager@demo\.folio\.test\)$/ }).setChecked(before);
  await restore.getByRole('button', { name: 'Save' }).click();
  await expect(restore.getByRole('status')).toHaveText('Saved.');
});

test("a merchant admin's property inherits the group's currency rules, overrides one, and goes back to the group's", async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const groupId = await groupIdOf(page, 'Lagoon Hotels Group');
  const { accessToken } = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const saved = await page.request.put(`${MERCHANT_API}/merchant-group-settings/${groupId}/currency-rules`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { acceptedCurrencies: ['EUR', 'GBP'], settlementCurrency: 'EUR' },
  });
  expect(saved.ok()).toBe(true);
  await page.context().clearCookies();

  await signInAs(page, MERCHANT_ADMIN);
  await page.goto('/properties/currency-rules');
  const form = page.getByRole('form', { name: 'Currency rules' });
  const accepted = form.locator('[data-field="acceptedCurrencies"]');
  const settlement = form.locator('[data-field="settlementCurrency"]');
  await expect(accepted.getByRole('textbox')).toHaveValue('EUR, GBP');
  await expect(accepted).toContainText('Inherited from the merchant group.');

  await settlement.getByRole('textbox').fill('USD');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(settlement).toContainText('The settlement currency must be one of the accepted currencies.');
  await accepted.getByRole('textbox').fill('eur, gbp, usd');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  await expect(settlement).toContainText("This property's own value.");

  await page.reload();
  const again = page.getByRole('form', { name: 'Currency rules' });
  await expect(again.locator('[data-field="acceptedCurrencies"]').getByRole('textbox')).toHaveValue('EUR, GBP, USD');
  // Back to the group's settlement currency first: the group's accepted list alone would not hold USD.
  await again.locator('[data-field="settlementCurrency"]').getByRole('button', { name: "Use the group's value" }).click();
  await expect(again.locator('[data-field="settlementCurrency"]').getByRole('textbox')).toHaveValue('EUR');
  await expect(again.locator('[data-field="settlementCurrency"]')).toContainText('Inherited from the merchant group.');
  await again.locator('[data-field="acceptedCurrencies"]').getByRole('button', { name: "Use the group's value" }).click();
  await expect(again.locator('[data-field="acceptedCurrencies"]').getByRole('textbox')).toHaveValue('EUR, GBP');
  await expect(again.locator('[data-field="acceptedCurrencies"]')).toContainText('Inherited from the merchant group.');
});

test('every settings page names the group or property it edits and leads back to it (issue 34)', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const groupId = await groupIdOf(page, 'Lagoon Hotels Group');
  await page.goto(`/merchants/currency-rules?merchantGroupId=${groupId}`);
  const trail = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(trail.getByRole('link', { name: 'Merchant group Lagoon Hotels Group' })).toBeVisible();
  await trail.getByRole('link', { name: 'Merchant group Lagoon Hotels Group' }).click();
  // Back on the merchants list with the group open, its properties and pages at hand.
  await expect(page.getByTestId('group-dialog').getByRole('heading', { name: 'Lagoon Hotels Group' })).toBeVisible();
  await page.getByTestId('group-dialog').getByRole('link', { name: 'Currency rules' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/merchants/currency-rules\\?merchantGroupId=${groupId}`));

  await page.goto('/properties');
  await page.getByRole('link', { name: 'Canal House Amsterdam' }).first().click();
  await expect(page).toHaveURL(/property-overview\/([0-9a-f-]{36})/);
  const merchantId = /property-overview\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await page.goto(`/properties/payment-settings?merchantId=${merchantId}`);
  await trail.getByRole('link', { name: 'Property Canal House Amsterdam' }).click();
  await expect(page).toHaveURL(new RegExp(`/properties/property-overview/${merchantId}$`));

  // Adding a property, provider staff choose among the groups the server takes one in (decision 0481).
  await page.goto('/properties/create-property');
  const groups = page.getByRole('form', { name: 'New property' }).getByLabel('Merchant group');
  await expect(groups.getByRole('option', { name: 'Baltic Inns' })).toHaveCount(1);
  for (const closed of ['Fjord Retreats', 'Highland Escapes', 'Granite Suites']) await expect(groups.getByRole('option', { name: closed })).toHaveCount(0);
  // The new property's currency and time zone start as the chosen group's, and follow another choice (issue 34).
  const form = page.getByRole('form', { name: 'New property' });
  await groups.selectOption({ label: 'Jura Chalets' });
  await expect(form.getByLabel('Currency')).toHaveValue('CHF');
  await expect(form.getByLabel('Time zone')).toHaveValue('Europe/Zurich');
  await groups.selectOption({ label: 'Danube Hospitality' });
  await expect(form.getByLabel('Currency')).toHaveValue('HUF');
  await expect(form.getByLabel('Time zone')).toHaveValue('Europe/Budapest');
  // A provider has thousands of groups: a search narrows the list, and the group chosen stays chosen (decision 0714).
  await form.getByLabel('Find the group by name').fill('jura');
  await expect(groups.getByRole('option', { name: 'Jura Chalets' })).toHaveCount(1);
  await expect(groups.getByRole('option', { name: 'Baltic Inns' })).toHaveCount(0);
  await expect(groups).toHaveValue(/[0-9a-f-]{36}/);
  await expect(groups.locator('option:checked')).toHaveText('Danube Hospitality');
  await groups.selectOption({ label: 'Jura Chalets' });
  await expect(form.getByLabel('Currency')).toHaveValue('CHF');
  await form.getByLabel('Find the group by name').fill('no such group');
  await expect(form.getByText('No group you may add a property in has that in its name.')).toBeVisible();
});
