import { expect, test, type Page } from './support/test';
import { resetLinkIn, startSmtpPeer, type SmtpPeer } from '../testing/mail/smtp-peer';
import { usePrivateServer } from './support/private-server';
import { DEMO_PASSWORD as PASSWORD } from '../server/demo/demo-layout';

// Sign-in, wrong password, forgot/reset password and sign-out in Chromium against the real server
// (issue 2 "Done when"). The e2e database is shared by every spec of a run, so the reset test uses
// an account no other spec signs in with.
const ADMIN = 'folioadmin@demo.folio.test';

async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a demo user signs in through /sign-in and leaves the sign-in page', async ({ page }) => {
  await signInThroughForm(page, ADMIN, PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
  await expect(page.getByText(/Bram/).first()).toBeVisible();
});

test('a wrong password shows one clear message and stays on sign-in', async ({ page }) => {
  await signInThroughForm(page, ADMIN, 'Wrong-pass-2026');
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is incorrect. Check both and try again.');
  await expect(page).toHaveURL(/\/sign-in/);
  // An unknown address gets the very same message.
  await signInThroughForm(page, 'nobody@demo.folio.test', 'Wrong-pass-2026');
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is incorrect. Check both and try again.');
});

test('the sign-in form checks its fields before calling the server', async ({ page }) => {
  const signInPosts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/callback/')) signInPosts.push(request.url());
  });
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill('not-an-address');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await expect(page.getByText('Enter your password')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(signInPosts).toEqual([]);
  // The first refused field takes the focus; after a submit, each error follows what is typed.
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.getByLabel('E-mail').fill(ADMIN);
  await expect(page.getByText('Enter a valid e-mail address')).toBeHidden();
  await expect(page.getByText('Enter your password')).toBeVisible();
});

test.describe('on a database of its own', () => {
  // Changing a demo password would break every later suite that signs in with it.
  // The users' mail server: the reset e-mail arrives over SMTP, as it does for a user (decision 0173).
  let peer: SmtpPeer;
  test.beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  usePrivateServer(10, () => ({ SMTP_URL: peer.url }));
  test.afterAll(async () => {
    await peer.close();
  });

  test('forgot password: the e-mailed link sets a new password that then works, and the old one fails', async ({ page }) => {
    const email = 'propertyoperations@demo.folio.test';
    const newPassword = 'Harbour-view-2027';
    const before = peer.received.length;

    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByTestId('decorative-graphic')).toBeVisible();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page).toHaveURL(/\/forgot-password-successful$/);
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await expect(page.getByTestId('decorative-graphic')).toBeVisible();

    const link = resetLinkIn((await peer.nextMailTo(email, { after: before })).text) ?? '';
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/create-password\?token=/);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    const policy = page.getByRole('list', { name: 'Your password needs' });
    await expect(policy.getByRole('listitem')).toHaveText([/at least 12 characters/, /a lower-case letter/, /an upper-case letter/, /a digit/]);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await expect(policy.getByRole('listitem').filter({ hasText: 'a lower-case letter' })).toContainText('(done)');
    await expect(policy.getByRole('listitem').filter({ hasText: 'at least 12 characters' })).toContainText('(missing)');
    await page.getByLabel('Confirm the new password').fill('short');
    await page.getByRole('button', { name: 'Set the password' }).click();
    await expect(page.getByText('The password does not meet every rule above')).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm the new password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Set the password' }).click();
    await expect(page.getByText('The two passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set the password' }).click();
    await expect(page).toHaveURL(/\/create-password-successful$/);
    await expect(page.getByRole('heading', { name: 'Your new password is set' })).toBeVisible();
    await expect(page.getByTestId('decorative-graphic')).toBeVisible();

    // The link works once.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('alert')).toContainText('This link no longer works');
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');

    await signInThroughForm(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is incorrect. Check both and try again.');
    await signInThroughForm(page, email, newPassword);
    await expect(page).not.toHaveURL(/\/sign-in/);
  });
});

test('a create-password link without a valid token says so and offers to ask again', async ({ page }) => {
  await page.goto('/create-password?token=not-a-real-token');
  await expect(page.getByRole('alert')).toContainText('This link no longer works');
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('the password pages are full height on a dark background without padding', async ({ page }) => {
  for (const path of ['/forgot-password', '/forgot-password-successful', '/create-password-successful', '/create-password?token=x']) {
    await page.goto(path);
    const main = page.getByRole('main');
    // Measured once the screen has drawn: while the session check runs, the page shows no screen yet.
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    const box = await main.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        height: element.getBoundingClientRect().height,
        viewport: window.innerHeight,
        padding: style.padding,
        background: style.backgroundColor,
      };
    });
    expect(box.height, path).toBeGreaterThanOrEqual(box.viewport);
    expect(box.padding, path).toBe('0px');
    const [r, g, b] = (box.background.match(/\d+/g) ?? []).map(Number);
    expect((r ?? 255) + (g ?? 255) + (b ?? 255), `${path} background ${box.background}`).toBeLessThan(200);
  }
});

test('sign-out returns to /sign-in and a reload stays signed out', async ({ page }) => {
  await signInThroughForm(page, ADMIN, PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
  const session = await page.request.get('/api/auth/session');
  expect(await session.json()).toEqual({});
});

test('signing out in one tab signs the other tab out too', async ({ page, context }) => {
  await signInThroughForm(page, ADMIN, PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByText(/Welcome, Bram/)).toBeVisible();
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(other).toHaveURL(/\/sign-in$/);
});
