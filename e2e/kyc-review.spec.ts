import { expect, test, type Page } from './support/test';
import { signInAs } from './kyc-support/sign-in';
import { usePrivateServer } from './support/private-server';

// Issue 11 on the KYC review: consequential actions ask first; the review shows what the wizard
// showed (no "ubo", no slugs, one birth date); the resubmission dialog follows the wizard's order;
// an unknown application id says so at once.
const REVIEWER = 'folioadmin@demo.folio.test';

// The story changes seeded applications' statuses, so it runs on a database of its own.
// Not 17: 4173 + 17 = 4190 is a port browsers and fetch refuse (ManageSieve, on the Fetch standard's bad-port list).
usePrivateServer(19);
test.describe.configure({ mode: 'serial' });

async function openApplication(page: Page, name: string) {
  await signInAs(page, REVIEWER);
  await page.goto('/kyc/applications');
  await page.getByRole('link', { name: `Open ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('start review and approve ask first: cancel changes nothing, confirming changes the status', async ({ page }) => {
  const transitions: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/transitions')) transitions.push(request.postData() ?? '');
  });
  await openApplication(page, 'Baltic Inns');
  const badge = page.getByTestId('status-badge').first();
  await expect(badge).toHaveText('Pending');
  const actions = page.getByRole('region', { name: 'Actions' });
  await actions.getByRole('button', { name: 'Start review', exact: true }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByRole('heading', { name: 'Start the review?' })).toBeVisible();
  await expect(confirm).toContainText('Baltic Inns moves to In review.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(badge).toHaveText('Pending');
  expect(transitions).toEqual([]);
  await actions.getByRole('button', { name: 'Start review', exact: true }).click();
  await confirm.getByRole('button', { name: 'Start review', exact: true }).click();
  await expect(badge).toHaveText('In review');
  await actions.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(confirm.getByRole('heading', { name: 'Approve this application?' })).toBeVisible();
  expect(transitions).toHaveLength(1);
  await confirm.getByRole('button', { name: 'Approve', exact: true }).dblclick();
  await expect(badge).toHaveText('Contract Pending');
  expect(transitions.map((body) => JSON.parse(body).action)).toEqual(['startReview', 'approve']);
});

test('the review shows the words the applicant chose, and one birth date per person', async ({ page }) => {
  await openApplication(page, 'Danube Hospitality');
  const stakeholders = page.getByRole('region', { name: 'Company stakeholders' });
  const role = stakeholders.locator('dt', { hasText: /^Role$/ }).first();
  await expect(role.locator('xpath=following-sibling::dd[1]')).toHaveText('Ultimate beneficial owner');
  const born = stakeholders.locator('dt', { hasText: /^Date of birth$/ });
  await expect(born).toHaveCount(1);
  await expect(born.locator('xpath=following-sibling::dd[1]')).toHaveText('June 14, 1972');
  await expect(stakeholders.locator('dt', { hasText: /^(Day|Month|Year)$/ })).toHaveCount(0);
  const processing = page.getByRole('region', { name: 'Processing details' });
  await expect(processing).toContainText('Visa/Mastercard UK and Europe, Amex/Discover/Diners');
  await expect(processing).toContainText('€180,000');
  const everything = await page.getByRole('main').innerText();
  // (File names such as ubo-passport.pdf are the applicant's own words.)
  expect(everything).not.toMatch(/(?<![\w-])ubo(?![\w-])|visa-mastercard-uk-europe|amex-discover-diners/);
  const signatory = page.getByRole('region', { name: 'Submit application' });
  await expect(signatory.locator('dt')).toContainText(['First name', 'Last name', 'Date of birth', 'Country of residence', 'Home address', 'E-mail']);
  // A flag on a field is named as the wizard names the step and its fields, not by its path.
  const flags = page.getByRole('region', { name: 'Open resubmission requests' });
  await expect(flags.getByRole('listitem').filter({ hasText: 'does not match the certificate' })).toHaveText(
    'Company details: Business address › Postal code: The postal code does not match the certificate',
  );
  expect(await flags.innerText()).not.toContain('company-details');
});

test('the resubmission dialog lists each step in the order the wizard asks', async ({ page }) => {
  await openApplication(page, 'Coastline Stays');
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Send for resubmission' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send for resubmission' });
  const signatory = dialog.getByRole('group', { name: 'Submit application' });
  const labels = (await signatory.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.textContent ?? ''))).map((text) =>
    text.replace(/^Flag Submit application: /, ''),
  );
  const order = ['First name', 'Last name', 'Date of birth', 'Country of residence', 'Home address', 'E-mail', 'Job title'];
  expect(order.map((name) => labels.indexOf(name))).toEqual([...order.map((name) => labels.indexOf(name))].sort((a, b) => a - b));
  expect(labels).not.toContain('Day');
  // One "Date of birth" flag covers day, month and year.
  const sent = page.waitForRequest((request) => request.url().endsWith('/transitions'));
  await signatory.getByLabel('Flag Submit application: Date of birth').check();
  await dialog.getByLabel('Reason for Submit application: Date of birth').fill('The date does not match the ID card');
  await dialog.getByRole('button', { name: 'Send to applicant' }).click();
  const body = JSON.parse((await sent).postData() ?? '{}') as { flags: { target: string }[] };
  expect(body.flags.map((flag) => flag.target)).toEqual([
    'authorised-signatory.dayOfBirth',
    'authorised-signatory.monthOfBirth',
    'authorised-signatory.yearOfBirth',
  ]);
  await expect(page.getByTestId('status-badge').first()).toHaveText('Sent for resubmission');
});

test('an unknown application id says so at once, asked once, with the menu still marking KYC applications', async ({ page }) => {
  await signInAs(page, REVIEWER);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/payment-api/v2/kyc/applications/8a0d7a5e-')) asked.push(request.url());
  });
  const started = Date.now();
  await page.goto('/kyc/applications/8a0d7a5e-0000-4000-8000-000000000000');
  await expect(page.getByTestId('not-found')).toHaveText(/There is no KYC application with this id/, { timeout: 3000 });
  expect(Date.now() - started).toBeLessThan(5000);
  await expect(page.getByRole('heading', { level: 1, name: 'Application not found' })).toBeVisible();
  expect(asked).toHaveLength(1);
  await expect(page.getByTestId('side-menu').getByRole('link', { name: 'KYC applications' })).toHaveAttribute('aria-current', 'page');
});
