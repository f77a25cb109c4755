import { expect, test, type Browser, type BrowserContext, type Page } from './support/test';
import { base32Decode, totpAt } from '../server/auth/totp';
import { DEMO_PASSWORD } from '../server/demo/demo-layout';
import { usePrivateServer } from './support/private-server';

// Issue 19 "Two-step sign-in", in Chromium against the real server: the user menu's screen turns it
// on with a code the test computes like an authenticator app (RFC 6238, the server's own TOTP), the
// recovery codes are shown once, the next sign-in asks for the code (a wrong one is refused and
// counted), and it turns off again with the password. Then the sign-in policy (decision 0310): a
// provider admin requires it for provider roles, and a provider user without it is held at its set-up.
// A server of its own: two-step sign-in and the policy change how demo accounts sign in.

const server = usePrivateServer(44);

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

async function passwordStep(page: Page, email: string) {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function openTwoStepFromUserMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Two-step sign-in' }).click();
  await expect(page).toHaveURL(/\/account\/two-step$/);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in', level: 1 })).toBeVisible();
}

/** Set-up on the screen: the QR code and the key as text; the key read off the screen gives the app's code. */
async function turnOnWithApp(page: Page): Promise<(offsetSeconds: number) => string> {
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await page.getByTestId('two-step-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const code = (offsetSeconds: number) => totpAt(base32Decode(secret), Date.now() / 1000 + offsetSeconds);
  await page.getByLabel('Code from your app').fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('The code is not right. Check that the time on your phone is correct and enter the newest code.')).toBeVisible();
  await page.getByLabel('Code from your app').fill(code(0));
  await page.getByRole('button', { name: 'Turn on' }).click();
  return code;
}

test('a user turns two-step sign-in on from the user menu, signs in with password and code, and turns it off with the password', async ({ browser }) => {
  test.setTimeout(120_000);
  const email = 'propertymanager@demo.folio.test';
  const page = await newPage(browser);
  await passwordStep(page, email);
  await expect(page.getByTestId('user-greeting')).toBeVisible();
  await openTwoStepFromUserMenu(page);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in is off' })).toBeVisible();
  const code = await turnOnWithApp(page);

  // The recovery codes, this once, to copy or download.
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const first = ((await codes.first().textContent()) ?? '').trim();
  expect(first).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('folio-recovery-codes.txt');
  await page.getByRole('button', { name: 'Done, I have saved them' }).click();
  await expect(page.getByTestId('two-step-state')).toHaveText('Signing in asks for a code from your app. 10 recovery codes left.');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);

  // Sign out; the password alone no longer opens the back office.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await passwordStep(page, email);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('The code is not right. Enter the newest code your app shows; you have 4 tries left.');
  // The code that turned it on is spent (no replay); the app's next one signs in.
  await page.getByLabel('Code').fill(code(30));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('user-greeting')).toBeVisible();
  await expect(page).not.toHaveURL(/\/sign-in/);

  // Off again, confirmed with the password (a wrong one is refused on its field).
  await openTwoStepFromUserMenu(page);
  await page.getByRole('radio', { name: 'My password' }).check();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-my-password');
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('The password is not right. Enter the password you sign in with.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in is off' })).toBeVisible();
});

test('the sign-in policy: a provider admin requires two-step sign-in for provider roles; a provider user without it is held at its set-up', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await newPage(browser);
  await passwordStep(admin, 'folioadmin@demo.folio.test');
  await expect(admin.getByTestId('user-greeting')).toBeVisible();
  await admin.goto('/users');
  await admin.getByRole('link', { name: 'Sign-in security' }).click();
  await expect(admin).toHaveURL(/\/users\/sign-in-security$/);
  const requirement = admin.getByRole('checkbox', { name: /Require two-step sign-in for provider roles/ });
  await expect(requirement).not.toBeChecked();
  await expect(admin.getByText('this is the default (off in demo mode, on otherwise)')).toBeVisible();
  // Not before the admin has it on: the policy would stop them at once.
  await requirement.check();
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(
    admin.getByText('Turn on two-step sign-in for yourself first (user menu, “Two-step sign-in”). Otherwise the policy would lock you out at once.').first(),
  ).toBeVisible();
  await openTwoStepFromUserMenu(admin);
  await turnOnWithApp(admin);
  await expect(admin.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
  await admin.goto('/users/sign-in-security');
  await admin.getByRole('checkbox', { name: /Require two-step sign-in for provider roles/ }).check();
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  // A provider user without two-step sign-in: after the password, the set-up and nothing else.
  const user = await newPage(browser);
  await passwordStep(user, 'foliouser@demo.folio.test');
  await expect(user).toHaveURL(/\/account\/two-step$/);
  await expect(user.getByTestId('two-step-required')).toHaveText('Your role must use two-step sign-in. Turn it on to continue to the back office.');
  await user.goto('/kyc/applications');
  await expect(user).toHaveURL(/\/account\/two-step$/);
  // The server refuses their calls with a clear reason, not only the screens.
  const { accessToken } = (await (await user.request.get('/api/auth/session')).json()) as { accessToken: string };
  const refused = await user.request.get('/folio/payment-api/v2/users', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ type: 'https://folio.test/problems/two-step-required' });

  await turnOnWithApp(user);
  await expect(user.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
  await user.getByRole('button', { name: 'Done, I have saved them' }).click();
  // On: the policy keeps it on, and the back office opens.
  await expect(user.getByText('The sign-in policy requires two-step sign-in for your role, so it stays on.')).toBeVisible();
  await user.getByTestId('side-menu').getByRole('link', { name: 'KYC applications' }).click();
  await expect(user).toHaveURL(/\/kyc\/applications$/);
  await expect(user.getByRole('heading', { level: 1 })).not.toHaveText('Two-step sign-in');
  expect((await user.request.get('/folio/payment-api/v2/users', { headers: { authorization: `Bearer ${accessToken}` } })).status()).toBe(200);
});
