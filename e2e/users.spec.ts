import { expect, test, type Browser, type BrowserContext, type Page } from './support/test';
import { DEMO_PASSWORD } from '../server/demo/demo-layout';
import { resetLinkIn, startSmtpPeer, type SmtpPeer } from '../testing/mail/smtp-peer';
import { usePrivateServer } from './support/private-server';

// Issue 19 "Done when", in Chromium against the real server: a merchant admin invites a property
// operations user for one property; the e-mailed link sets a password; the user sees only that
// property; widening to two shows both without signing in again; deactivation ends the open session.
// A server of its own: the story adds and deactivates users that other suites must not see.

let peer: SmtpPeer;
test.beforeAll(async () => {
  peer = await startSmtpPeer();
});
const server = usePrivateServer(40, () => ({ SMTP_URL: peer.url }));
test.afterAll(async () => {
  await peer?.close();
});

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('user-greeting')).toBeVisible();
}

// Each test's browsers close with it: a page left open keeps its live stream and timers running and
// takes the renderer's time from the tests after it.
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  opened.push(context);
  return context.newPage();
}

async function otherHotels(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const names = (await page.getByTestId('other-hotels').count()) ? await page.getByTestId('other-hotels').getByRole('menuitem').allInnerTexts() : [];
  await page.keyboard.press('Escape');
  return names.map((name) => name.trim());
}

test('a merchant admin invites a property operations user, widens their scope, then deactivates them; the user follows live', async ({ browser }) => {
  test.setTimeout(180_000);
  const email = 'nora.desk@example.test';
  const password = 'Front-desk-2027';
  const admin = await newPage(browser);
  await signIn(admin, 'merchantadmin@demo.folio.test');

  // The list shows the group's users; the picker offers merchant- and property-side roles only.
  await admin.goto('/users');
  await expect(admin.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'propertyoperations@demo.folio.test' })).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'folioadmin@demo.folio.test' })).toHaveCount(0);
  await admin.getByRole('link', { name: 'Add user' }).click();
  await expect(admin).toHaveURL(/\/users\/add-user$/);
  await expect(admin.getByRole('radio', { name: /Provider admin/ })).toHaveCount(0);
  const operations = admin.locator('label').filter({ has: admin.getByRole('radio', { name: /Property operations/ }) });
  await operations.getByText('What this allows').click();
  await expect(operations.getByRole('list', { name: 'What Property operations allows' })).toContainText('Transactions: read, create, change, delete');

  const before = peer.received.length;
  await admin.getByLabel('First name').fill('Nora');
  await admin.getByLabel('Last name').fill('Desk');
  await admin.getByLabel('E-mail').fill(email);
  await admin.getByRole('radio', { name: /Property operations/ }).check();
  await admin.getByRole('checkbox', { name: 'Canal House Amsterdam' }).check();
  await admin.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(admin.getByTestId('status-badge')).toHaveText('Invited');
  // The sentence says what was just done: the address no longer carries it, and a reload does not say it again.
  await expect(admin).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
  await admin.reload();
  await expect(admin.getByTestId('status-badge')).toHaveText('Invited');
  await expect(admin.getByText(`Invitation sent to ${email}.`)).toHaveCount(0);

  // The invitation's link sets the password through the create-password flow, once.
  const link = resetLinkIn((await peer.nextMailTo(email, { after: before })).text) ?? '';
  const user = await newPage(browser);
  await user.goto(new URL(link).pathname + new URL(link).search);
  await user.getByLabel('New password', { exact: true }).fill(password);
  await user.getByLabel('Confirm the new password').fill(password);
  await user.getByRole('button', { name: 'Set the password' }).click();
  await expect(user).toHaveURL(/\/create-password-successful$/);

  await signIn(user, email, password);
  await expect(user.getByTestId('active-property-name')).toHaveText('Canal House Amsterdam');
  expect(await otherHotels(user)).toEqual([]);

  // The admin widens the scope to two properties; the user's switcher shows both, still signed in.
  await admin.reload();
  await expect(admin.getByTestId('status-badge')).toHaveText('Active');
  await admin.getByRole('checkbox', { name: 'Dune Resort Scheveningen' }).check();
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText("Saved. The change applies to the user's next request.")).toBeVisible();
  // No reload: the user's next call carries the changed grants header and the switcher reads the list again (decision 0311).
  await user.evaluate(() => Object.assign(window, { notReloaded: true }));
  await user.getByTestId('side-menu').getByRole('link', { name: 'View transactions' }).click();
  await expect(user).toHaveURL(/\/transactions/);
  await expect.poll(() => otherHotels(user)).toEqual(['Dune Resort Scheveningen']);
  expect(await user.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await expect(user).not.toHaveURL(/\/sign-in/);

  // Deactivation, confirmed, ends the user's open session at once.
  await admin.getByRole('button', { name: 'Deactivate' }).click();
  await expect(admin.getByRole('dialog')).toContainText('Nora Desk is signed out at once');
  await admin.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(admin.getByTestId('status-badge')).toHaveText('Deactivated');
  const trail = admin.getByRole('region', { name: 'Audit trail' });
  await expect(trail.getByRole('listitem').first()).toContainText('Deactivated · by Daan Visser');
  await expect(trail).toContainText('Invited · by Daan Visser');

  await user.getByTestId('side-menu').getByRole('link', { name: 'Property management' }).click();
  await expect(user).toHaveURL(/\/sign-in/);
});

test('the last merchant admin of a group cannot be deactivated: the dialog says why', async ({ browser }) => {
  const provider = await newPage(browser);
  await signIn(provider, 'folioadmin@demo.folio.test');
  await provider.goto('/users?search=merchantadmin%40demo');
  await provider.getByRole('row').filter({ hasText: 'merchantadmin@demo.folio.test' }).getByRole('link').click();
  await expect(provider).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
  await provider.getByRole('button', { name: 'Deactivate' }).click();
  await provider.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(provider.getByRole('dialog')).toContainText('is the last active merchant admin of Lagoon Hotels Group. Make another user merchant admin first.');
});

test('UserManagement: the picker offers no provider-side role and no merchant admin', async ({ browser }) => {
  const manager = await newPage(browser);
  await signIn(manager, 'usermanagement@demo.folio.test');
  await manager.goto('/users/add-user');
  await expect(manager.getByRole('radio', { name: /Property operations/ })).toBeVisible();
  for (const role of [/Provider admin/, /Provider user/, /Provider bot/, /Merchant admin/])
    await expect(manager.getByRole('radio', { name: role })).toHaveCount(0);
});

test('two admins changing one user: the second is told, loses nothing, and saves again from the current access', async ({ browser }) => {
  const first = await newPage(browser);
  await signIn(first, 'merchantadmin@demo.folio.test');
  await first.goto('/users');
  await first.getByRole('row').filter({ hasText: 'propertyviewonlyuser@demo.folio.test' }).getByRole('link').first().click();
  await expect(first.getByLabel('Last name')).toBeVisible();
  const second = await first.context().newPage();
  await second.goto(first.url());
  await expect(second.getByLabel('Last name')).toBeVisible();

  await first.getByLabel('Last name').fill('Visser-Smit');
  await first.getByRole('button', { name: 'Save changes' }).click();
  await expect(first.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  // Decision 0355: the page opened before that save does not undo it.
  await second.getByLabel('First name').fill('Femke');
  await second.getByRole('button', { name: 'Save changes' }).click();
  await expect(second.getByTestId('changed-since')).toContainText('Someone else changed this user after you opened the page');
  await expect(second.getByLabel('First name')).toHaveValue('Femke');
  await second.getByRole('button', { name: 'Show their current access' }).click();
  await expect(second.getByLabel('Last name')).toHaveValue('Visser-Smit');
  await expect(second.getByTestId('changed-since')).toHaveCount(0);
  await second.getByLabel('First name').fill('Femke');
  await second.getByRole('button', { name: 'Save changes' }).click();
  await expect(second.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('Femke Visser-Smit');
});
