import { test as base, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

// Playwright's `test`, whose `page` and `context` are one signed-out tab that the worker keeps from one
// test to the next instead of a new browser context per test (issue 36, "CI time"; decision 0667).
//
// Why: a new context's first page starts a new renderer process, and the app starts cold in it.
// `npm run bench:page-load` measured, on a quiet machine, 2.9 s of machine CPU to reach a signed-in screen
// in a new context and 2.3 s in a new page of an open context, against 1.0 s for a full load of the same
// screen in a page that has already shown the app: the renderer process and its cold start are most of
// a test's fixed cost, and the browser suite runs about 330 tests.
//
// What a test gets is what a new context would give it, as far as the app can tell: between tests the
// tab leaves the app for a page of the same server (the app unloads; its live stream closes; a "leave
// site?" question is answered yes), its local and session storage are emptied, every cookie and
// permission is removed, the connection is back on, listeners the test added are dropped, pages it
// opened are closed, and the viewport is put back. The renderer, its compiled code and the HTTP cache (the SPA's files are
// immutable) stay. A test that routed requests has its routes removed once the tab has left the app
// (decision 0669). A test whose server is another (`usePrivateServer` sets another baseURL) or that
// closed the tab gets a new one. Specs that need a browser with nothing in it (the first
// load's network, init scripts, options set with `test.use`) import `test` from '@playwright/test' itself.

export * from '@playwright/test';

/** Playwright's default viewport, which every test here starts with. */
const VIEWPORT = { width: 1280, height: 720 };
/** A page of the same server that is not the app: leaving the app for it keeps the renderer process. */
const BETWEEN_TESTS = '/health';

interface Tab {
  context: BrowserContext;
  page: Page;
  baseURL: string | undefined;
  closed: boolean;
  /** A test routed requests (held, answered or failed them): its routes go once the tab has left the app (resetTab). */
  routed: boolean;
}

type Listener = (...args: unknown[]) => void;
interface Emitter {
  eventNames(): Array<string | symbol>;
  listeners(event: string | symbol): Listener[];
  off(event: string | symbol, listener: Listener): unknown;
}

/**
 * The listeners an object has now, to remove those a test adds after (its `page.on('dialog')`, a sweep's
 * `context.on('page')`). Playwright keeps listeners of its own on the same objects (a context's close
 * waits on one): removing them all hangs the next close.
 */
function listenersNow(emitter: Emitter): () => void {
  const before = new Map(emitter.eventNames().map((event) => [event, new Set(emitter.listeners(event))]));
  return () => {
    for (const event of emitter.eventNames())
      for (const listener of emitter.listeners(event)) if (!before.get(event)?.has(listener)) emitter.off(event, listener);
  };
}

/**
 * A new context's one page, which notes whether a test routes requests: a gate may still hold a call when
 * the test ends (a wizard's submit), and removing the routes while the page that made it is still open
 * would let it through to the server after the test (seen with decision 0667's first runs).
 */
async function newTab(context: BrowserContext, baseURL: string | undefined): Promise<Tab> {
  const tab: Tab = { context, page: await context.newPage(), baseURL, closed: false, routed: false };
  context.once('close', () => (tab.closed = true));
  const pageRoute = tab.page.route.bind(tab.page);
  tab.page.route = ((...args: Parameters<Page['route']>) => {
    tab.routed = true;
    return pageRoute(...args);
  }) as Page['route'];
  const contextRoute = context.route.bind(context);
  context.route = ((...args: Parameters<BrowserContext['route']>) => {
    tab.routed = true;
    return contextRoute(...args);
  }) as BrowserContext['route'];
  return tab;
}

/**
 * The failing screen, taken before the tab is put back. Playwright's own `screenshot: 'only-on-failure'` shoots
 * this context too, under `test-failed-1.png`: when this one had that name, a red CI run kept the page between
 * tests (`/health`) instead of the failing screen. Under its own name it cannot be overwritten.
 */
async function keepFailureScreenshot(page: Page, testInfo: TestInfo): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
  const file = testInfo.outputPath('failing-screen.png');
  await page
    .screenshot({ path: file, timeout: 5_000 })
    .then(() => testInfo.attachments.push({ name: 'screenshot', path: file, contentType: 'image/png' }))
    .catch(() => undefined);
}

/** Puts the tab back to a signed-out tab on a page of the server, as a new context would have it. */
async function resetTab(tab: Tab, dropTestListeners: () => void): Promise<void> {
  const { context, page } = tab;
  await Promise.all(
    context
      .pages()
      .filter((other) => other !== page)
      .map((other) => other.close().catch(() => undefined)),
  );
  dropTestListeners();
  // A screen with unsaved typing asks before the tab leaves it: the next test keeps nothing of it.
  const leave = (dialog: import('@playwright/test').Dialog) =>
    void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()).catch(() => undefined);
  page.on('dialog', leave);
  // A test that took the connection away (to make the screen fetch again) and failed before giving it back.
  await context.setOffline(false);
  await page.goto(BETWEEN_TESTS);
  page.off('dialog', leave);
  if (tab.routed) {
    // Only now, with the app's page gone: a call a gate still held died with the page that made it, so
    // no handler is left to pass it on to the server when the routes go (decision 0669).
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    tab.routed = false;
  }
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await context.clearCookies();
  await context.clearPermissions();
  const size = page.viewportSize();
  if (size?.width !== VIEWPORT.width || size?.height !== VIEWPORT.height) await page.setViewportSize(VIEWPORT);
}

const tabKeptBetweenTests = base.extend<{ tab: Tab }, { workerTab: { current?: Tab } }>({
  workerTab: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const holder: { current?: Tab } = {};
      await use(holder);
      await holder.current?.context.close().catch(() => undefined);
    },
    { scope: 'worker' },
  ],
  tab: async ({ browser, baseURL, workerTab }, use, testInfo) => {
    let tab = workerTab.current;
    if (!tab || tab.closed || tab.page.isClosed() || tab.baseURL !== baseURL) {
      if (tab && !tab.closed) await tab.context.close().catch(() => undefined);
      tab = await newTab(await browser.newContext({ baseURL, viewport: VIEWPORT }), baseURL);
      workerTab.current = tab;
    }
    const pageListeners = listenersNow(tab.page as unknown as Emitter);
    const contextListeners = listenersNow(tab.context as unknown as Emitter);
    await use(tab);
    await keepFailureScreenshot(tab.page, testInfo);
    // A tab the test closed, or that cannot be put back, is replaced by the next test.
    if (tab.closed || tab.page.isClosed()) return;
    const dropTestListeners = () => {
      pageListeners();
      contextListeners();
    };
    await resetTab(tab, dropTestListeners).catch(async () => {
      tab.closed = true;
      await tab.context.close().catch(() => undefined);
    });
  },
  context: async ({ tab }, use) => {
    await use(tab.context);
  },
  page: async ({ tab }, use) => {
    await use(tab.page);
  },
});

/** `E2E_FRESH_CONTEXT=1`: a new context per test, as Playwright's own `test` gives, to compare the two (npm run bench:page-load). */
export const test = process.env.E2E_FRESH_CONTEXT === '1' ? base : tabKeptBetweenTests;
