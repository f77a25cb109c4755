import { expect, test, type Page } from './support/test';
import { MERCHANT_API } from '../contract/product';
import { VERSION_HEADER } from '../contract/versions';
import { apiOf, signInAs } from './export-support/api';
import { usePrivateServer } from './support/private-server';

// Decision 0684: the property managers page saves the choice it was built from, naming its version. When someone
// else changed the property's managers after the page read them, the save is refused with the changed-since notice,
// nothing is written, the user's choice stays until they ask for the current managers, and made again on those it
// is saved. Before, the save went through on top of theirs without a word. It saves: a database of its own.

usePrivateServer(66);

interface PropertyManagers {
  version: string;
  managers: Array<{ userId: string; email: string; properties: Array<{ merchantId: string }> }>;
}

/** The property's managers as the server has them now, by e-mail: whether each covers the property. */
async function stored(page: Page, merchantId: string): Promise<Record<string, boolean>> {
  const answer = (await (await apiOf(page)).get(`${MERCHANT_API}/property-managers/${merchantId}`)) as PropertyManagers;
  return Object.fromEntries(answer.managers.map((user) => [user.email, user.properties.some((property) => property.merchantId === merchantId)]));
}

test("a property managers save made after someone else changed them is refused in words, keeps the user's choice, and theirs stays", async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  const api = await apiOf(page);
  // The active property, from the page's own read.
  const firstRead = page.waitForRequest((request) => request.url().includes(`${MERCHANT_API}/property-managers/`));
  await page.goto('/properties/property-manager');
  const merchantId = new URL((await firstRead).url()).pathname.split('/').pop() ?? '';
  // A second manager to choose, covering another of the group's properties.
  const properties = (await api.get(`${MERCHANT_API}/user-merchant-permissions/properties`)) as Array<{ merchantId: string }>;
  const elsewhere = properties.find((property) => property.merchantId !== merchantId);
  if (!elsewhere) throw new Error('the group has one property only');
  await api.post(`${MERCHANT_API}/users`, {
    firstName: 'Xena',
    lastName: 'Extra',
    email: 'xena.extra@example.test',
    role: 'PropertyManager',
    merchantIds: [elsewhere.merchantId],
  });
  await page.reload();
  const form = page.getByRole('form', { name: 'Property managers' });
  const demoManager = form.getByRole('checkbox', { name: /\(propertymanager@demo\.folio\.test\)$/ });
  const xena = form.getByRole('checkbox', { name: /\(xena\.extra@example\.test\)$/ });
  await expect(demoManager).toBeChecked();
  await expect(xena).not.toBeChecked();

  // Someone else takes the property from the demo manager, after the page read the managers.
  const { accessToken } = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const theirs = (await api.get(`${MERCHANT_API}/property-managers/${merchantId}`)) as PropertyManagers;
  const taken = await page.request.put(`${MERCHANT_API}/property-managers/${merchantId}`, {
    headers: { Authorization: `Bearer ${accessToken}`, [VERSION_HEADER]: theirs.version },
    data: { userIds: [] },
  });
  expect(taken.ok(), await taken.text()).toBe(true);

  // The page, still showing the demo manager, adds Xena: refused, nothing written, the choice stays.
  await xena.check();
  await form.getByRole('button', { name: 'Save' }).click();
  const notice = form.getByTestId('changed-since');
  await expect(notice).toContainText('Someone else saved this page after you opened it, so your changes were not saved.');
  await expect(xena).toBeChecked();
  await expect(demoManager).toBeChecked();
  expect(await stored(page, merchantId)).toMatchObject({ 'propertymanager@demo.folio.test': false, 'xena.extra@example.test': false });

  // Their managers when asked; the choice made again on them is saved, and theirs stays.
  await notice.getByRole('button', { name: 'Show the current settings' }).click();
  await expect(demoManager).not.toBeChecked();
  await expect(xena).not.toBeChecked();
  await expect(notice).toHaveCount(0);
  await xena.check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  expect(await stored(page, merchantId)).toMatchObject({ 'propertymanager@demo.folio.test': false, 'xena.extra@example.test': true });
});

test('a view-only user sees who manages the property and is offered no change the server would refuse', async ({ page }) => {
  await signInAs(page, 'merchantviewonlyuser@demo.folio.test');
  await page.goto('/properties/property-manager');
  const form = page.getByRole('form', { name: 'Property managers' });
  await expect(form.getByRole('checkbox', { name: /\(propertymanager@demo\.folio\.test\)$/ })).toBeDisabled();
  await expect(form.getByText('Your role can see who manages this property, but not change it.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save' })).toHaveCount(0);
});
