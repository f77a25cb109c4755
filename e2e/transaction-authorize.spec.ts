import { expect, test, type Page } from './support/test';
import { IDEMPOTENCY_KEY_HEADER } from '../contract/endpoint';
import type { OrderDetail } from '../contract/transaction-payments';
import { BACKOFFICE_API } from '../contract/product';
import { formatMoney } from '../src/lib/format';
import { apiOf, PROVIDER_ADMIN, signInAs } from './export-support/api';

// Issue 14 / decision 0210: a property manager authorizes the card kept on their own property's
// order (AUREQ) from the transaction info screen, confirming amount and currency first; an order
// of another merchant's property is neither shown nor authorized.

const PROPERTY_MANAGER = 'propertymanager@demo.folio.test';

async function ownOrderToAuthorize(page: Page): Promise<OrderDetail> {
  const api = await apiOf(page);
  const rows = await api.allOrders({ filters: { statuses: ['Tokenized'], paymentTypes: ['PN', 'PL'] }, sorting: [] });
  for (const row of rows.slice(0, 60)) {
    const detail = (await api.get(`${BACKOFFICE_API}/order/${String(row.id)}`)) as OrderDetail;
    // Amounts ending in 52 and every 17th order's token are the demo acquirer's declines.
    if (detail.allowedActions.includes('authorize') && detail.amountMinor % 100 !== 52 && detail.id % 17 !== 0) return detail;
  }
  throw new Error('no Tokenized order with a card on file');
}

async function foreignOrder(page: Page, ownIds: Set<number>): Promise<{ id: number; merchantId: string }> {
  await signInAs(page, PROVIDER_ADMIN);
  const api = await apiOf(page);
  for (let index = 0; index < 20; index++) {
    const answer = (await api.post(`${BACKOFFICE_API}/order/search`, { filters: { statuses: ['Tokenized'] }, pagination: { page: index, pageSize: 100 } })) as {
      items: { id: number; merchantId: string }[];
    };
    const found = answer.items.find((row) => !ownIds.has(row.id));
    if (found) return found;
  }
  throw new Error("no order outside the property manager's properties");
}

test("a property manager authorizes their own property's tokenized card; another merchant's order is refused", async ({ page }) => {
  await signInAs(page, PROPERTY_MANAGER);
  const order = await ownOrderToAuthorize(page);
  const ownIds = new Set((await (await apiOf(page)).allOrders({ filters: { statuses: ['Tokenized'] }, sorting: [] })).map((row) => Number(row.id)));

  await page.goto(`/transactions/transaction-info?transactionId=${order.id}&merchantId=${order.merchantId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.id}` })).toBeVisible();
  await expect(page.getByTestId('order-open')).toHaveText(formatMoney(0, order.currency));
  await expect(page.getByLabel('Amount to authorize')).toBeVisible();
  await page.getByRole('button', { name: 'Authorize card' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  const amount = formatMoney(order.amountMinor, order.currency);
  await expect(confirm).toContainText(`${amount} (${order.currency})`);
  const sent = page.waitForRequest((request) => request.url().endsWith('/payment/authorizations'));
  await confirm.getByRole('button', { name: `Authorize ${amount}` }).click();
  const request = await sent;
  expect(request.headers()[IDEMPOTENCY_KEY_HEADER.toLowerCase()]).toMatch(/^[0-9a-f-]{36}$/);
  expect(request.postDataJSON()).toMatchObject({ orderId: order.id, requestCode: 'AUREQ', amountMinor: order.amountMinor, currency: order.currency });
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('order-open')).toHaveText(amount);
  await expect(page.getByTestId('order-status')).toHaveText('Tokenized');
  await expect(page.getByTestId('timeline-entry').filter({ hasText: `Authorized ${amount}` })).toContainText(PROPERTY_MANAGER);
  // The hold is now what the screen offers to capture or void; a second authorization is not offered.
  await expect(page.getByRole('button', { name: 'Authorize card' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Void the rest' })).toBeVisible();

  const foreign = await foreignOrder(page, ownIds);
  await signInAs(page, PROPERTY_MANAGER);
  for (const url of [
    `/transactions/transaction-info?transactionId=${foreign.id}`,
    `/transactions/transaction-info?transactionId=${foreign.id}&merchantId=${foreign.merchantId}`,
  ]) {
    await page.goto(url);
    await expect(page.getByText('This order was not found, or you may not see it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Authorize card' })).toHaveCount(0);
  }
  const { accessToken } = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const refused = await page.request.post(`${BACKOFFICE_API}/payment/authorizations`, {
    headers: { Authorization: `Bearer ${accessToken}`, [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
    data: { orderId: foreign.id, requestCode: 'AUREQ', currency: 'EUR' },
  });
  expect(refused.status()).toBe(404);
  expect(await refused.text()).not.toContain(foreign.merchantId);
});
