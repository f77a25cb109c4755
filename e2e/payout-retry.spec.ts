import { expect, test, type Page, type Request } from './support/test';
import { MERCHANT_API } from '../contract/product';
import { apiOf, PROVIDER_ADMIN, signInAs } from './export-support/api';
import { doubleClickOpener } from './support/double-click';

// Issue 11: double-clicking "Retry payout" sent two requests and the second's 409 showed as an
// error although the retry had worked. A retry is confirmed, acts once, carries one idempotency
// key per intent (decision 0200), and a refusal shows the spec 8 error toast.
const RETRY_CALL = /\/payouts\/[0-9a-f-]{36}\/retry$/;

async function openFailedPayout(page: Page, row: number) {
  await signInAs(page, PROVIDER_ADMIN);
  await page.goto('/payouts');
  const form = page.getByRole('form', { name: 'Filter payouts' });
  await form.getByLabel('Status').selectOption('Failed');
  const searched = page.waitForResponse(
    (response) => response.url().endsWith('/payouts/search') && response.ok() && (response.request().postData() ?? '').includes('"Failed"'),
  );
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await searched;
  const target = page.getByRole('table', { name: 'Payouts' }).getByRole('row').nth(row);
  // The filtered page replaces the previous rows after the answer arrives: read the row once it shows a failed payout.
  await expect(target).toContainText('Failed');
  const reference = await target.getByRole('cell').first().innerText();
  await target.click();
  const dialog = page.getByRole('dialog', { name: `Payout ${reference}` });
  await expect(dialog.getByTestId('payout-status')).toHaveText('Failed');
  return { dialog, reference };
}

// Issue 34: a double click on Retry payout opened its confirmation and closed it at once (the second click on the backdrop).
test('a double click on Retry payout leaves its confirmation open; a double click on the confirmed retry sends one request, with an idempotency key, and shows success only', async ({
  page,
}) => {
  const { dialog } = await openFailedPayout(page, 1);
  const retries: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && RETRY_CALL.test(request.url())) retries.push(request);
  });
  const confirm = await doubleClickOpener(page, dialog.getByRole('button', { name: 'Retry payout' }));
  await expect(confirm).toContainText('is sent to the bank again as a new attempt');
  await confirm.getByRole('button', { name: 'Retry payout' }).dblclick();
  await expect(dialog.getByRole('status')).toHaveText(/^Retry started: attempt \d+ is processing\.$/);
  await expect(dialog.getByTestId('payout-status')).toHaveText('Processing');
  await expect(confirm).toBeHidden();
  expect(retries).toHaveLength(1);
  expect(retries[0]!.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByTestId('error-toast')).toHaveCount(0);
});

test('a retry refused by the server (the payout changed meanwhile) shows the error toast and the payout as it is', async ({ page }) => {
  // With live updates the other tab's retry would reach this screen before the click (issue 38): a screen that is
  // stale is one whose stream is down, so the stream is kept down here.
  await page.route('**/live/events**', (route) => route.abort());
  const { dialog, reference } = await openFailedPayout(page, 2);
  // Another tab retries the same payout first.
  const api = await apiOf(page);
  const [payout] = await api.allPayouts({ filters: { reference }, sorting: [] });
  await api.post(`${MERCHANT_API}/payouts/${String(payout!.id)}/retry`, {});
  await dialog.getByRole('button', { name: 'Retry payout' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Retry payout' }).click();
  const toast = page.getByTestId('error-toast');
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('This cannot be done now');
  await expect(toast).not.toContainText('Conflict');
  await expect(toast).toContainText('Only a failed payout can be retried, and this one is now “Processing”. Reload the payout to see where it stands.');
  await expect(dialog.getByTestId('payout-status')).toHaveText('Processing');
});
