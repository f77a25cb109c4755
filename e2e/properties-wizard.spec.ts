import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './export-support/api';
import { privatePort, startPrivateServer, type PrivateServer } from './support/private-server';

// Issue 18's story as far as the product goes today: the merchant admin adds a property through the
// wizard, reloads in the middle and resumes, finishes and sees property-submitted; the provider
// admin sends it back with a reason, the merchant admin sees only that reason and sends it again;
// the provider approves and the property waits for its fees. The wizard runs on the property wizard
// machine (decision 0301): sent back, it walks the flagged step only. Over a demo database of its own.

const PORT = privatePort(22);
test.use({ baseURL: `http://localhost:${PORT}` });
let server: PrivateServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startPrivateServer(PORT);
});
test.afterAll(async () => server?.stop());

async function confirmAction(page: Page, button: string, confirm: string, fill?: () => Promise<void>) {
  await page.getByRole('region', { name: 'Status' }).getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await fill?.();
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('add a property, resume after a reload, submit; the provider sends it back, the merchant resubmits, the provider approves', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page, 'merchantadmin@demo.folio.test');
  await page.goto('/properties');
  await page.getByRole('link', { name: 'Add property' }).click();
  const form = page.getByRole('form', { name: 'New property' });
  // The server refuses what it cannot store, at the field.
  await form.getByLabel('Property name').fill('Tulip Garden Hotel');
  await form.getByLabel('Time zone').fill('Mars/Olympus');
  await form.getByRole('button', { name: 'Create property' }).click();
  await expect(form.getByText('not a known time zone')).toBeVisible();
  await form.getByLabel('Time zone').fill('Europe/Amsterdam');
  await form.getByRole('button', { name: 'Create property' }).click();
  await expect(page).toHaveURL(/merchantId=[0-9a-f-]{36}&step=property-information/);
  const merchantId = new URL(page.url()).searchParams.get('merchantId')!;

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByTestId('wizard-step')).toHaveText('Brand assets');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByTestId('wizard-step')).toHaveText('Currency rules');
  // A reload in the middle resumes at the same property and step.
  await page.reload();
  await expect(page.getByTestId('wizard-step')).toHaveText('Currency rules');
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: '4. Currency rules' })).toHaveAttribute('aria-current', 'step');
  await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: '11. SMTP setting' }).click();
  await page.getByRole('button', { name: 'Finish and send for review' }).click();
  await expect(page).toHaveURL(/\/properties\/property-submitted\?merchantId=/);
  await expect(page.getByTestId('property-submitted')).toContainText('sent for review');

  await signInAs(page, 'folioadmin@demo.folio.test');
  await page.goto(`/properties/property-overview/${merchantId}`);
  await expect(page.getByTestId('status-badge').first()).toHaveText('In review');
  await confirmAction(page, 'Send back', 'Send back', async () => {
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByLabel('Field or page').selectOption({ label: 'Page: currency rules' });
    await dialog.getByLabel('Reason').fill('Add USD for the American tour groups');
  });
  await expect(page.getByTestId('status-badge').first()).toHaveText('Resubmission required');

  await signInAs(page, 'merchantadmin@demo.folio.test');
  await page.goto(`/properties/property-overview/${merchantId}`);
  await expect(page.getByTestId('property-flag')).toHaveText(['Page: currency rules: Add USD for the American tour groups']);
  await expect(page.getByTestId('next-step')).toHaveText('Next: change what the reviewer named, then send the property for review again.');
  // The wizard opens on the flagged step only, says why, and finishing sends the property again.
  await page.getByRole('link', { name: 'Change what the reviewer asked for' }).click();
  await expect(page.getByTestId('property-wizard')).toHaveAttribute('data-mode', 'resubmission');
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('button')).toHaveText(['4. Currency rules']);
  await expect(page.getByTestId('wizard-step')).toHaveText('Currency rules');
  await expect(page.getByTestId('wizard-flag')).toHaveText('Page: currency rules: Add USD for the American tour groups');
  await expect(page).toHaveURL(new RegExp(`merchantId=${merchantId}&step=currency-rules$`));
  await page.getByRole('button', { name: 'Finish and send for review' }).click();
  await expect(page).toHaveURL(/\/properties\/property-submitted\?merchantId=/);
  await page.goto(`/properties/property-overview/${merchantId}`);
  await expect(page.getByTestId('status-badge').first()).toHaveText('In review');
  // In review the wizard has nothing to change.
  await page.goto(`/properties/create-property?merchantId=${merchantId}`);
  await expect(page.getByTestId('property-wizard-locked')).toContainText('the wizard has nothing to change now');

  await signInAs(page, 'folioadmin@demo.folio.test');
  await page.goto(`/properties/property-overview/${merchantId}`);
  await confirmAction(page, 'Approve', 'Approve');
  await expect(page.getByTestId('status-badge').first()).toHaveText('Fee setup');
  await expect(page.getByTestId('next-step')).toHaveText("Next: set the property's fees; it cannot become active without them.");
  // No fees yet: activation is not offered.
  await expect(page.getByRole('region', { name: 'Status' }).getByRole('button', { name: 'Activate' })).toHaveCount(0);
  await expect(page.getByTestId('property-activity').first()).toContainText('Approved');
});
