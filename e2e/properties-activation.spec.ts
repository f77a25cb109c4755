import { expect, test, type Page } from './support/test';
import { MERCHANT_API } from '../contract/product';
import { signInAs } from './export-support/api';
import { usePrivateServer } from './support/private-server';

// Issue 18's story past FeeSetup (decision 0260): the provider admin approves the demo's property in
// review, finds activation not offered until fees are set, sets its fees on the property's fees page,
// activates it; the merchant admin then switches to it in the property switcher and works on it.
// Over a demo database of its own.

usePrivateServer(33);

async function confirmAction(page: Page, button: string) {
  await page.getByRole('region', { name: 'Status' }).getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('approve a property in review, set its fees, activate it; the merchant admin switches to it', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'folioadmin@demo.folio.test');
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const found = await page.request.post(`${MERCHANT_API}/properties/search`, {
    headers: { Authorization: `Bearer ${session.accessToken}` },
    data: { filters: { search: 'City Lights Rotterdam' } },
  });
  const merchantId = ((await found.json()) as { items: Array<{ merchantId: string }> }).items[0]!.merchantId;

  await page.goto(`/properties/property-overview/${merchantId}`);
  await expect(page.getByTestId('status-badge').first()).toHaveText('In review');
  await confirmAction(page, 'Approve');
  await expect(page.getByTestId('status-badge').first()).toHaveText('Fee setup');
  await expect(page.getByRole('region', { name: 'Status' }).getByRole('button', { name: 'Activate' })).toHaveCount(0);

  // The fees page of the property, reached from the overview's settings at a glance.
  await page.getByRole('link', { name: 'Fees', exact: true }).click();
  await expect(page).toHaveURL(/\/properties\/fees\?merchantId=/);
  const schedule = page.getByRole('form', { name: 'New fee schedule' });
  await schedule.getByLabel('Fee model').selectOption('Blended');
  await schedule.getByLabel('Percentage').fill('1.4');
  await schedule.getByRole('button', { name: 'Save fee schedule' }).click();
  await expect(page.getByTestId('current-fee')).toContainText('Blended');

  await page.goto(`/properties/property-overview/${merchantId}`);
  await expect(page.getByTestId('next-step')).toHaveText('Next: the fees are set; activate the property.');
  await confirmAction(page, 'Activate');
  await expect(page.getByTestId('status-badge').first()).toHaveText('Active');
  await expect(page.getByTestId('property-activity').first()).toContainText('Activated');

  await signInAs(page, 'merchantadmin@demo.folio.test');
  await page.goto('/home');
  const greeting = page.getByTestId('user-greeting');
  await greeting.click();
  await page.getByTestId('other-hotels').getByRole('menuitem', { name: 'City Lights Rotterdam' }).click();
  await expect(page).toHaveURL(/\/property-management$/);
  await expect(greeting).toContainText('City Lights Rotterdam');
  await page.goto('/properties?');
  await expect(page.getByRole('row', { name: /City Lights Rotterdam/ })).toContainText('Active');
});
