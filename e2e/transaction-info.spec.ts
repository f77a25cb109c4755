import { expect, test, type Page } from './support/test';
import { BACKOFFICE_API } from '../contract/product';
import type { OrderDetail } from '../contract/transaction-payments';
import { formatMoney, minorDigitsOf, minorToPlain } from '../src/lib/format';
import { apiOf, PROVIDER_ADMIN, signInAs } from './export-support/api';

// Issue 14: staff open a transaction from the list and act on it: capture part of an authorization,
// void the rest, cancel another order with a reason; a view-only role sees no action (decision 0205).

async function openFromList(page: Page, order: { id: number; referenceNo: string }) {
  await page.goto('/transactions');
  const form = page.getByRole('form', { name: 'Filter transactions' });
  await form.getByLabel('Reference starts with').fill(order.referenceNo);
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await page.getByRole('link', { name: String(order.id), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.id}` })).toBeVisible();
}

async function firstOrder(page: Page, filters: Record<string, unknown>, accept: (detail: OrderDetail) => boolean): Promise<OrderDetail> {
  const api = await apiOf(page);
  const rows = await api.allOrders({ filters, sorting: [] });
  for (const row of rows.slice(0, 40)) {
    const detail = (await api.get(`${BACKOFFICE_API}/order/${String(row.id)}`)) as OrderDetail;
    if (accept(detail)) return detail;
  }
  throw new Error(`no order matching ${JSON.stringify(filters)}`);
}

test('capture part of an authorization, void the rest: both in the timeline, Tokenized then Paid', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const order = await firstOrder(
    page,
    { statuses: ['Tokenized'], paymentTypes: ['AU'] },
    (detail) => detail.capturedMinor === 0 && detail.openAuthorizationMinor > 5_000,
  );
  await openFromList(page, order);
  await expect(page.getByTestId('order-status')).toHaveText('Tokenized');

  const part = 2_000;
  await page.getByLabel('Amount to capture').fill(minorToPlain(part, minorDigitsOf(order.currency)));
  await page.getByRole('button', { name: 'Capture', exact: true }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(`${formatMoney(part, order.currency)} (${order.currency})`);
  const captured = page.waitForRequest((request) => request.url().endsWith('/payment/captures'));
  await confirm.getByRole('button', { name: `Capture ${formatMoney(part, order.currency)}` }).click();
  expect((await captured).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('order-captured')).toHaveText(formatMoney(part, order.currency));
  await expect(page.getByTestId('order-status')).toHaveText('Tokenized');

  await page.getByRole('button', { name: 'Void the rest' }).click();
  const rest = order.openAuthorizationMinor - part;
  await expect(confirm).toContainText(formatMoney(rest, order.currency));
  await confirm.getByRole('button', { name: `Void ${formatMoney(rest, order.currency)}` }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  const entries = page.getByTestId('timeline-entry');
  await expect(entries.filter({ hasText: `Captured ${formatMoney(part, order.currency)}` })).toContainText('folioadmin@demo.folio.test');
  await expect(entries.filter({ hasText: `Voided ${formatMoney(rest, order.currency)}` })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Void the rest' })).toHaveCount(0);
  await expect(page.getByTestId('error-toast')).toHaveCount(0);
});

test('cancel another order with a reason', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const order = await firstOrder(page, { statuses: ['Pending'] }, (detail) => detail.allowedActions.includes('cancel'));
  await openFromList(page, order);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await confirm.getByLabel('Reason').fill('Guest booked twice');
  await confirm.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('timeline-entry').filter({ hasText: 'Guest booked twice' })).toContainText('Cancelled');
  await expect(page.getByTestId('order-actions')).toHaveCount(0);
});

test('a view-only role sees the order and its timeline without any action', async ({ page }) => {
  await signInAs(page, 'merchantviewonlyuser@demo.folio.test');
  const order = await firstOrder(page, { statuses: ['Tokenized'], paymentTypes: ['AU'] }, (detail) => detail.openAuthorizationMinor > 0);
  expect(order.allowedActions).toEqual([]);
  await openFromList(page, order);
  await expect(page.getByTestId('order-open')).toHaveText(formatMoney(order.openAuthorizationMinor, order.currency));
  await expect(page.getByTestId('payment-timeline')).toContainText('Authorized');
  await expect(page.getByTestId('order-actions')).toHaveCount(0);
  for (const name of ['Capture', 'Void the rest', 'Cancel order', 'Save reference', 'Resend']) await expect(page.getByRole('button', { name })).toHaveCount(0);
});

test("a property manager changes the reference number of their property's order", async ({ page }) => {
  await signInAs(page, 'propertymanager@demo.folio.test');
  const order = await firstOrder(page, { statuses: ['Paid'] }, (detail) => detail.allowedActions.includes('updateReferenceNo'));
  await openFromList(page, order);
  const reference = `PM-${order.id}-FIXED`;
  await page.getByLabel('Reference number').fill(reference);
  await page.getByRole('button', { name: 'Save reference' }).click();
  await expect(page.getByTestId('order-reference')).toHaveText(reference);
  await expect(page.getByTestId('timeline-entry').filter({ hasText: 'Reference number changed' })).toContainText(`${order.referenceNo} → ${reference}`);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
});

test("resend an e-mail from the order's history", async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const api = await apiOf(page);
  const order = await firstOrder(page, { paymentTypes: ['PL'] }, (detail) => detail.mayAct);
  const before = (await api.get(`${BACKOFFICE_API}/order/${order.id}/email-history`)) as { total: number; items: { subject: string }[] };
  expect(before.total).toBeGreaterThan(0);
  await openFromList(page, order);
  const history = page.getByTestId('email-history');
  await expect(history.getByTestId('email-entry')).toHaveCount(before.total);
  await history.getByRole('button', { name: `Resend “${before.items[0]!.subject}”` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The e-mail was sent again.' })).toBeVisible();
  await expect(history.getByTestId('email-entry')).toHaveCount(before.total + 1);
  await expect(history.getByTestId('email-entry').first()).toContainText('Resent');
});
