import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../server/demo/demo-layout';

// Issue 13 "First load" (decision 0338): the screen of the address being opened, and for a guarded
// address the shell, are fetched while the session check is out, and a screen that has arrived
// renders without suspending. Suspending shows the loading fallback, and React then holds the screen
// back for 300 ms. The session check is slowed here so that the chunks surely arrive first: the
// fallback must never appear.

const SESSION_CHECK = '**/api/auth/session';

/** Records whether the screen's loading fallback was ever put on the page. */
async function watchForFallback(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = () => {
      if (document.querySelector('[data-testid="screen-fallback"]')) (window as unknown as { fallbackSeen: boolean }).fallbackSeen = true;
    };
    new MutationObserver(seen).observe(document, { subtree: true, childList: true });
  });
}

async function slowSessionCheck(page: Page): Promise<void> {
  await page.route(SESSION_CHECK, async (route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
}

/** A browser context signed in through the form, with no page open: the next page is a first load with a session. */
async function signedInContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  const signIn = await context.newPage();
  await signIn.goto('/sign-in');
  await signIn.getByLabel('E-mail').fill('folioadmin@demo.folio.test');
  await signIn.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn).not.toHaveURL(/\/sign-in/);
  await signIn.close();
  return context;
}

const fallbackSeen = (page: Page) => page.evaluate(() => (window as unknown as { fallbackSeen?: boolean }).fallbackSeen === true);

test('a first visit to /sign-in shows the form straight after the session check, without the loading fallback', async ({ page }) => {
  await watchForFallback(page);
  await slowSessionCheck(page);
  await page.goto('/sign-in');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await fallbackSeen(page)).toBe(false);
});

test('a signed-in first visit to a screen shows shell and screen straight after the session check, without the loading fallback', async ({ browser }) => {
  const context = await signedInContext(browser);
  const page = await context.newPage();
  await watchForFallback(page);
  await slowSessionCheck(page);
  await page.goto('/payouts');
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  expect(await fallbackSeen(page)).toBe(false);
  await context.close();
});

test("after the session check, the user's profile and merchant information are asked for while the user read is still out", async ({ browser }) => {
  const context = await signedInContext(browser);
  const page = await context.newPage();
  const events: string[] = [];
  // The user read answers 500 ms late: the other two must have been sent before it answered.
  await page.route('**/identity/api/v1/users/*', async (route) => {
    events.push('user asked');
    await new Promise((resolve) => setTimeout(resolve, 500));
    events.push('user answered');
    await route.continue();
  });
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/folio\/payment-api\/v2\/users\/merchant\//.test(pathname)) events.push('merchant information asked');
    else if (/^\/folio\/payment-api\/v2\/users\/[^/]+$/.test(pathname)) events.push('profile asked');
  });
  await page.goto('/payouts');
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  const answered = events.indexOf('user answered');
  expect(answered, events.join(', ')).toBeGreaterThan(0);
  expect(events.slice(0, answered).sort(), events.join(', ')).toEqual(['merchant information asked', 'profile asked', 'user asked']);
  await context.close();
});
