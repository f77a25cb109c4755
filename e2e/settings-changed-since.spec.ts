import { expect, test, type Page } from './support/test';
import { groupIdOf, PROVIDER_ADMIN, signInAs } from './export-support/api';

// Decision 0354: two people with one settings page open. The first save wins; the second is refused
// with nothing written, the page says so and keeps the second person's typing until they load the
// first person's values. Before, the second save silently replaced the first.

async function openProcessing(page: Page, groupId: string) {
  await page.goto(`/merchants/processing-settings?merchantGroupId=${groupId}`);
  const form = page.getByRole('form', { name: 'Processing settings' });
  await expect(form.getByLabel('Link expiry (hours)')).toBeVisible();
  return form;
}

test('the second of two people saving one settings page is told, loses nothing, and saves again from the current values', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const groupId = await groupIdOf(page, 'Emerald Isle Hotels');
  const colleague = await page.context().newPage();
  const mine = await openProcessing(page, groupId);
  const theirs = await openProcessing(colleague, groupId);

  await theirs.getByLabel('Link expiry (hours)').fill('30');
  await theirs.getByRole('button', { name: 'Save' }).click();
  await expect(theirs.getByRole('status')).toHaveText('Saved.');

  await mine.getByLabel('Link expiry (hours)').fill('50');
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(mine.getByTestId('changed-since')).toContainText('Someone else saved this page after you opened it, so your changes were not saved.');
  await expect(mine.getByRole('status')).toHaveCount(0);
  await expect(mine.getByLabel('Link expiry (hours)')).toHaveValue('50');

  await mine.getByRole('button', { name: 'Show the current settings' }).click();
  await expect(mine.getByLabel('Link expiry (hours)')).toHaveValue('30');
  await expect(mine.getByTestId('changed-since')).toHaveCount(0);
  await mine.getByLabel('Link expiry (hours)').fill('50');
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(mine.getByRole('status')).toHaveText('Saved.');

  await colleague.reload();
  await expect(colleague.getByRole('form', { name: 'Processing settings' }).getByLabel('Link expiry (hours)')).toHaveValue('50');
});
