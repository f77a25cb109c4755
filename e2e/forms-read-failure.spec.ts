import { expect, test, type Page } from './support/test';
import { MERCHANT_API } from '../contract/product';
import { groupIdOf, PROVIDER_ADMIN, signInAs } from './export-support/api';

// A settings form whose read answered once and then fails to answer again keeps the form and what the
// user typed, and says the values could not be loaded again. Before, the failure took the form's place
// and the typing was gone. A first read that fails still says why there is no form. Nothing is saved.

/** The connection drops and comes back: the screen's reads are fetched again. Resolves once `read` has answered (or failed). */
async function reconnect(page: Page, read: string) {
  const answered = page.waitForResponse((response) => response.url().includes(read));
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  await answered;
}

const UNAVAILABLE = {
  status: 503,
  contentType: 'application/problem+json',
  body: JSON.stringify({ title: 'Service Unavailable', status: 503, detail: 'The server is restarting.' }),
};

/** Pages whose form is built from one read: where it is, the read's address, and a field to type into. */
const PAGES = [
  {
    name: 'processing settings',
    page: 'processing-settings',
    form: 'Processing settings',
    read: (groupId: string) => `/merchant-group-settings/${groupId}/processing`,
    field: 'Link expiry (hours)',
    typed: '55',
  },
  { name: 'e-mail settings', page: 'email-settings', form: 'E-mail delivery', read: () => '/merchant-smtp/search', field: 'Sender name', typed: 'Front desk' },
  {
    name: 'webhook settings',
    page: 'webhook-configuration',
    form: 'Webhooks',
    read: () => '/webhooks/search',
    field: 'Webhook URL',
    typed: 'https://hooks.example.test/mine',
  },
];

for (const settings of PAGES) {
  test(`the ${settings.name} page keeps what the user typed when its read fails to answer again, and says so`, async ({ page }) => {
    await signInAs(page, PROVIDER_ADMIN);
    const groupId = await groupIdOf(page, 'Emerald Isle Hotels');
    const path = `${MERCHANT_API}${settings.read(groupId)}`;
    await page.goto(`/merchants/${settings.page}?merchantGroupId=${groupId}`);
    const form = page.getByRole('form', { name: settings.form });
    const field = form.getByRole('textbox', { name: settings.field, exact: true });
    await expect(field).toBeVisible();
    await field.fill(settings.typed);

    // The server cannot answer the read again: the form and the typing stay; the page says what happened.
    await page.route(`**${path}`, (route) => route.fulfill(UNAVAILABLE));
    await reconnect(page, path);
    const again = page.getByTestId('read-failed-again');
    await expect(again).toContainText('These values could not be loaded again');
    await expect(form).toBeVisible();
    await expect(field).toHaveValue(settings.typed);

    // The server answers again: the notice goes, the typing is still there.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await reconnect(page, path);
    await expect(again).toHaveCount(0);
    await expect(field).toHaveValue(settings.typed);
  });
}

test('a settings page whose first read fails says why there is no form', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const groupId = await groupIdOf(page, 'Emerald Isle Hotels');
  await page.route(`**${MERCHANT_API}/merchant-group-settings/${groupId}/processing`, (route) => route.fulfill(UNAVAILABLE));
  await page.goto(`/merchants/processing-settings?merchantGroupId=${groupId}`);
  await expect(page.getByTestId('read-failed')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Processing settings' })).toHaveCount(0);
});
