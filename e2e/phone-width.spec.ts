import { expect, test, type Page } from './support/test';
import { MERCHANT_API } from '../contract/product';
import { apiOf, signInAs } from './export-support/api';
import { seriousFindings } from './support/axe-scan';

// At a phone's width (390 px) nothing of a screen is cut off at the window's edge: whatever is wider
// than the window (a table's columns) scrolls inside its own box. A walk through the built product
// at that width found the merchant home's property table running off the screen. Read-only: the
// shared demo server.

/**
 * The elements of the page's content that end beyond the window's right edge with no box of their
 * own that scrolls sideways: what a phone user reaches only by sliding the whole screen, if at all.
 */
function unreachable(page: Page): Promise<string[]> {
  return page.getByTestId('shell-content').evaluate((root) => {
    const width = document.documentElement.clientWidth;
    const scrollsSideways = (element: Element | null): boolean => {
      // The content area itself scrolling sideways does not count: the whole screen would then slide.
      for (let at = element; at && at !== root; at = at.parentElement) {
        const overflowX = getComputedStyle(at).overflowX;
        if ((overflowX === 'auto' || overflowX === 'scroll') && at.scrollWidth > at.clientWidth) return true;
      }
      return false;
    };
    return [...root.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 0.5 && !scrollsSideways(element.parentElement);
      })
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
  });
}

/**
 * How far the whole page slides sideways (0 when it does not): something positioned inside a box that scrolls on its
 * own (a visually hidden caption or column name in a wide table) reaches past that box when the box is not its
 * containing block, and the window scrolls to it.
 */
function pageSlides(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

const AT_PHONE_WIDTH: Array<{ who: string; screens: Array<string | ((page: Page) => Promise<string>)> }> = [
  {
    who: 'merchantadmin@demo.folio.test',
    screens: [
      '/home',
      '/transactions',
      '/refund-management',
      '/properties',
      async (page) => `/properties/property-overview/${await canalHouse(page)}`,
      async (page) => `/properties/secret-keys?merchantId=${await canalHouse(page)}`,
      async (page) => `/properties/fees?merchantId=${await canalHouse(page)}`,
      '/users',
      '/payment-settings',
      '/refund-management/rules',
    ],
  },
  {
    who: 'folioadmin@demo.folio.test',
    screens: [
      '/kyc/applications',
      // An application's answers, the business address's parts among them, each under its field's name.
      async (page) => {
        await page.goto('/kyc/applications');
        return (await page.getByRole('link', { name: 'Open Baltic Inns' }).getAttribute('href'))!;
      },
      '/payouts',
      '/merchants',
      '/bookings',
    ],
  },
  { who: 'propertymanager@demo.folio.test', screens: ['/property-management', '/generate-payment-link'] },
];

async function canalHouse(page: Page): Promise<string> {
  const found = (await (await apiOf(page)).post(`${MERCHANT_API}/properties/search`, { filters: { search: 'Canal House' } })) as {
    items: Array<{ merchantId: string }>;
  };
  return found.items[0]!.merchantId;
}

for (const { who, screens } of AT_PHONE_WIDTH)
  test(`at 390 px nothing of ${who.split('@')[0]}'s screens is cut off at the edge`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, who);
    const cutOff: Record<string, string[]> = {};
    for (const screen of screens) {
      const address = typeof screen === 'string' ? screen : await screen(page);
      await page.goto(address);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const found = await unreachable(page);
      const slides = await pageSlides(page);
      if (slides > 0) found.push(`the page slides ${slides} px sideways`);
      if (found.length > 0) cutOff[address] = found.slice(0, 5);
    }
    expect(cutOff).toEqual({});
  });

/**
 * Where the first row of a list sits on a phone: each of its values' box, its column's name beside it
 * (the label the card draws before it), and whether its column is one the list puts first.
 */
async function firstCard(page: Page, table: string) {
  const row = page.getByRole('table', { name: table }).getByRole('row').nth(1);
  // A row of data, not the one cell that says the list is loading.
  await expect(row.getByRole('cell').nth(1)).toBeVisible();
  return row.getByRole('cell').evaluateAll((cells) =>
    cells.map((cell) => {
      const box = cell.getBoundingClientRect();
      return { label: getComputedStyle(cell, '::before').content.replace(/^"|"$/g, ''), left: box.left, right: box.right, top: box.top, bottom: box.bottom };
    }),
  );
}

/** Every value of the card within the window, the named ones above all the others, each under its column's name. */
async function expectCardWithKeysFirst(page: Page, table: string, keys: string[]) {
  const cells = await firstCard(page, table);
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(cells.filter((cell) => cell.left < 0 || cell.right > width + 0.5).map((cell) => cell.label)).toEqual([]);
  const byTop = [...cells].sort((a, b) => a.top - b.top).map((cell) => cell.label);
  expect(byTop.slice(0, keys.length)).toEqual(keys);
}

test('at 390 px each list row is a card with its key columns first, and the top bar names the hotel and its controls', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'merchantadmin@demo.folio.test');
  await page.goto('/transactions');
  // Amount and Status were off the screen's edge in a table that gave no sign it scrolls.
  await expectCardWithKeysFirst(page, 'Transactions', ['Order ID', 'Guest', 'Amount', 'Status']);
  // Sorting stays within reach without the header row: its buttons sit above the cards.
  await expect(page.getByRole('button', { name: 'Amount', exact: true })).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);

  await page.goto('/refund-management');
  await expectCardWithKeysFirst(page, 'Refund management', ['Reference', 'Amount', 'Approval', 'Refund state']);

  // The top bar: the hotel being worked on is in sight, and "All controls" says its name, not only "▾".
  const banner = page.getByRole('banner');
  const { items } = (await (await apiOf(page)).post(`${MERCHANT_API}/properties/search`, { pagination: { page: 0, pageSize: 25 } })) as {
    items: Array<{ name: string }>;
  };
  const hotelNames = items.map((item) => item.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await expect(banner.getByText(new RegExp(`^(${hotelNames.join('|')})$`)).filter({ visible: true })).toHaveCount(1);
  const allControls = banner.getByRole('button', { name: /^All controls/ });
  const shownWords = await allControls.evaluate((button) => {
    // The words a sighted user sees: text not inside a box clipped to a pixel (the screen-reader-only pattern).
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    let words = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      let clipped = false;
      for (let at = node.parentElement; at && at !== button.parentElement; at = at.parentElement) {
        const box = at.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) clipped = true;
      }
      if (!clipped) words += node.textContent;
    }
    return words.trim();
  });
  expect(shownWords).toContain('All controls');
});
