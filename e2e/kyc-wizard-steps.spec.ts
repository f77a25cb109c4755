import { expect, test } from './support/test';
import { apiSignIn, completeApplication, myGroupId } from './kyc-support/api-applicant';
import { signInAs } from './kyc-support/sign-in';
import { usePrivateServer } from './support/private-server';

// Issue 11 in the applicant's wizard: a completed step's address opens that step (also after a
// reload) with the KYC menu item still marked; /kyc/application-success tells the truth about an
// application that was not submitted; submitting runs under spec 2's loading overlay.
const APPLICANT = 'applicant@demo.folio.test';

// The story ends with the application submitted, so it runs on a database of its own.
const server = usePrivateServer(18);
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  // Every step filled in and valid; still Created (not submitted), so the wizard resumes at the last step.
  const applicant = await apiSignIn(server.baseURL, APPLICANT);
  await completeApplication(applicant, await myGroupId(applicant));
  await applicant.context.dispose();
});

test('a completed step opens at its own address, also after a reload, with the KYC menu item marked', async ({ page }) => {
  await signInAs(page, APPLICANT);
  await page.goto('/kyc/company-details');
  await expect(page.getByRole('heading', { level: 2, name: 'Company details' })).toBeVisible();
  await expect(page).toHaveURL(/\/kyc\/company-details$/);
  await expect(page.getByLabel('Legal business name')).toHaveValue('Alpine Lodges GmbH');
  await expect(page.getByTestId('side-menu').getByRole('link', { name: 'KYC' })).toHaveAttribute('aria-current', 'page');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Company details' })).toBeVisible();
  await expect(page).toHaveURL(/\/kyc\/company-details$/);
  // Moving on still works from there.
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/kyc\/business-information$/);
});

test('the success page of an application not yet submitted opens the wizard where it continues', async ({ page }) => {
  await signInAs(page, APPLICANT);
  await page.goto('/kyc/application-success');
  await expect(page).toHaveURL(/\/kyc\/authorised-signatory$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Submit application' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Application submitted' })).toHaveCount(0);
});

test('submitting runs under the loading overlay, and then the success page says submitted', async ({ page }) => {
  await signInAs(page, APPLICANT);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/merchants/confirmation/*/submit', async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/kyc/authorised-signatory');
  await page.getByRole('button', { name: 'Submit application', exact: true }).click();
  const overlay = page.getByTestId('loading-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveText('Submitting your application…');
  release();
  await expect(page).toHaveURL(/\/kyc\/application-success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Application submitted' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Current status: Pending' })).toBeVisible();
  await expect(overlay).toHaveCount(0);
  // Opened again later, the page still tells the truth.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Application submitted' })).toBeVisible();
});
