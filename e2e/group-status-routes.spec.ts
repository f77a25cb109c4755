import { expect, test, type Page } from './support/test';
import { signInAs } from './kyc-support/sign-in';

// Issue 11: the applicant (merchant group Created) opened /transactions and /users by typing them although
// the menu hides them. Route access follows the menu's merchant-group-status rule (spec 2; decision 0183):
// a typed address the rule closes lands on the role's home, and the shell asks the server for nothing it
// would refuse. Real server, real database, real Chromium.

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Every API answer of 403 the page receives, to prove the shell does not call what the group may not. */
function refusedCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return refused;
}

test('the applicant typing /transactions or /users lands on their home, which offers only KYC', async ({ page }) => {
  const refused = refusedCalls(page);
  await signInAs(page, 'applicant@demo.folio.test');
  for (const typed of ['/transactions', '/users', '/payouts', '/property-management']) {
    await page.goto(typed);
    await expect.poll(() => pathOf(page), { message: typed }).toBe('/home');
    await expect(page.getByTestId('user-greeting')).toBeVisible();
  }
  await expect(page.getByTestId('side-menu').locator('[data-menu-item]')).toHaveText(['KYC']);
  await expect(page.getByRole('link', { name: 'View transactions' })).toHaveCount(0);
  // The KYC pages stay open while the group onboards.
  await page.goto('/kyc/company-details');
  await expect.poll(() => pathOf(page)).toBe('/kyc/company-details');
  expect(refused).toEqual([]);
});

test('the admin of an Active group keeps transactions and is sent home from the KYC wizard', async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  await page.goto('/transactions');
  await expect(page.getByTestId('user-greeting')).toBeVisible();
  await expect.poll(() => pathOf(page)).toBe('/transactions');
  await page.goto('/kyc/company-details');
  await expect.poll(() => pathOf(page)).toBe('/home');
});
