import { expect, test, type Page } from './support/test';
import { MERCHANT_API } from '../contract/product';
import { signInAs } from './kyc-support/sign-in';
import { usePrivateServer } from './support/private-server';

// Issue 17 "Fees" and "Payment settings" in Chromium: fees set on the merchant group's fee page show
// the same on /fee-management and on the property's fee page; a property manager's payment-settings
// item opens the active property's edit page, and the settings are edited, listed and deleted; the
// add page opens for a provider admin. Both change data, so they run on a database of their own.

const today = () => new Date().toISOString().slice(0, 10);

test.describe.configure({ mode: 'serial' });
usePrivateServer(32);

/** An Active property of Lagoon Hotels Group, read as the signed-in user reads it. */
async function activeLagoonProperty(page: Page): Promise<{ merchantId: string; name: string; merchantGroupId: string }> {
  const session = await (await page.request.get('/api/auth/session')).json();
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const groups = await (await page.request.get(`${MERCHANT_API}/merchant-groups?search=Lagoon`, { headers })).json();
  const groupId = groups.items[0].merchantGroupId;
  const merchants = await (await page.request.get(`${MERCHANT_API}/merchants/search/${groupId}`, { headers })).json();
  const active = merchants.find((merchant: { status: string }) => merchant.status === 'Active');
  return { merchantId: active.merchantId, name: active.name, merchantGroupId: groupId };
}

test('fees set on the group fee page show the same on fee management and on the property fee page', async ({ page }) => {
  await signInAs(page, 'folioadmin@demo.folio.test');
  const property = await activeLagoonProperty(page);
  await page.goto('/merchants?q=Lagoon');
  await page.getByRole('button', { name: 'Open Lagoon Hotels Group' }).click();
  await page.getByTestId('group-dialog').getByRole('link', { name: 'Fees' }).click();
  await expect(page).toHaveURL(/\/merchants\/fees\?merchantGroupId=/);

  const panel = page.getByRole('region', { name: property.name });
  await expect(panel.getByTestId('current-fee')).toHaveText('No fee schedule is in force yet.');
  // What the model needs is checked before sending.
  await panel.getByLabel('Fee model').selectOption('Transaction fees');
  await panel.getByRole('button', { name: 'Save fee schedule' }).click();
  await expect(panel.getByText('This fee model needs a fixed amount above 0')).toBeVisible();

  await panel.getByLabel('Fee model').selectOption('Blended');
  await panel.getByLabel('Percentage').fill('2.5');
  await panel.getByLabel(/Fixed amount per transaction/).fill('0.30');
  await panel.getByLabel('Effective from').fill(today());
  await panel.getByRole('button', { name: 'Save fee schedule' }).click();
  await expect(panel.getByRole('status')).toHaveText('The fee schedule is saved.');
  const expected = /In force: Blended, 2\.5 % of the amount \+ €0\.30 per transaction, since/;
  await expect(panel.getByTestId('current-fee')).toHaveText(expected);

  // The same data on the other two pages.
  await page.goto(`/fee-management?merchantId=${property.merchantId}`);
  await expect(page.getByTestId('current-fee')).toHaveText(expected);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await page.goto(`/properties/fees?merchantId=${property.merchantId}&merchantGroupId=${property.merchantGroupId}`);
  await expect(page.getByTestId('current-fee')).toHaveText(expected);

  // An order of today shows the fee and the net amount this schedule implies: 2.5 % of €100.20 is €2.505, rounded to
  // €2.51, plus €0.30.
  const session = await (await page.request.get('/api/auth/session')).json();
  const link = await page.request.post('/backoffice/api/v2/payment-links', {
    headers: { authorization: `Bearer ${session.accessToken}`, 'x-merchant-id': property.merchantId, 'idempotency-key': crypto.randomUUID() },
    data: {
      guestName: 'Fee Guest',
      guestEmail: 'fee.guest@example.com',
      amountMinor: 10_020,
      currency: 'EUR',
      paymentType: 'PN',
      chargeCategory: 'Rooms',
      bookingReference: 'FEE-1',
      expiryHours: 24,
    },
  });
  expect(link.status()).toBe(201);
  const { orderId } = await link.json();
  await page.goto(`/transactions/transaction-info?transactionId=${orderId}&merchantId=${property.merchantId}`);
  await expect(page.getByTestId('order-fee')).toHaveText('€2.81');
  await expect(page.getByTestId('order-net')).toHaveText('€97.39');
  await page.goto(`/properties/fees?merchantId=${property.merchantId}&merchantGroupId=${property.merchantGroupId}`);

  // A second schedule on the same day is refused at the day's field, in words; choosing another day takes the message away.
  await page.getByLabel('Fee model').selectOption('Other fee');
  await page.getByLabel(/Fixed amount per transaction/).fill('1.00');
  const effectiveFrom = page.getByLabel('Effective from');
  await effectiveFrom.fill(today());
  await page.getByRole('button', { name: 'Save fee schedule' }).click();
  await expect(effectiveFrom).toHaveAccessibleErrorMessage('A fee schedule starts on this day already. Choose another day.');
  await effectiveFrom.fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
  await expect(effectiveFrom).not.toHaveAttribute('aria-invalid');
});

test("a property manager's payment settings item opens the active property's edit page; edit, list and delete", async ({ page }) => {
  await signInAs(page, 'propertymanager@demo.folio.test');
  await page.goto('/property-management');
  await page.getByTestId('all-controls').click();
  await page.getByRole('menuitem', { name: 'Payment settings' }).click();
  await expect(page).toHaveURL(/\/payment-settings\/edit-payment-settings\?merchantGroupId=.+&merchantId=.+/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Payment settings of /);
  const propertyName = (await heading.textContent())?.replace('Payment settings of ', '') ?? '';
  await expect(page.getByText(/follows the payment settings of Lagoon Hotels Group/)).toBeVisible();

  await page.getByRole('checkbox', { name: 'Authorize' }).check();
  await page.getByLabel('Deposit basis').selectOption({ label: 'Deposit amount' });
  await page.getByLabel('Deposit percentage').fill('0');
  await page.getByRole('button', { name: 'Add payment settings' }).click();
  await expect(page.getByText('A deposit needs a percentage above 0.')).toBeVisible();
  await expect(page.getByLabel('Deposit percentage')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Deposit percentage').fill('30');
  await page.getByRole('button', { name: 'Add payment settings' }).click();
  await expect(page.getByRole('status')).toHaveText('The payment settings are saved.');
  await expect(page.getByText('This property has payment settings of its own.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Deposit percentage')).toHaveValue('30');
  await expect(page.getByRole('checkbox', { name: 'Authorize' })).toBeChecked();

  await page.getByRole('link', { name: 'Payment settings' }).first().click();
  const row = page.getByRole('row').filter({ hasText: propertyName });
  await expect(row).toContainText('Its own');
  await expect(row).toContainText('30 % deposit');
  await row.getByRole('button', { name: `Delete the payment settings of ${propertyName}` }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toContainText('From the group');
});

test('a provider admin reaches the add page and gives a property payment settings of its own', async ({ page }) => {
  await signInAs(page, 'folioadmin@demo.folio.test');
  await page.goto('/payment-settings');
  // The list is found by name, a page at a time (decision 0715): a provider has thousands of properties.
  const list = page.getByRole('table', { name: 'Payment settings' });
  await page.getByLabel('Find a property or group by name').fill('canal');
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list.getByRole('row').nth(1)).toContainText('Canal House Amsterdam');
  await page.getByLabel('Find a property or group by name').fill('no such hotel');
  await expect(page.getByText("No property you may see has that in its name or its group's.")).toBeVisible();
  await page.getByRole('link', { name: 'Add payment settings' }).click();
  await expect(page).toHaveURL(/\/payment-settings\/add-payment-settings$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add payment settings');
  const property = page.getByLabel('Property');
  const first = await property.locator('option').nth(1).textContent();
  await property.selectOption({ index: 1 });
  await page.getByRole('checkbox', { name: 'Pay later' }).check();
  await page.getByRole('button', { name: 'Add payment settings' }).click();
  await expect(page).toHaveURL(/\/payment-settings\/edit-payment-settings\?/);
  await expect(page.getByText('This property has payment settings of its own.')).toBeVisible();
  expect(first).toContain('(');
});

test('a percentage typed as "1,000" or "1e2" is refused at its field; "1,5" is saved as 1.5 % and stays after a reload', async ({ page }) => {
  await signInAs(page, 'folioadmin@demo.folio.test');
  const session = await (await page.request.get('/api/auth/session')).json();
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const configs = await (await page.request.post(`${MERCHANT_API}/merchant-config/search`, { headers, data: {} })).json();
  const dune = configs.find((config: { merchantName: string }) => config.merchantName === 'Dune Resort Scheveningen');
  await page.goto(`/fee-management?merchantId=${dune.merchantId}`);
  await expect(page.getByTestId('current-fee')).toHaveText('No fee schedule is in force yet.');

  const percentage = page.getByLabel('Percentage');
  // "1,000" is one thousand wherever the product reads amounts, and "1e2" is not a number anyone types for 100.
  for (const typed of ['1,000', '1e2', '0x10']) {
    await percentage.fill(typed);
    await page.getByRole('button', { name: 'Save fee schedule' }).click();
    await expect(percentage, typed).toHaveAccessibleErrorMessage('Enter a percentage between 0 and 100');
  }
  await expect(page.getByTestId('current-fee')).toHaveText('No fee schedule is in force yet.');

  await percentage.fill('1,5');
  await page.getByRole('button', { name: 'Save fee schedule' }).click();
  await expect(page.getByRole('status')).toHaveText('The fee schedule is saved.');
  await page.reload();
  await expect(page.getByTestId('current-fee')).toHaveText(/^In force: Blended, 1\.5 % of the amount, since/);
  const history = await (await page.request.post(`${MERCHANT_API}/fees/search`, { headers, data: { merchantId: dune.merchantId } })).json();
  expect(history.schedules.map((schedule: { percentage: number }) => schedule.percentage)).toEqual([1.5]);
});

test('a payment settings save made in a tab opened before someone else saved is refused in words, and theirs stays', async ({ page, context }) => {
  await signInAs(page, 'folioadmin@demo.folio.test');
  const property = await activeLagoonProperty(page);
  const href = `/payment-settings/edit-payment-settings?merchantGroupId=${property.merchantGroupId}&merchantId=${property.merchantId}`;
  // The property has settings of its own already, so both tabs edit them (not add them).
  const session = await (await page.request.get('/api/auth/session')).json();
  const own = await page.request.post(`${MERCHANT_API}/merchant-config`, {
    headers: { authorization: `Bearer ${session.accessToken}` },
    data: { merchantId: property.merchantId, settings: { paymentTypes: ['PN'], chargeCategories: ['Rooms'], depositBasis: 'None', depositPercentage: 0 } },
  });
  expect(own.status()).toBe(201);
  const other = await context.newPage();
  await page.goto(href);
  await other.goto(href);
  await expect(page.getByRole('checkbox', { name: 'Pay later' })).not.toBeChecked();

  // The other tab saves Pay later first.
  await other.getByRole('checkbox', { name: 'Pay later' }).check();
  await other.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(other.getByRole('status')).toHaveText('The payment settings are saved.');

  // This tab, still on what it opened, adds Spa and saves: nothing of either is lost silently.
  await page.getByRole('checkbox', { name: 'Spa' }).check();
  await page.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByRole('alert')).toContainText('Someone else changed these payment settings after you opened them, so yours were not saved.');
  await expect(page.getByRole('status')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show the current settings' }).click();
  await expect(page.getByRole('checkbox', { name: 'Pay later' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Spa' })).not.toBeChecked();

  // Made again on the current settings, the change is saved with the other one.
  await page.getByRole('checkbox', { name: 'Spa' }).check();
  await page.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByRole('status')).toHaveText('The payment settings are saved.');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Pay later' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Spa' })).toBeChecked();

  // The same for the virtual card settings: this tab saves Booking.com, the other one (opened before) Airbnb.
  const vccHere = page.getByRole('region', { name: 'Virtual cards (VCC)' });
  const vccThere = other.getByRole('region', { name: 'Virtual cards (VCC)' });
  await expect(vccThere.getByTestId('vcc-state')).toContainText('no virtual card settings yet');
  await vccHere.getByRole('checkbox', { name: 'Charge virtual cards automatically' }).check();
  await vccHere.getByRole('checkbox', { name: 'Booking.com' }).check();
  await vccHere.getByRole('button', { name: 'Save virtual card settings' }).click();
  await expect(vccHere.getByRole('status')).toHaveText('The virtual card settings are saved.');
  await vccThere.getByRole('checkbox', { name: 'Charge virtual cards automatically' }).check();
  await vccThere.getByRole('checkbox', { name: 'Airbnb' }).check();
  await vccThere.getByRole('button', { name: 'Save virtual card settings' }).click();
  await expect(vccThere.getByRole('alert')).toContainText('Someone else changed the virtual card settings after you opened them, so yours were not saved.');
  await vccThere.getByRole('button', { name: 'Show the current settings' }).click();
  await expect(vccThere.getByRole('checkbox', { name: 'Booking.com' })).toBeChecked();
  await expect(vccThere.getByRole('checkbox', { name: 'Airbnb' })).not.toBeChecked();
});

test('a deposit percentage typed as "1,5" or with letters is refused at its field, not saved as 15 or 0', async ({ page }) => {
  await signInAs(page, 'folioadmin@demo.folio.test');
  const session = await (await page.request.get('/api/auth/session')).json();
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const configs = await (await page.request.post(`${MERCHANT_API}/merchant-config/search`, { headers, data: {} })).json();
  const santorini = configs.find((config: { merchantName: string }) => config.merchantName === 'Santorini Caldera Resort');
  await page.goto(`/payment-settings/edit-payment-settings?merchantGroupId=${santorini.merchantGroupId}&merchantId=${santorini.merchantId}`);
  await page.getByLabel('Deposit basis').selectOption({ label: 'Deposit amount' });
  const deposit = page.getByLabel('Deposit percentage');

  // Emptied, the field stays empty for the next digits (it showed 0).
  await deposit.fill('');
  await expect(deposit).toHaveValue('');
  for (const [typed, message] of [
    ['1,5', 'Enter a whole number.'],
    ['12a', 'Enter a number.'],
  ] as const) {
    await deposit.pressSequentially(typed);
    await expect(deposit).toHaveValue(typed);
    await page.getByRole('button', { name: 'Add payment settings' }).click();
    await expect(deposit, typed).toHaveAccessibleErrorMessage(message);
    await deposit.fill('');
  }
  const stored = await (await page.request.post(`${MERCHANT_API}/merchant-config/search`, { headers, data: { merchantId: santorini.merchantId } })).json();
  expect(stored[0].hasOwnSettings).toBe(false);

  await deposit.pressSequentially('15');
  await page.getByRole('button', { name: 'Add payment settings' }).click();
  await expect(page.getByRole('status')).toHaveText('The payment settings are saved.');
  await page.reload();
  await expect(page.getByLabel('Deposit percentage')).toHaveValue('15');
});

test('the payment settings list turns a page at a time, also under a double click (decision 0715)', async ({ page }) => {
  await signInAs(page, 'folioadmin@demo.folio.test');
  // More properties than a page holds: the demo's sixteen and twelve new ones in Lagoon Hotels Group.
  const { merchantGroupId } = await activeLagoonProperty(page);
  const session = await (await page.request.get('/api/auth/session')).json();
  const headers = { authorization: `Bearer ${session.accessToken}` };
  for (let n = 1; n <= 12; n++) {
    const created = await page.request.post(`${MERCHANT_API}/properties`, {
      headers,
      data: { name: `Lagoon Annex ${String(n).padStart(2, '0')}`, currency: 'EUR', timezone: 'Europe/Amsterdam', merchantGroupId },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto('/payment-settings');
  const list = page.getByRole('table', { name: 'Payment settings' });
  await expect(list.getByRole('row')).toHaveCount(26);
  const pages = page.getByRole('navigation', { name: /^Page / });
  await expect(pages).toContainText('Page 1');
  await expect(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  // A double click by habit turns one page: the button waits while the page is on its way.
  await pages.getByRole('button', { name: 'Next page' }).dblclick();
  await expect(pages).toContainText('Page 2');
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Previous page' }).click();
  await expect(pages).toContainText('Page 1');
  await expect(list.getByRole('row')).toHaveCount(26);
});
