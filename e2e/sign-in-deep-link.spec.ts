import { expect, test, type Page } from './support/test';
import { DEMO_PASSWORD as PASSWORD } from '../server/demo/demo-layout';

// Issue 11: a deep link was lost at sign-in, and spec 7's sign-in pages under /api/auth answered 404.
const ADMIN = 'folioadmin@demo.folio.test';

async function fillSignIn(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a page opened signed out is the page shown after signing in, with its query', async ({ page }) => {
  await page.goto('/payouts?from=mail');
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fpayouts%3Ffrom%3Dmail$/);
  await fillSignIn(page, ADMIN);
  await expect(page).toHaveURL(/\/payouts\?from=mail$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
});

test("spec 7's sign-in page with SessionRequired says why and leads back to the page", async ({ page }) => {
  await page.goto('/api/auth/signin?error=SessionRequired&callbackUrl=%2Fpayouts');
  await expect(page).toHaveURL(/\/sign-in\?error=SessionRequired&callbackUrl=%2Fpayouts$/);
  await expect(page.getByText('Your session has ended. Sign in again to continue.')).toBeVisible();
  await fillSignIn(page, ADMIN);
  await expect(page).toHaveURL(/\/payouts$/);
});

test('a callbackUrl to another site is ignored: the user lands on the home of their role', async ({ page }) => {
  await page.goto('/sign-in?callbackUrl=https%3A%2F%2Fevil.example%2Fphish');
  await fillSignIn(page, ADMIN);
  await expect(page).toHaveURL(/\/kyc\/applications$/);
});

test("spec 7's error page explains the error and offers sign-in", async ({ page }) => {
  await page.goto('/api/auth/error?error=AccessDenied');
  await expect(page).toHaveURL(/\/auth-error\?error=AccessDenied$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Signing in did not work' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This account may not sign in here.');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});
