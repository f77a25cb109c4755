import { expect, test, type Page } from './support/test';
import type { PayoutSearchAnswer } from '../contract/payouts';
import { MERCHANT_API } from '../contract/product';
import { DEMO_FEE_PROPERTY } from '../server/demo/seed-fees';
import { signInAs } from './kyc-support/sign-in';
import { privatePort, usePrivateServer } from './support/private-server';

// Issue 17 in Chromium, as a provider admin: payouts show the fee and net amount of the merchant's fee schedule
// (decision 0291); rotating a webhook secret says until when the previous secret still signs (decision 0290); an
// Active group whose merchant wizard is not finished offers the way into it from its page. The rotation and the
// wizard change data, so the suite runs on a database of its own.

test.describe.configure({ mode: 'serial' });
usePrivateServer(62);

async function api(page: Page) {
  const session = await (await page.request.get('/api/auth/session')).json();
  const headers = { authorization: `Bearer ${session.accessToken}` };
  return {
    get: async (url: string) => (await page.request.get(url, { headers })).json(),
    post: async (url: string, data: object) => (await page.request.post(url, { headers, data })).json(),
  };
}

async function groupIdOf(page: Page, name: string): Promise<string> {
  const groups = await (await api(page)).get(`${MERCHANT_API}/merchant-groups?search=${encodeURIComponent(name)}`);
  return groups.items.find((group: { name: string }) => group.name === name).merchantGroupId;
}

const euros = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(minor / 100);

test("payouts show the fee and net amount of the merchant's fee schedule, in the table and the payout's detail", async ({ page }) => {
  await signInAs(page, 'folioadmin@demo.folio.test');
  const { items } = (await (await api(page)).post(`${MERCHANT_API}/payouts/search`, { pagination: { page: 0, pageSize: 25 } })) as PayoutSearchAnswer;
  const charged = items.find((payout) => payout.merchantName === DEMO_FEE_PROPERTY && payout.feeMinor !== null)!;
  expect(charged).toBeDefined();
  const unscheduled = items.find((payout) => payout.feeMinor === null)!;

  await page.goto('/payouts');
  const table = page.getByRole('table', { name: 'Payouts' });
  await expect(table.getByRole('columnheader', { name: 'Fee', exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Net amount' })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: charged.reference });
  await expect(row).toContainText(euros(charged.feeMinor!));
  await expect(row).toContainText(euros(charged.netMinor!));
  // A property without a fee schedule shows a dash, not a made-up zero.
  await expect(table.getByRole('row').filter({ hasText: unscheduled.reference })).toContainText('—');

  await row.getByRole('button', { name: charged.reference }).click();
  const dialog = page.getByRole('dialog', { name: `Payout ${charged.reference}` });
  await expect(dialog.getByTestId('payout-fee')).toHaveText(euros(charged.feeMinor!));
  await expect(dialog.getByTestId('payout-net')).toHaveText(euros(charged.netMinor!));
});

test('after rotating the webhook secret the page says until when the previous secret still signs', async ({ page }) => {
  await signInAs(page, 'folioadmin@demo.folio.test');
  const groupId = await groupIdOf(page, 'Kastro Island Resorts');
  await page.goto(`/merchants/webhook-configuration?merchantGroupId=${groupId}`);
  const form = page.getByRole('form', { name: 'Webhooks' });
  await form.getByRole('textbox', { name: 'Webhook URL', exact: true }).fill(`http://127.0.0.1:${privatePort(63)}/hooks/kastro`);
  await form.getByRole('button', { name: 'Save' }).click();
  const first = (await page.getByTestId('webhook-secret-value').textContent())!.trim();
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByTestId('webhook-previous-secret')).toHaveCount(0);

  await page.getByRole('button', { name: 'Rotate secret' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('For 24 hours every delivery, retries included, carries two signatures');
  await confirm.getByRole('button', { name: 'Rotate secret' }).click();
  const second = (await page.getByTestId('webhook-secret-value').textContent())!.trim();
  expect(second).not.toBe(first);
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByTestId('webhook-secret-hint')).toContainText(second.slice(-4));
  const previous = page.getByTestId('webhook-previous-secret');
  await expect(previous).toContainText(`The previous secret (ending in …${first.slice(-4)}) still signs deliveries beside the current one until`);
  // Until a day from now, in the page's own date format: tomorrow's date is in it.
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  await expect(previous).toContainText(String(tomorrow.getFullYear()));
  await page.reload();
  await expect(page.getByTestId('webhook-previous-secret')).toContainText(`…${first.slice(-4)}`);
});

test("an Active group's page leads into its unfinished merchant wizard, and on to the step after the saved ones", async ({ page }) => {
  await signInAs(page, 'folioadmin@demo.folio.test');
  await page.goto('/merchants?q=Kastro');
  await page.getByRole('button', { name: 'Open Kastro Island Resorts' }).click();
  const entry = page.getByTestId('group-dialog').getByTestId('merchant-wizard-entry');
  await expect(entry).toContainText('its merchant wizard has not been started');
  await entry.getByRole('link', { name: 'Start the merchant wizard' }).click();
  await expect(page).toHaveURL(/\/merchants\/currency-rules\?merchantGroupId=.+&isOnboarding=true/);
  await expect(page.getByTestId('merchant-wizard')).toBeVisible();
  await page.getByLabel('Accepted currencies (ISO codes, separated by commas)').fill('EUR');
  await page.getByLabel('Settlement currency').fill('EUR');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/merchants\/location-settings\?/);

  await page.goto('/merchants?q=Kastro');
  await page.getByRole('button', { name: 'Open Kastro Island Resorts' }).click();
  await expect(entry).toContainText('1 of 8 steps saved');
  await entry.getByRole('link', { name: 'Continue the merchant wizard' }).click();
  await expect(page).toHaveURL(/\/merchants\/location-settings\?merchantGroupId=.+&isOnboarding=true/);

  // A group that is not Active has no way in.
  await page.goto('/merchants?q=Iberia');
  await page.getByRole('button', { name: 'Open Iberia Boutique' }).click();
  await expect(page.getByTestId('group-dialog')).toBeVisible();
  await expect(page.getByTestId('merchant-wizard-entry')).toHaveCount(0);
});

test('the group opened by its address (the way back from its pages) leads into the merchant wizard, and the wizard stays open', async ({ page }) => {
  await signInAs(page, 'foliouser@demo.folio.test');
  const groupId = await groupIdOf(page, 'Lagoon Hotels Group');
  await page.goto(`/merchants?merchantGroupId=${groupId}`);
  const entry = page.getByTestId('group-dialog').getByTestId('merchant-wizard-entry');
  await entry.getByRole('link', { name: /(Start|Continue) the merchant wizard/ }).click();
  await expect(page.getByTestId('merchant-wizard')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/merchants/[a-z-]+\\?merchantGroupId=${groupId}&isOnboarding=true$`));
});

test("a provider admin changes a property's status from its group's page, with a reason, among the statuses the lifecycle allows", async ({ page }) => {
  await signInAs(page, 'folioadmin@demo.folio.test');
  await page.goto('/merchants?q=Lagoon');
  await page.getByRole('button', { name: 'Open Lagoon Hotels Group' }).click();
  const dialog = page.getByTestId('group-dialog');
  const row = dialog.getByRole('row').filter({ hasText: 'City Lights Rotterdam' });
  await expect(row).toContainText('Pending review');
  await row.getByRole('button', { name: 'Change status of City Lights Rotterdam' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByLabel('New status').locator('option')).toHaveText(['Fee setup']);
  await confirm.getByRole('button', { name: 'Change status', exact: true }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Say why (at least 3 characters).');
  await confirm.getByLabel('Reason').fill('documents checked by phone');
  await confirm.getByRole('button', { name: 'Change status', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Fee setup');
  // Fee setup leads on to Active only once the property has fees, so nothing more is offered yet.
  await expect(row.getByRole('button', { name: 'Change status of City Lights Rotterdam' })).toHaveCount(0);
});

test("a merchant admin sets a property's virtual card (VCC) settings on its payment settings page; they are checked and kept", async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  const configs = await (await api(page)).post(`${MERCHANT_API}/merchant-config/search`, {});
  const dune = configs.find((config: { merchantName: string }) => config.merchantName === 'Dune Resort Scheveningen');
  await page.goto(`/payment-settings/edit-payment-settings?merchantGroupId=${dune.merchantGroupId}&merchantId=${dune.merchantId}`);
  const section = page.getByRole('region', { name: 'Virtual cards (VCC)' });
  await expect(section.getByTestId('vcc-state')).toContainText('no virtual card settings yet');
  await section.getByRole('checkbox', { name: 'Charge virtual cards automatically' }).check();
  await section.getByLabel('When to charge').selectOption({ label: 'Some days before check-in' });
  await section.getByRole('button', { name: 'Save virtual card settings' }).click();
  await expect(section.getByText('Choose at least one travel agency, or switch automatic charging off.')).toBeVisible();
  await expect(section.getByText('Enter the days before check-in, from 1 to 60.')).toBeVisible();

  await section.getByRole('checkbox', { name: 'Expedia' }).check();
  await section.getByLabel('Days before check-in').fill('3');
  await section.getByLabel('E-mail for failed virtual card charges').fill('vcc@dune.example');
  await section.getByRole('button', { name: 'Save virtual card settings' }).click();
  await expect(section.getByRole('status')).toHaveText('The virtual card settings are saved.');

  await page.reload();
  await expect(section.getByTestId('vcc-state')).toContainText('Virtual card settings last saved');
  await expect(section.getByRole('checkbox', { name: 'Expedia' })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: 'Booking.com' })).not.toBeChecked();
  await expect(section.getByLabel('Days before check-in')).toHaveValue('3');
  await expect(section.getByLabel('E-mail for failed virtual card charges')).toHaveValue('vcc@dune.example');
});
