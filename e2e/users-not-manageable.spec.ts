import { expect, test, type Page } from './support/test';
import { signInAs } from './export-support/api';

// Decision 0347: a user the caller may not change opens with a sentence that says why, where the
// form would be. Read-only: the shared demo server.

async function openUser(page: Page, name: string) {
  await page.goto('/users');
  await page.getByRole('table').getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('a merchant admin reads why a legacy-role user and their own account offer no change; a provider admin gets the form', async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  // The demo's Lars Dekker holds Merchant, a role outside the picker: the provider admins' to manage.
  await openUser(page, 'Lars Dekker');
  await expect(page.getByTestId('not-manageable')).toHaveText(
    'The role Merchant is managed by provider administrators; ask them to change or deactivate this user.',
  );
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);

  const larsPage = page.url();
  await page.goto('/users');
  await page.getByRole('row').filter({ hasText: 'merchantadmin@demo.folio.test' }).getByRole('link').first().click();
  await expect(page.getByTestId('not-manageable')).toHaveText('This is your own account: another administrator changes your role, properties and status.');

  await signInAs(page, 'folioadmin@demo.folio.test');
  await page.goto(larsPage);
  await expect(page.getByRole('heading', { level: 1, name: 'Lars Dekker' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await expect(page.getByTestId('not-manageable')).toHaveCount(0);
});

test('a view-only user who opens the add-user address reads why instead of a form the server refuses', async ({ page }) => {
  await signInAs(page, 'merchantviewonlyuser@demo.folio.test');
  await page.goto('/users');
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add user' })).toHaveCount(0);
  await page.goto('/users/add-user');
  await expect(page.getByRole('heading', { level: 1, name: 'Add user' })).toBeVisible();
  await expect(page.getByTestId('read-only-reason')).toHaveText(
    'Your role can look at users, but not add them. Ask an administrator of your group if you need to.',
  );
  await expect(page.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await expect(page.getByLabel('E-mail')).toHaveCount(0);
});
