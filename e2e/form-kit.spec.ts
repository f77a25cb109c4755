import { expect, test } from './support/test';
import { PROVIDER_ADMIN, signInAs } from './export-support/api';

// The form kit (src/components/form/, decision 0400) in Chromium against the real server: a double
// click on a form's submit sends one request, and a double click on the button that opens a dialog
// leaves the dialog open.

test('a double click on a form submit sends one request', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  await page.goto('/users/sign-in-security');
  const requirement = page.getByRole('checkbox', { name: /Require two-step sign-in for provider roles/ });
  await expect(requirement).toBeVisible();
  // Saving the policy as it stands (off in demo mode) changes nothing for other suites on this server.
  await expect(requirement).not.toBeChecked();
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/sign-in-policy')) saves.push(request.url());
  });
  // The server answers slowly enough that the second click lands while the first request runs.
  await page.route('**/sign-in-policy', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Save' }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(saves).toHaveLength(1);
});

test('a double click on the button that opens a dialog leaves it open', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Export', exact: true }).dblclick();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Export' })).toBeVisible();
  // The second click, landing on the dialog that the first opened, selects no word of it.
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  // Still open once the second click has had every chance to close it: a checkbox in it can be used.
  await dialog.getByRole('button', { name: 'Select none' }).click();
  await expect(dialog.getByRole('checkbox').first()).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
