import { expect, test } from '@playwright/test';
import { apiOf, signInAs } from './export-support/api';

// A day picked in a list's date filter is the user's own day (decision 0345): the lists show times in
// the browser's time zone, so a New York user asking for a day gets the orders their list dates that
// day, evening included, and none of the day before's evening. Read-only: the shared demo server.
test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

test("the transactions of a picked day are the ones the list dates that day in the user's time zone", async ({ page }) => {
  await signInAs(page, 'folioadmin@demo.folio.test');
  await page.goto('/transactions');
  // A day well inside the demo's history (that of its 2,001st newest order), as New York counts days.
  const api = await apiOf(page);
  const sample = (await api.post('/backoffice/api/v2/order/search', {
    filters: {},
    sorting: [{ id: 'createdAt', desc: true }],
    pagination: { page: 20, pageSize: 100 },
  })) as {
    items: Array<{ createdAt: string }>;
  };
  const inHistory = new Date(sample.items[0]!.createdAt);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(inHistory);
  const shown = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'short', day: 'numeric', year: 'numeric' }).format(inHistory);
  // New York's midnight of that day and of the next, in UTC, by the offset New York keeps at each.
  const [dayStart, dayEnd] = await page.evaluate((picked) => {
    const [year, month, date] = picked.split('-').map(Number) as [number, number, number];
    return [new Date(year, month - 1, date).toISOString(), new Date(year, month - 1, date + 1).toISOString()];
  }, day);
  expect(dayStart.slice(11)).toMatch(/^0[45]:00:00.000Z$/);
  const form = page.getByRole('form', { name: 'Filter transactions' });
  await form.getByLabel('Created from').fill(day);
  await form.getByLabel('Created to').fill(day);
  // The answer to this filter, not the list's first load, which may still be on its way.
  const searched = page.waitForResponse(
    (response) => response.url().endsWith('/order/search') && response.ok() && 'createdFrom' in (response.request().postDataJSON()?.filters ?? {}),
  );
  await form.getByRole('button', { name: 'Apply filters' }).click();
  const answer = await searched;
  // The day runs from New York's midnight to the next, not from UTC's.
  expect(answer.request().postDataJSON().filters).toMatchObject({ createdFrom: dayStart, createdTo: dayEnd });
  const { items } = (await answer.json()) as { items: Array<{ createdAt: string }> };
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    const at = Date.parse(item.createdAt);
    expect(at).toBeGreaterThanOrEqual(Date.parse(dayStart));
    expect(at).toBeLessThan(Date.parse(dayEnd));
  }
  // What the user reads: every row of the page is dated that day.
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const created = await table
    .getByRole('row')
    .locator('td')
    .filter({ hasText: /\d{4}, \d{1,2}:\d{2}/ })
    .allInnerTexts();
  expect(created.length).toBeGreaterThan(0);
  expect(created.filter((text) => !text.startsWith(shown))).toEqual([]);
});
