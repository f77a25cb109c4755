import { expect, test, type Page } from './support/test';
import { groupIdOf, PROVIDER_ADMIN, signInAs } from './export-support/api';

// Issue 17 "Done when": for an Active group a provider admin walks through the merchant wizard,
// reloads in the middle and resumes, and finishes; every step saved the group's settings, which
// the pages then show. Real server, real Chromium.

const heading = (page: Page, number: number, title: string) => page.getByRole('heading', { level: 2, name: `Step ${number} of 8: ${title}` });
const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Save and continue' });

test('a provider admin completes the merchant wizard of an Active group, resuming after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, PROVIDER_ADMIN);
  const groupId = await groupIdOf(page, 'Kastro Island Resorts');
  await page.goto(`/merchants/currency-rules?merchantGroupId=${groupId}&isOnboarding=true`);

  await expect(heading(page, 1, 'Currency rules')).toBeVisible();
  // Each step names the group it sets up and leads back to it (issue 34).
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Merchant group Kastro Island Resorts' })).toBeVisible();
  await page.getByLabel('Accepted currencies (ISO codes, separated by commas)').fill('EUR, USD');
  await page.getByLabel('Settlement currency').fill('EUR');
  await saveAndContinue(page).click();

  await expect(heading(page, 2, 'Location settings')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/merchants/location-settings\\?merchantGroupId=${groupId}&isOnboarding=true$`));
  await page.getByLabel('Time zone (for example Europe/Amsterdam)').fill('Mars/Olympus');
  await page.getByLabel('Contact name').fill('Front desk');
  await page.getByLabel('Contact e-mail').fill('desk@kastro.example');
  await page.getByLabel('Contact phone').fill('+30 22860 00000');
  await saveAndContinue(page).click();
  await expect(page.getByText('Choose a time zone.')).toBeVisible();
  await expect(heading(page, 2, 'Location settings')).toBeVisible();
  await page.getByLabel('Time zone (for example Europe/Amsterdam)').fill('Europe/Athens');
  await saveAndContinue(page).click();
  await expect(heading(page, 3, 'Payment settings')).toBeVisible();
  // The address follows the step just after it shows: reload once it does, as a user would.
  await expect(page).toHaveURL(/\/merchants\/payment-settings\?/);

  // Reload in the middle: the wizard resumes at the first step not done yet, with the earlier ones kept.
  await page.reload();
  await expect(heading(page, 3, 'Payment settings')).toBeVisible();
  const progress = page.getByRole('navigation', { name: 'Merchant wizard progress' });
  await expect(progress.getByRole('button', { name: '1. Currency rules (done)' })).toBeVisible();
  await expect(progress.getByRole('button', { name: '2. Location settings (done)' })).toBeVisible();

  await page.getByRole('checkbox', { name: 'Pay later' }).check();
  // A move off the step with typing not saved asks first (decision 0353); staying keeps the typing.
  await progress.getByRole('button', { name: '2. Location settings (done)' }).click();
  const leave = page.getByTestId('confirm-dialog');
  await expect(leave).toContainText('Leave this step without saving?');
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(heading(page, 3, 'Payment settings')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Pay later' })).toBeChecked();
  await saveAndContinue(page).click();
  await expect(heading(page, 4, 'Processing settings')).toBeVisible();
  await page.getByRole('checkbox', { name: 'WeChat Pay' }).check();
  await saveAndContinue(page).click();

  await expect(heading(page, 5, 'Fees')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(heading(page, 6, 'Payout e-mails')).toBeVisible();
  await page.getByLabel('To (separated by commas)').fill('payouts@kastro.example');
  await saveAndContinue(page).click();

  await expect(heading(page, 7, 'OWS settings')).toBeVisible();
  await page.getByLabel('PMS integration').selectOption('Ows');
  await page.getByRole('checkbox', { name: 'Post payments to the PMS' }).check();
  await page.getByRole('checkbox', { name: 'Checked in' }).check();
  await saveAndContinue(page).click();

  await expect(heading(page, 8, 'E-mail settings')).toBeVisible();
  await page.locator('[name=server]').fill('smtp.kastro.example');
  await page.locator('[name=port]').fill('587');
  await page.locator('[name=username]').fill('mailer');
  await page.locator('[name=password]').fill('mailer-secret-1');
  await page.locator('[name=senderEmail]').fill('hello@kastro.example');
  // The last step's save finishes the wizard, and its button says so.
  await expect(saveAndContinue(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save and finish the wizard' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'The merchant wizard is finished.' })).toBeVisible();

  // The pages show what the wizard saved.
  await page.goto(`/merchants/processing-settings?merchantGroupId=${groupId}`);
  await expect(page.getByRole('checkbox', { name: 'WeChat Pay' })).toBeChecked();
  await page.goto(`/merchants/currency-rules?merchantGroupId=${groupId}&isOnboarding=true`);
  await expect(page.getByTestId('merchant-wizard-locked')).toHaveText('The merchant wizard is finished: change each setting on its page.');
});

test('the wizard of a group that is not Active is locked and says why', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const groupId = await groupIdOf(page, 'Iberia Boutique');
  await page.goto(`/merchants/currency-rules?merchantGroupId=${groupId}&isOnboarding=true`);
  await expect(page.getByTestId('merchant-wizard-locked')).toHaveText('The merchant wizard opens once the merchant group is Active; it is Contract signed.');
  await expect(page.getByRole('form')).toHaveCount(0);
});
