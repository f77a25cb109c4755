import { expect, test } from './support/test';
import { signInAs } from './export-support/api';

// An amount typed into a list's filter the way the list writes it ("1,000") filters by it, and one the
// filter cannot read says so at the field and holds the search back, instead of searching without it.
// Read-only: the shared demo server.

test('the transactions filter reads "1,000" as a thousand and refuses what is not an amount or a currency', async ({ page }) => {
  await signInAs(page, 'folioadmin@demo.folio.test');
  await page.goto('/transactions');
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toBeVisible();
  const form = page.getByRole('form', { name: 'Filter transactions' });
  const amountFrom = form.getByLabel('Amount from');
  await amountFrom.fill('1,000');
  await form.getByLabel('Currency').fill('EUR');
  const searched = page.waitForResponse(
    (response) => response.url().endsWith('/order/search') && response.ok() && 'amountMin' in (response.request().postDataJSON()?.filters ?? {}),
  );
  await form.getByRole('button', { name: 'Apply filters' }).click();
  expect((await searched).request().postDataJSON().filters).toMatchObject({ amountMin: 100_000, currency: 'EUR' });

  let searches = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/order/search')) searches += 1;
  });
  await amountFrom.fill('12,5');
  await expect(form.getByRole('alert')).toHaveText('Enter an amount such as 1,250.50');
  await expect(amountFrom).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForTimeout(500);
  expect(searches).toBe(0);
  // What the user typed stays for them to correct.
  await expect(amountFrom).toHaveValue('12,5');
  await amountFrom.fill('12.5');
  await expect(form.getByRole('alert')).toHaveCount(0);
  // A currency that is not a three-letter code is refused the same way.
  await form.getByLabel('Currency').fill('ZZ');
  await expect(form.getByRole('alert')).toHaveText('Enter a three-letter currency code such as EUR');
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForTimeout(300);
  expect(searches).toBe(0);
});

/** A list whose filter bar has a date range: the rule and its words are the same on each, naming its own start field (decision 0525). */
const DATE_RANGES = [
  { path: '/transactions', form: 'Filter transactions', search: '/order/search', from: 'Created from', to: 'Created to', key: 'createdTo' },
  { path: '/bookings', form: 'Filter bookings', search: '/bookings/search', from: 'Arrival from', to: 'Arrival to', key: 'arrivalTo' },
] as const;

test('an inverted amount or date range is said at its field and holds the search back, on transactions and bookings', async ({ page }) => {
  await signInAs(page, 'folioadmin@demo.folio.test');
  await page.goto('/transactions');
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toBeVisible();
  const transactions = page.getByRole('form', { name: 'Filter transactions' });
  await transactions.getByLabel('Amount from').fill('500');
  await transactions.getByLabel('Amount to').fill('20');
  await expect(transactions.getByRole('alert')).toHaveText('This amount is below “Amount from”: enter a larger amount, or a smaller start.');
  await expect(transactions.getByLabel('Amount to')).toHaveAttribute('aria-invalid', 'true');
  await transactions.getByLabel('Amount to').fill('');

  for (const list of DATE_RANGES) {
    if (new URL(page.url()).pathname !== list.path) await page.goto(list.path);
    const form = page.getByRole('form', { name: list.form });
    const dated: unknown[] = [];
    page.on('request', (request) => {
      const filters = request.url().endsWith(list.search) ? request.postDataJSON()?.filters : undefined;
      if (filters?.[list.key]) dated.push(filters);
    });
    await form.getByLabel(list.from).fill('2026-03-10');
    await form.getByLabel(list.to).fill('2026-03-01');
    await expect(form.getByRole('alert')).toHaveText(`This date is before “${list.from}”: choose a later day, or an earlier start.`);
    await expect(form.getByLabel(list.to)).toHaveAttribute('aria-invalid', 'true');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    // One day from and to itself is a range: applied, it is the only dated search that went out.
    await form.getByLabel(list.to).fill('2026-03-10');
    await expect(form.getByRole('alert')).toHaveCount(0);
    const searched = page.waitForResponse((response) => response.url().endsWith(list.search) && list.key in (response.request().postDataJSON()?.filters ?? {}));
    await form.getByRole('button', { name: 'Apply filters' }).click();
    expect((await searched).ok()).toBe(true);
    expect(dated).toHaveLength(1);
  }
});
