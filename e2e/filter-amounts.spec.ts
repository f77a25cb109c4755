import { expect, test } from '@playwright/test';
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

test('an inverted amount or date range is said at its field and holds the search back, on transactions and bookings', async ({ page }) => {
  await signInAs(page, 'folioadmin@demo.folio.test');
  await page.goto('/transactions');
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toBeVisible();
  const form = page.getByRole('form', { name: 'Filter transactions' });
  const sent: Array<{ createdFrom?: string; createdTo?: string }> = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/order/search')) sent.push(request.postDataJSON()?.filters ?? {});
  });
  await form.getByLabel('Amount from').fill('500');
  await form.getByLabel('Amount to').fill('20');
  await expect(form.getByRole('alert')).toHaveText('This amount is below “Amount from”: enter a larger amount, or a smaller start.');
  await expect(form.getByLabel('Amount to')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Amount to').fill('');
  await form.getByLabel('Created from').fill('2026-03-10');
  await form.getByLabel('Created to').fill('2026-03-01');
  await expect(form.getByRole('alert')).toHaveText('This date is before “Created from”: choose a later day, or an earlier start.');
  await form.getByRole('button', { name: 'Apply filters' }).click();
  // One day from and to itself is a range: applied, it is the only dated search that went out.
  await form.getByLabel('Created to').fill('2026-03-10');
  await expect(form.getByRole('alert')).toHaveCount(0);
  const searched = page.waitForResponse(
    (response) => response.url().endsWith('/order/search') && 'createdTo' in (response.request().postDataJSON()?.filters ?? {}),
  );
  await form.getByRole('button', { name: 'Apply filters' }).click();
  expect((await searched).ok()).toBe(true);
  expect(sent.filter((filters) => filters.createdTo)).toHaveLength(1);

  // Every list's filter bar follows the same rule, naming its own start field (decision 0525): bookings.
  await page.goto('/bookings');
  const bookings = page.getByRole('form', { name: 'Filter bookings' });
  const bookingSearches: Array<{ arrivalTo?: string }> = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/bookings/search')) bookingSearches.push(request.postDataJSON()?.filters ?? {});
  });
  await bookings.getByLabel('Arrival from').fill('2026-03-10');
  await bookings.getByLabel('Arrival to').fill('2026-03-01');
  await expect(bookings.getByRole('alert')).toHaveText('This date is before “Arrival from”: choose a later day, or an earlier start.');
  await expect(bookings.getByLabel('Arrival to')).toHaveAttribute('aria-invalid', 'true');
  await bookings.getByRole('button', { name: 'Apply filters' }).click();
  await bookings.getByLabel('Arrival to').fill('2026-03-10');
  await expect(bookings.getByRole('alert')).toHaveCount(0);
  const bookingSearched = page.waitForResponse(
    (response) => response.url().endsWith('/bookings/search') && 'arrivalTo' in (response.request().postDataJSON()?.filters ?? {}),
  );
  await bookings.getByRole('button', { name: 'Apply filters' }).click();
  expect((await bookingSearched).ok()).toBe(true);
  // The inverted range never went out: the one dated search is the corrected one.
  expect(bookingSearches.filter((filters) => filters.arrivalTo)).toHaveLength(1);
});
