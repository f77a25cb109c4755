import { expect, test, type Page } from './support/test';
import { signInAs } from './kyc-support/sign-in';

// Issue 11 "Layout" and two dead ends a new user met: the transactions table clipped at 1440 px,
// payout attempts without cell spacing, the top bar at 390 px, the page size lost on reload, and
// unknown addresses redirected silently. Real server, real database, real Chromium.

const PROVIDER_ADMIN = 'folioadmin@demo.folio.test';

async function openTransactions(page: Page) {
  await signInAs(page, PROVIDER_ADMIN);
  await page.goto('/transactions');
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toBeVisible();
}

/** How far the page scrolls sideways (0 when it fits the window). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('at 1440 px the transactions table shows every header cell of its default columns without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTransactions(page);
  const table = page.getByRole('table', { name: 'Transactions' });
  const hidden = await table.evaluate((element) => {
    // The table scrolls inside its own container when it must; at this width it must not need to.
    const visible = (element.parentElement ?? element).getBoundingClientRect();
    return [...element.querySelectorAll('th')].filter((cell) => cell.getBoundingClientRect().right > visible.right + 0.5).map((cell) => cell.textContent);
  });
  expect(hidden).toEqual([]);
  expect(await pageOverflow(page)).toBe(0);
});

test('the payout attempts table keeps its cells apart', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  await page.goto('/payouts');
  const row = page.getByRole('table', { name: 'Payouts' }).getByRole('row').nth(1);
  await expect(row).toBeVisible();
  const attempts = page.getByRole('dialog').getByRole('table', { name: 'Attempts' });
  // This test is about the attempts table's spacing, not the opening click. In one CI run a click on the
  // first row opened nothing, while the list was still settling (its rows' Fee column fills in as the
  // payouts settle). So the click is repeated until the dialog is there.
  await expect(async () => {
    await row.getByRole('button', { name: /^PO-/ }).click();
    await expect(attempts.getByRole('row').nth(1)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // The smallest gap between the text of one cell and the text of the next, over the header and the rows.
  const narrowest = await attempts.evaluate((table) => {
    const textBox = (cell: Element) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return range.getBoundingClientRect();
    };
    let gap = Infinity;
    for (const row of table.querySelectorAll('tr')) {
      const cells = [...row.children].filter((cell) => (cell.textContent ?? '').trim() !== '');
      for (let index = 1; index < cells.length; index++) gap = Math.min(gap, textBox(cells[index]!).left - textBox(cells[index - 1]!).right);
    }
    return gap;
  });
  expect(narrowest).toBeGreaterThanOrEqual(12);
});

test('at 390 px the top bar stays on one line and the open menu lies over the content', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTransactions(page);
  const banner = page.getByRole('banner');
  const bar = await banner.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const items = [...element.querySelectorAll('a, button')].filter((item) => item.getBoundingClientRect().width > 0);
    return {
      height: box.height,
      // Every control of the bar within its height and width: nothing wrapped below or pushed out.
      outside: items.filter((item) => {
        const itemBox = item.getBoundingClientRect();
        return itemBox.top < box.top || itemBox.bottom > box.bottom || itemBox.right > box.right + 0.5;
      }).length,
      // One line: no control's text runs over two lines.
      twoLines: items.filter((item) => item.getBoundingClientRect().height > 48).length,
    };
  });
  expect(bar).toEqual({ height: 68, outside: 0, twoLines: 0 });
  expect(await pageOverflow(page)).toBe(0);

  const content = page.getByTestId('shell-content');
  const before = await content.boundingBox();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  expect(await content.boundingBox()).toEqual(before);
  expect(await pageOverflow(page)).toBe(0);
});

test('the page size survives a reload with the page, so the same rows show', async ({ page }) => {
  await openTransactions(page);
  const table = page.getByRole('table', { name: 'Transactions' });
  // The answer for this page and size: a search still out for the size change can answer after the
  // click on Next page, and its rows are not page 2's.
  const searched = (pageIndex: number) =>
    page.waitForResponse((response) => {
      if (!response.url().endsWith('/order/search') || !response.ok()) return false;
      const body = response.request().postDataJSON() as { pagination?: { page: number; pageSize: number } };
      return body.pagination?.page === pageIndex && body.pagination.pageSize === 50;
    });
  let answer = searched(0);
  await page.getByLabel('Rows per page').selectOption('50');
  await answer;
  answer = searched(1);
  await page.getByRole('button', { name: 'Next page' }).click();
  const page2 = (await (await answer).json()) as { items: { referenceNo: string }[] };
  await expect(page.getByTestId('table-page')).toHaveText(/^Page 2/);
  // Read once page 2's rows have replaced page 1's (both pages have 50).
  await expect(table.getByRole('row').nth(1)).toContainText(page2.items[0]!.referenceNo);
  await expect(table.getByRole('row')).toHaveCount(51);
  const firstRow = await table.getByRole('row').nth(1).innerText();

  await page.reload();
  await expect(page.getByLabel('Rows per page')).toHaveValue('50');
  await expect(page.getByTestId('table-page')).toHaveText(/^Page 2/);
  await expect(table.getByRole('row')).toHaveCount(51);
  await expect.poll(() => table.getByRole('row').nth(1).innerText()).toBe(firstRow);
});

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  await page.goto('/nope');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/nope$/);
  await page.getByRole('link', { name: 'Back to my home page' }).click();
  await expect(page).toHaveURL(/\/kyc\/applications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'KYC applications' })).toBeVisible();
});

test("the property management lists line up their amounts on the right, whatever the guest's name", async ({ page }) => {
  await signInAs(page, 'propertymanager@demo.folio.test');
  await page.goto('/property-management');
  const amounts = page.getByTestId('awaiting-capture').getByTestId('dashboard-order-amount');
  await expect(amounts.nth(2)).toBeVisible();
  const rightEdges = await amounts.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().right)));
  expect(new Set(rightEdges).size).toBe(1);
});
