import { expect, test, type Page } from './support/test';
import { pngImage } from '../testing/images/test-images';
import { signInAs } from './export-support/api';
import { usePrivateServer } from './support/private-server';

// Issue 18's story end to end: the merchant admin adds a property through every wizard step, uploads
// its logo on the brand-assets step, reloads in the middle and resumes, finishes and sees
// property-submitted; the provider admin sends it back with a reason on its currency rules, the merchant
// admin sees only that step, adds the currency asked for and sends it again; the provider approves,
// sets its fees, activates it; the merchant admin then finds it in the property switcher and switches
// to it. The wizard runs on the property wizard machine (decision 0301): sent back, it walks the
// flagged step only. Over a demo database of its own.

usePrivateServer(22);

async function confirmAction(page: Page, button: string, confirm: string, fill?: () => Promise<void>) {
  await page.getByRole('region', { name: 'Status' }).getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await fill?.();
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('add a property with its logo through every step, resume after a reload, submit; sent back, the merchant adds the currency asked for; approved, fees set, activated, switched to', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'merchantadmin@demo.folio.test');
  await page.goto('/properties');
  await page.getByRole('link', { name: 'Add property' }).click();
  const form = page.getByRole('form', { name: 'New property' });
  // What it cannot store is refused at the field before anything is sent, in the catalogue's sentence.
  await form.getByLabel('Property name').fill('Tulip Garden Hotel');
  await form.getByLabel('Time zone').fill('Mars/Olympus');
  await form.getByRole('button', { name: 'Create property' }).click();
  await expect(form.getByText('Enter a known time zone, such as Europe/Amsterdam.', { exact: true })).toBeVisible();
  await form.getByLabel('Time zone').fill('Europe/Amsterdam');
  await form.getByRole('button', { name: 'Create property' }).click();
  await expect(page).toHaveURL(/merchantId=[0-9a-f-]{36}&step=property-information/);
  const merchantId = new URL(page.url()).searchParams.get('merchantId')!;

  const steps = page.getByRole('list', { name: 'Steps' });
  const next = page.getByRole('button', { name: 'Next', exact: true });
  // The first step's page shows the name just typed without calling it "not set yet", and the group's country.
  const info = page.getByRole('form', { name: 'Property information' });
  // The step names the property it sets up and leads back to it (issue 34).
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Property Tulip Garden Hotel' })).toBeVisible();
  await expect(info.getByLabel('Property name')).toHaveValue('Tulip Garden Hotel');
  await expect(info).not.toContainText('Not set yet');
  await expect(info.locator('[data-field="country"]').getByRole('textbox')).toHaveValue('NL');
  await expect(info.locator('[data-field="country"]')).toContainText('Inherited from the merchant group.');
  await next.click();
  await expect(page.getByTestId('wizard-step')).toHaveText('Brand assets');
  // The logo goes up on its step; the server reads the bytes and the preview is the stored file.
  const logo = page.getByTestId('brand-asset-logo');
  await logo.getByLabel('Upload a logo').setInputFiles({ name: 'tulip-logo.png', mimeType: 'image/png', buffer: pngImage(320, 120, { rgb: [200, 40, 90] }) });
  await expect(logo.getByRole('img', { name: 'Current logo' })).toBeVisible();
  await expect(logo).toContainText('tulip-logo.png: 320 × 120 pixels');
  // A reload in the middle resumes at the same property and step, with the logo kept.
  await page.reload();
  await expect(page.getByTestId('wizard-step')).toHaveText('Brand assets');
  await expect(steps.getByRole('button', { name: '2. Brand assets' })).toHaveAttribute('aria-current', 'step');
  // Ten steps numbered 1-10 in the spec's order (issue 34: they read 1, 2, 4, ..., 12, 11).
  await expect(steps.getByRole('button')).toHaveText([
    '1. Property information',
    '2. Brand assets',
    '3. Currency rules',
    '4. Payment settings',
    '5. Processing settings',
    '6. Notifications',
    '7. Payout setting',
    '8. Integrations',
    '9. Webhook',
    '10. SMTP setting',
  ]);
  // The wizard names the property it adds and leads back to it.
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Property Tulip Garden Hotel' })).toHaveAttribute(
    'href',
    `/properties/property-overview/${merchantId}`,
  );
  await expect.poll(() => logo.getByRole('img', { name: 'Current logo' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(page).toHaveURL(new RegExp(`merchantId=${merchantId}&step=brand-assets$`));

  // Every other step in turn, with Next (each form keeps the group's values it inherits).
  for (const step of [
    'Currency rules',
    'Payment settings',
    'Processing settings',
    'Notifications',
    'Payout setting',
    'Integrations',
    'Webhook',
    'SMTP setting',
  ]) {
    await next.click();
    await expect(page.getByTestId('wizard-step')).toHaveText(step);
  }
  await expect(next).toHaveCount(0);
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
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('button')).toHaveText(['3. Currency rules']);
  await expect(page.getByTestId('wizard-step')).toHaveText('Currency rules');
  await expect(page.getByTestId('wizard-flag')).toHaveText('Page: currency rules: Add USD for the American tour groups');
  await expect(page).toHaveURL(new RegExp(`merchantId=${merchantId}&step=currency-rules$`));
  // The merchant admin does what was asked: USD joins the accepted currencies; saving the only step sends it again.
  const accepted = page.getByRole('form', { name: 'Currency rules' }).locator('[data-field="acceptedCurrencies"]').getByRole('textbox');
  await expect(accepted).not.toHaveValue('');
  const before = await accepted.inputValue();
  expect(before).not.toContain('USD');
  await accepted.fill(`${before}, USD`);
  // Its button says that saving it sends the property again.
  await page.getByRole('form', { name: 'Currency rules' }).getByRole('button', { name: 'Save and send for review' }).click();
  await expect(page).toHaveURL(/\/properties\/property-submitted\?merchantId=/);
  await page.goto(`/properties/currency-rules?merchantId=${merchantId}`);
  await expect(page.getByRole('form', { name: 'Currency rules' }).locator('[data-field="acceptedCurrencies"]').getByRole('textbox')).toHaveValue(
    `${before}, USD`,
  );
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

  // The provider sets the property's fees on its fees page, then activates it.
  await page.getByRole('link', { name: 'Fees', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/properties/fees\\?merchantId=${merchantId}`));
  const schedule = page.getByRole('form', { name: 'New fee schedule' });
  await schedule.getByLabel('Fee model').selectOption('Blended');
  await schedule.getByLabel('Percentage').fill('1.6');
  await schedule.getByRole('button', { name: 'Save fee schedule' }).click();
  await expect(page.getByTestId('current-fee')).toContainText('Blended');
  await page.goto(`/properties/property-overview/${merchantId}`);
  await expect(page.getByTestId('next-step')).toHaveText('Next: the fees are set; activate the property.');
  await confirmAction(page, 'Activate', 'Activate');
  await expect(page.getByTestId('status-badge').first()).toHaveText('Active');
  await expect(page.getByTestId('property-activity').first()).toContainText('Activated');

  // The merchant admin finds the new hotel in the property switcher and works on it.
  await signInAs(page, 'merchantadmin@demo.folio.test');
  await page.goto('/home');
  const greeting = page.getByTestId('user-greeting');
  await greeting.click();
  const newHotel = page.getByTestId('other-hotels').getByRole('menuitem', { name: 'Tulip Garden Hotel' });
  await expect(newHotel).toBeVisible();
  await newHotel.click();
  await expect(page).toHaveURL(/\/property-management$/);
  await expect(greeting).toContainText('Tulip Garden Hotel');
});
