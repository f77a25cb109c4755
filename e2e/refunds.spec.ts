import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { BACKOFFICE_API, MERCHANT_HEADER } from '../contract/product';
import type { RefundRequestDetail } from '../contract/refunds';
import { formatMoney } from '../src/lib/format';
import { apiOf, PROVIDER_ADMIN, signInAs } from './export-support/api';
import { doubleClickOpener } from './support/double-click';

// Issue 16 "Done when" in Chromium (decision 0230): a merchant admin sets the rule on the rules
// screen; a property operations user requests a partial refund above the two-approval threshold
// from transaction info; the merchant admin and the property manager approve from the refunds
// table; the refund completes through the demo acquirer and shows on the transaction and in the
// table. The requester's own approve button is absent and the API refuses it (403); a rejected
// request overridden by a provider admin completes.
const MERCHANT_ADMIN = 'merchantadmin@demo.folio.test';
const OPERATIONS = 'propertyoperations@demo.folio.test';
const MANAGER = 'propertymanager@demo.folio.test';

interface Paid {
  id: number;
  merchantId: string;
  currency: string;
  referenceNo: string;
  amountMinor: number;
}

/** Paid card payments (not authorizations) of the merchant admin's group in EUR, over 150.00, newest first. */
async function paidOrders(page: Page): Promise<Paid[]> {
  const api = await apiOf(page);
  const rows = (await api.allOrders({ filters: { statuses: ['Paid'], paymentTypes: ['PN'], amountMin: 15_000 }, sorting: [] })) as unknown as Paid[];
  // Orders the demo's own refunds (seed-refunds.ts) already use are left out.
  const seeded = (await api.post(`${BACKOFFICE_API}/refunds/requests/search`, { pagination: { page: 0, pageSize: 100 } })) as {
    items: Array<{ orderId: number }>;
  };
  const taken = new Set(seeded.items.map((item) => item.orderId));
  return rows.filter((row) => row.currency === 'EUR' && !taken.has(row.id));
}

async function openOrder(page: Page, order: Paid) {
  await page.goto(`/transactions/transaction-info?transactionId=${order.id}&merchantId=${order.merchantId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.id}` })).toBeVisible();
}

async function requestRefund(page: Page, order: Paid, amount: string, reason: string) {
  await openOrder(page, order);
  await page.getByRole('button', { name: 'Request refund' }).click();
  const dialog = page.getByTestId('refund-request-dialog');
  await dialog.getByLabel('Refund amount').fill(amount);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Request refund' }).click();
  await expect(page).toHaveURL(/\/refund-management\/refund-submitted\?id=/);
  return new URL(page.url()).searchParams.get('id')!;
}

async function openInTable(page: Page, view: 'All refunds' | 'Waiting for me', reference: string) {
  await page.goto('/refund-management');
  await page.getByRole('radio', { name: view }).click();
  await page.getByRole('button', { name: reference, exact: true }).first().click();
  return page.getByTestId('refund-detail');
}

async function decide(page: Page, decision: 'Approve' | 'Reject' | 'Override rejection', reason?: string) {
  const detail = page.getByTestId('refund-detail');
  await detail.getByRole('button', { name: decision, exact: true }).click();
  const confirm = page.getByTestId('confirm-dialog');
  if (reason) await confirm.getByLabel('Reason').fill(reason);
  await confirm.getByRole('button', { name: decision, exact: true }).click();
  await expect(confirm).toBeHidden();
}

test.describe.configure({ mode: 'serial' });

test('rule, request above the two-approval threshold, two approvals, refunded on the transaction and in the table; the requester cannot approve', async ({
  page,
}) => {
  await signInAs(page, MERCHANT_ADMIN);
  await page.goto('/refund-management/rules');
  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByLabel('Auto-approve up to').fill('10.00');
  await page.getByLabel('Two approvals above').fill('50.00');
  await page.getByRole('button', { name: 'Save rule' }).click();
  const rule = page.getByTestId('refund-rule');
  await expect(rule).toHaveCount(1);
  await expect(rule).toContainText('Lagoon Hotels Group (all properties)');
  await expect(rule).toContainText(formatMoney(5_000, 'EUR'));

  const [order, own] = await paidOrders(page);
  if (!order || !own) throw new Error('no paid orders in the demo group');

  await signInAs(page, OPERATIONS);
  const id = await requestRefund(page, order, '60.00', 'guest left two nights early');
  await expect(page.getByTestId('refund-next-step')).toContainText(`The refund of ${formatMoney(6_000, 'EUR')} waits for 2 approvals`);
  await expect(page.getByTestId('refund-next-step')).toContainText('Merchant admin, Property manager');

  await signInAs(page, MERCHANT_ADMIN);
  await openInTable(page, 'Waiting for me', order.referenceNo);
  await decide(page, 'Approve');
  await expect(page.getByTestId('refund-approvals')).toHaveText('1 of 2');
  await expect(page.getByTestId('refund-detail')).toContainText('Partially approved');
  // Having approved once, the merchant admin is offered no second approval.
  await expect(page.getByTestId('refund-detail').getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);

  await signInAs(page, MANAGER);
  await openInTable(page, 'Waiting for me', order.referenceNo);
  await decide(page, 'Approve');
  await expect(page.getByTestId('refund-detail')).toContainText('Completed');
  await expect(page.getByTestId('refund-executions')).toContainText(`Refunded ${formatMoney(6_000, 'EUR')}`);
  await page.getByRole('button', { name: 'Close' }).click();
  // Decided, it no longer waits for the property manager; all refunds show it.
  await expect(page.getByRole('row').filter({ hasText: order.referenceNo })).toHaveCount(0);
  await page.getByRole('radio', { name: 'All refunds' }).click();
  const row = page.getByRole('row').filter({ hasText: order.referenceNo });
  await expect(row).toContainText('Approved');
  await expect(row).toContainText('Completed');

  await openOrder(page, order);
  await expect(page.getByTestId('order-refund')).toContainText(`${formatMoney(6_000, 'EUR')} · Approved · Completed`);

  // The merchant admin's own request: no approve button for them, and the API refuses it.
  await signInAs(page, MERCHANT_ADMIN);
  const ownId = await requestRefund(page, own, '20.00', 'room not cleaned');
  await expect(page.getByTestId('refund-next-step')).toContainText('waits for 1 approval');
  await page.goto('/refund-management');
  await page.getByRole('button', { name: own.referenceNo, exact: true }).first().click();
  await expect(page.getByTestId('refund-detail')).toContainText('You requested this refund');
  await expect(page.getByTestId('refund-detail').getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  const api = await apiOf(page);
  const refused = await page.request.post(`${BACKOFFICE_API}/refunds/requests/${ownId}/approve`, {
    headers: { Authorization: (await api.get('/api/auth/session').then((s: { accessToken: string }) => `Bearer ${s.accessToken}`)) as string },
    data: {},
  });
  expect(refused.status()).toBe(403);
  const detail = (await api.get(`${BACKOFFICE_API}/refunds/requests/${id}`)) as RefundRequestDetail;
  expect(detail).toMatchObject({ approvalStatus: 'Approved', state: 'Completed', approvalsGiven: 2 });
});

test('a request says what is wrong in words; a rejected request overridden by a provider admin completes', async ({ page }) => {
  await signInAs(page, MERCHANT_ADMIN);
  const orders = await paidOrders(page);
  const order = orders[2];
  if (!order) throw new Error('no third paid order');
  await signInAs(page, OPERATIONS);
  // Issue 34: what is wrong with a request is said at its fields, in words, all at once (the request is then made anew).
  await openOrder(page, order);
  await page.getByRole('button', { name: 'Request refund' }).click();
  const wrong = page.getByTestId('refund-request-dialog');
  await wrong.getByLabel('Refund amount').fill('999999.00');
  await wrong.getByLabel('Reason').fill('no');
  await wrong.getByRole('button', { name: 'Request refund' }).click();
  await expect(wrong.getByText(/^You can refund at most €[\d,.]+ on this order\.$/)).toBeVisible();
  await expect(wrong.getByText('Say why in at least 3 characters.')).toBeVisible();
  await requestRefund(page, order, '30.00', 'minibar charged twice');

  await signInAs(page, MERCHANT_ADMIN);
  await openInTable(page, 'Waiting for me', order.referenceNo);
  await decide(page, 'Reject', 'not charged twice, checked the folio');
  await expect(page.getByTestId('refund-detail')).toContainText('Rejected');
  await expect(page.getByTestId('refund-detail').getByRole('button', { name: 'Override rejection' })).toHaveCount(0);

  await signInAs(page, PROVIDER_ADMIN);
  await openInTable(page, 'All refunds', order.referenceNo);
  await decide(page, 'Override rejection', 'guest showed the bank statement');
  await expect(page.getByTestId('refund-detail')).toContainText('Approved (overridden)');
  await expect(page.getByTestId('refund-detail')).toContainText('Completed');
  await expect(page.getByTestId('refund-decisions')).toContainText('not charged twice');
  await expect(page.getByTestId('refund-decisions')).toContainText('guest showed the bank statement');
});

// Issue 34: the second click of a double click on Approve landed on the confirmation's backdrop and closed it.
test('a double click on Approve leaves its confirmation open, and confirming approves once', async ({ page }) => {
  // The first test's rule (approved by itself up to 10.00, two approvals above 50.00): 30.00 waits for one approval.
  await signInAs(page, OPERATIONS);
  // Orders with a request already (the tests above took theirs) are left out by paidOrders.
  const [order] = await paidOrders(page);
  if (!order) throw new Error('no paid order without a refund request');
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const requested = await page.request.post(`${BACKOFFICE_API}/refunds/requests`, {
    headers: { Authorization: `Bearer ${session.accessToken}`, [MERCHANT_HEADER]: order.merchantId, 'Idempotency-Key': randomUUID() },
    data: { merchantId: order.merchantId, orderId: order.id, amountMinor: 30_00, currency: 'EUR', reason: 'guest left a night early' },
  });
  expect(requested.status(), await requested.text()).toBe(201);

  await signInAs(page, MERCHANT_ADMIN);
  const detail = await openInTable(page, 'Waiting for me', order.referenceNo);
  const confirm = await doubleClickOpener(page, detail.getByRole('button', { name: 'Approve', exact: true }));
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(detail.getByTestId('refund-approvals')).toHaveText('1 of 1');
  await expect(detail).toContainText('Completed');
});

test('a double click on a request in the table opens its details and leaves them open', async ({ page }) => {
  // The requests the tests above made: the provider admin sees them all.
  await signInAs(page, PROVIDER_ADMIN);
  await page.goto('/refund-management');
  await page.getByRole('radio', { name: 'All refunds' }).click();
  const opener = page.getByRole('row').nth(1).getByRole('button').first();
  const detail = await doubleClickOpener(page, opener, page.getByTestId('refund-detail'));
  await expect(detail.getByRole('heading', { level: 2 })).toBeVisible();
  // Past the double click's half second, a click beside the details closes them, as it always did.
  await page.waitForTimeout(600);
  await page.mouse.down();
  await page.mouse.up();
  await expect(detail).toBeHidden();
  // Escape right after the opening double click closes them: only that click was held back.
  await doubleClickOpener(page, opener, detail);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  // On a busy machine the details may be drawn well after the first click: the second press, counted by the browser as
  // the second of a double click, is still held back however late it comes (a CI run saw them close).
  await opener.click();
  await expect(detail).toBeVisible();
  await page.waitForTimeout(800);
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
  await expect(detail).toBeVisible();
});
