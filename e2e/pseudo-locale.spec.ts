import { expect, test, type Page, type Request } from '@playwright/test';
import { ROUTES } from '../src/app/route-table';
import { LOCALE_STORAGE_KEY, PSEUDO_LOCALE } from '../src/i18n/pseudo-locale';
import { groupIdOf, PROVIDER_ADMIN, signInAs } from './export-support/api';

// Every visible string goes through the catalogue (issue 34, decision 0480). Each route of the route
// table (spec 2) is rendered in the pseudo-locale en-XA, where every catalogue string is accented and
// bracketed ⟦ ⟧. What is left outside the brackets must be data, by one rule: each word of it is a word
// the server sent in a JSON answer on this visit (names, codes, statuses' values), a number, or a word
// the browser's date and currency formatting writes (month and day names, currency codes). Anything
// else is text that bypassed i18next, and the test names it with its route.
//
// One page, one sign-in (the provider admin reaches the most routes), moves inside the app without
// reloading; the sign-in page and the guest's page are rendered before signing in.

const DETAIL_LINKS: Record<string, RegExp> = {
  '/kyc/applications/[id]': /^\/kyc\/applications\/[0-9a-f-]{36}$/,
  '/properties/property-overview/[id]': /^\/properties\/property-overview\/[0-9a-f-]{36}$/,
  '/users/[id]': /^\/users\/[0-9a-f-]{36}$/,
  '/transactions/transaction-info': /^\/transactions\/transaction-info\?/,
  '/bookings/booking-detail': /^\/bookings\/booking-detail\?/,
};

/** Words the server's JSON answers carried on this visit: the data a screen may show as it is. */
function collectDataWords(page: Page): { words: Set<string>; settled: () => Promise<void> } {
  const words = new Set<string>();
  const pending = new Set<Promise<void>>();
  const add = (value: unknown): void => {
    if (typeof value === 'string') for (const word of value.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []) words.add(word);
    else if (Array.isArray(value)) value.forEach(add);
    else if (value && typeof value === 'object') Object.values(value).forEach(add);
  };
  page.on('response', (response) => {
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    const reading = response
      .json()
      .then(add, () => undefined)
      .finally(() => pending.delete(reading));
    pending.add(reading);
  });
  return { words, settled: async () => void (await Promise.all([...pending])) };
}

/**
 * Requests still on their way: a screen is read once its answers are in. The live event stream (issue 38) stays
 * open as long as the session does, so it is not waited for.
 */
function trackRequests(page: Page): () => number {
  let open = 0;
  const counted = (request: Request) => request.resourceType() !== 'eventsource' && !request.url().includes('/live/events');
  page.on('request', (request) => void (counted(request) && open++));
  page.on('requestfinished', (request) => void (counted(request) && open--));
  page.on('requestfailed', (request) => void (counted(request) && open--));
  return () => open;
}

/** Moves inside the app (wouter follows pushState and popstate): no reload, the same page. */
async function openInApp(page: Page, url: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** The visible text outside every catalogue string, as words, with the line each came from. */
function wordsOutsideCatalogue(page: Page) {
  return page.evaluate(() => {
    let text = document.body.innerText;
    // Catalogue strings nest (an interpolated label inside a sentence): take the innermost first.
    for (let before = ''; before !== text;) [before, text] = [text, text.replace(/⟦[^⟦⟧]*⟧/g, ' ')];
    const found: Array<{ word: string; line: string }> = [];
    for (const line of text.split('\n')) for (const word of line.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []) found.push({ word, line: line.trim().slice(0, 120) });
    return found;
  });
}

/** Words the browser writes when it formats dates and money: month and day names, era and day-period marks, currency codes. */
async function formattingWords(page: Page): Promise<Set<string>> {
  const words = await page.evaluate(() => {
    const out: string[] = [];
    const add = (text: string) => out.push(...(text.match(/[A-Za-z]+/g) ?? []));
    for (const locale of [undefined, 'en', 'en-GB', 'en-US'])
      for (let month = 0; month < 12; month++)
        for (const style of ['short', 'long'] as const) {
          const date = new Date(Date.UTC(2026, month, 1 + month, 13));
          add(new Intl.DateTimeFormat(locale, { month: style, weekday: style, hour: 'numeric', dayPeriod: 'short', timeZoneName: 'short' }).format(date));
          add(new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'full' }).format(date));
          add(new Intl.DateTimeFormat(locale, { hour: 'numeric', hour12: true }).format(date));
          add(new Intl.DateTimeFormat(locale, { hour: 'numeric', hour12: true }).format(new Date(Date.UTC(2026, month, 1, 1))));
        }
    // Country and currency names the browser writes for codes (the country pickers, money in words).
    const regions = new Intl.DisplayNames(['en'], { type: 'region' });
    for (let first = 65; first <= 90; first++)
      for (let second = 65; second <= 90; second++) {
        const code = String.fromCharCode(first, second);
        const name = regions.of(code);
        if (name && name !== code) add(name);
      }
    const currencies = new Intl.DisplayNames(['en'], { type: 'currency' });
    for (const code of Intl.supportedValuesOf('currency')) add(currencies.of(code) ?? '');
    out.push(...Intl.supportedValuesOf('currency'));
    return out;
  });
  return new Set(words);
}

const softly = expect.configure({ soft: true });

async function expectOnlyCatalogueText(page: Page, label: string, allowed: () => Set<string>, settled: () => Promise<void>, openRequests: () => number) {
  await expect(page.locator('h1, [data-testid="guest-checkout"], form').first()).toBeVisible();
  await expect.poll(openRequests, { message: `${label}: its requests answered` }).toBeLessThanOrEqual(0);
  await settled();
  // Soft: every route is read and each one's leaks are listed, not only the first route's.
  await softly
    .poll(
      async () => {
        const known = allowed();
        const leaks = (await wordsOutsideCatalogue(page)).filter(({ word }) => !known.has(word));
        return [...new Set(leaks.map(({ word, line }) => `${word} in "${line}"`))].slice(0, 15);
      },
      { message: `${label}: visible text that did not come from the catalogue`, timeout: 3_000 },
    )
    .toEqual([]);
}

test('every route of the spec shows only catalogue text in the pseudo-locale en-XA, besides data the server sent', async ({ page }) => {
  test.setTimeout(90_000);
  const data = collectDataWords(page);
  const openRequests = trackRequests(page);
  await page.addInitScript(([key, locale]) => window.localStorage.setItem(key!, locale!), [LOCALE_STORAGE_KEY, PSEUDO_LOCALE]);
  await page.goto('/sign-in');
  const formatting = await formattingWords(page);
  const allowed = () => new Set([...data.words, ...formatting]);
  await expect(page.getByRole('heading').first()).toContainText('⟦');
  await expectOnlyCatalogueText(page, '/sign-in', allowed, data.settled, openRequests);
  // The guest's page of a link that does not exist: the guest's frame and its answer, without a session.
  await page.goto('/pay/no-such-link-token-0000000000000000');
  await expectOnlyCatalogueText(page, '/pay/[id]', allowed, data.settled, openRequests);

  await signInAs(page, PROVIDER_ADMIN);
  const groupId = await groupIdOf(page, 'Lagoon Hotels Group');
  await page.goto('/properties');
  const propertyLink = page.locator('a[href^="/properties/property-overview/"]').first();
  await expect(propertyLink).toBeVisible();
  const merchantId = (await propertyLink.getAttribute('href'))!.split('/').pop()!;
  const details = new Map<string, string>();

  const visited: string[] = [];
  const paths = ROUTES.map((route) => route.path).filter((path) => !path.startsWith('/pay/') && path !== '/sign-in');
  for (const path of paths.filter((path) => !DETAIL_LINKS[path]).concat(Object.keys(DETAIL_LINKS))) {
    let url = path;
    if (DETAIL_LINKS[path]) {
      const found = details.get(path);
      if (!found) continue;
      url = found;
    } else if (path.startsWith('/merchants/') && path !== '/merchants/add-merchant-access') url = `${path}?merchantGroupId=${groupId}`;
    else if (path.startsWith('/properties/') && !['/properties/create-property', '/properties/inactive-property'].includes(path))
      url = `${path}?merchantId=${merchantId}`;
    else if (['/property-management', '/generate-payment-link', '/fee-management'].includes(path)) url = `${path}?merchantId=${merchantId}`;
    await openInApp(page, url);
    await expectOnlyCatalogueText(page, url, allowed, data.settled, openRequests);
    visited.push(url);
    // The detail routes are reached through the links the lists offer.
    for (const href of await page.locator('main a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')))
      for (const [route, pattern] of Object.entries(DETAIL_LINKS)) if (!details.has(route) && pattern.test(href)) details.set(route, href);
  }
  expect(visited.length).toBeGreaterThan(60);
  expect(visited.filter((url) => Object.keys(DETAIL_LINKS).some((route) => DETAIL_LINKS[route]!.test(url)))).toHaveLength(Object.keys(DETAIL_LINKS).length);
});
