import { expect, test } from './support/test';
import type { OrderSearchAnswer } from '../contract/transactions';
import { BACKOFFICE_API } from '../contract/product';
import { apiOf, signInAs } from './export-support/api';

// Issue 14 / decision 0211: staff attach a note and key/value data to an order on the transaction
// info screen; a view-only role reads them without the form.

test('a property manager adds a note with data to an order; a view-only user reads it without the form', async ({ page }) => {
  await signInAs(page, 'propertymanager@demo.folio.test');
  const api = await apiOf(page);
  const [order] = (
    (await api.post(`${BACKOFFICE_API}/order/search`, { filters: { statuses: ['Paid'] }, pagination: { page: 0, pageSize: 10 } })) as OrderSearchAnswer
  ).items;
  const note = `Late check-out agreed for order ${order!.id}`;
  await page.goto(`/transactions/transaction-info?transactionId=${order!.id}&merchantId=${order!.merchantId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order!.id}` })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add a note or data' });
  // Saving nothing says what to write instead of greying the button out (issue 34).
  await form.getByRole('button', { name: 'Save note and data' }).click();
  await expect(form).toContainText('Write a note or add an entry with a key to save.');
  await form.getByLabel('Note').fill(note);
  await form.getByRole('button', { name: 'Add key and value' }).click();
  await form.getByLabel('Key 1').fill('room');
  await form.getByLabel('Value 1').fill('412');
  await form.getByRole('button', { name: 'Save note and data' }).click();
  const entry = page.getByTestId('metadata-entry').filter({ hasText: note });
  await expect(entry).toContainText('propertymanager@demo.folio.test');
  await expect(entry.getByRole('definition')).toHaveText('412');
  await expect(entry.getByRole('term')).toHaveText('room');
  await expect(form.getByLabel('Note')).toHaveValue('');

  await signInAs(page, 'propertyviewonlyuser@demo.folio.test');
  await page.goto(`/transactions/transaction-info?transactionId=${order!.id}&merchantId=${order!.merchantId}`);
  await expect(page.getByTestId('metadata-entry').filter({ hasText: note })).toContainText('412');
  await expect(page.getByRole('form', { name: 'Add a note or data' })).toHaveCount(0);
});
