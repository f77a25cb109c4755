import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { PAY_API, type PaymentLink } from '../contract/payment-links';
import { BACKOFFICE_API, MERCHANT_HEADER } from '../contract/product';
import { signInAs } from './export-support/api';

// Issue 38: the front desk sees a guest's payment on the property's home the moment it is made, without a
// reload (the home does not poll: only the live event stream can bring it).

test("a guest's payment appears on the property manager's home without a reload", async ({ page, browser }) => {
  await signInAs(page, 'propertymanager@demo.folio.test');
  const streamOpen = page.waitForResponse((response) => response.url().includes('/live/events') && response.status() === 200);
  await page.goto('/property-management');
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('folio.active-property') ?? '')).not.toBe('');
  await expect(page.getByTestId('recent-orders')).toBeVisible();
  await streamOpen;

  const merchantId = await page.evaluate(() => window.localStorage.getItem('folio.active-property')!);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const created = await page.request.post(`${BACKOFFICE_API}/payment-links`, {
    headers: { Authorization: `Bearer ${session.accessToken}`, [MERCHANT_HEADER]: merchantId, 'Idempotency-Key': randomUUID() },
    data: {
      guestName: 'Liv Guest',
      guestEmail: 'liv.guest@example.test',
      amountMinor: 431_97,
      currency: 'EUR',
      paymentType: 'PN',
      chargeCategory: 'Rooms',
      bookingReference: 'BK-LIVE-1',
      expiryHours: 24,
    },
  });
  expect(created.ok()).toBe(true);
  const link = (await created.json()) as PaymentLink;
  await expect(page.getByTestId('recent-orders')).not.toContainText('431.97');

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(link.url);
  await guest.getByLabel('Name on card').fill('Liv Guest');
  await guest.getByLabel('Card number').fill('4242 4242 4242 4242');
  await guest.getByLabel('Expiry month').fill('12');
  await guest.getByLabel('Expiry year').fill('2030');
  await guest.getByLabel('Security code (CVC)').fill('123');
  await guest.getByRole('button', { name: 'Pay €431.97' }).click();
  await expect(guest.getByTestId('link-outcome')).toHaveAttribute('data-outcome', 'Paid');

  await expect(page.getByTestId('recent-orders')).toContainText('431.97');
  await expect(page.getByTestId('live-paused')).toHaveCount(0);
  await guest.context().close();
});

// Issue 38: an approver sees a refund waiting for them as soon as it is requested, without a reload (the refunds
// screen does not poll: only the live event stream can bring it).
test("an approver's waiting-for-me count rises when a refund is requested in another browser", async ({ page, browser }) => {
  await signInAs(page, 'propertymanager@demo.folio.test');
  const streamOpen = page.waitForResponse((response) => response.url().includes('/live/events') && response.status() === 200);
  await page.goto('/refund-management');
  const count = page.getByTestId('waiting-for-me-count');
  await expect(count).toBeVisible();
  await streamOpen;
  const before = Number((await count.innerText()).replace(/\D/g, ''));

  // The front desk, in a browser of its own, asks for a refund above what is approved by itself (the demo rule's 25.00).
  const desk = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const deskPage = await desk.newPage();
  await signInAs(deskPage, 'propertyoperations@demo.folio.test');
  const { accessToken } = (await (await deskPage.request.get('/api/auth/session')).json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  const search = await deskPage.request.post(`${BACKOFFICE_API}/order/search`, {
    headers,
    data: { filters: { statuses: ['Paid'], paymentTypes: ['PN'], amountMin: 10_000 }, sorting: [], pagination: { page: 0, pageSize: 100 } },
  });
  const orders = ((await search.json()) as { items: Array<{ id: number; merchantId: string; currency: string }> }).items.filter(
    (order) => order.currency === 'EUR',
  );
  // From the end of the page: the refunds suite takes its orders from the start.
  const order = orders.at(-1);
  if (!order) throw new Error('no paid EUR order for the front desk');
  const requested = await deskPage.request.post(`${BACKOFFICE_API}/refunds/requests`, {
    headers: { ...headers, [MERCHANT_HEADER]: order.merchantId, 'Idempotency-Key': randomUUID() },
    data: { merchantId: order.merchantId, orderId: order.id, amountMinor: 30_00, currency: 'EUR', reason: 'guest left a night early' },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  expect(((await requested.json()) as { approvalStatus: string }).approvalStatus).toBe('Pending');

  await expect(count).toHaveText(String(before + 1));
  await expect(page.getByTestId('live-paused')).toHaveCount(0);
  await desk.close();
});

// Issue 38: a payment made while someone reads the transactions does not push the rows they read; a polite
// "new rows" button shows it when they ask.
test('new transactions wait behind a "new rows" button while the list is read', async ({ page }) => {
  await signInAs(page, 'propertymanager@demo.folio.test');
  const streamOpen = page.waitForResponse((response) => response.url().includes('/live/events') && response.status() === 200);
  await page.goto('/transactions');
  const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await streamOpen;
  // The list's first answer, not its loading row, is what the user is reading.
  await expect(rows.nth(1)).not.toContainText('Loading');
  const firstRow = await rows.nth(1).innerText();

  // The property the screen works on, once the shell has chosen it.
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('folio.active-property') ?? '')).not.toBe('');
  const merchantId = await page.evaluate(() => window.localStorage.getItem('folio.active-property')!);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const created = await page.request.post(`${BACKOFFICE_API}/payment-links`, {
    headers: { Authorization: `Bearer ${session.accessToken}`, [MERCHANT_HEADER]: merchantId, 'Idempotency-Key': randomUUID() },
    data: {
      guestName: 'Rowan Newrow',
      guestEmail: 'rowan.newrow@example.test',
      amountMinor: 517_43,
      currency: 'EUR',
      paymentType: 'PN',
      chargeCategory: 'Rooms',
      bookingReference: 'BK-LIVE-ROWS',
      expiryHours: 24,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const link = (await created.json()) as PaymentLink;
  const token = new URL(link.url).pathname.split('/').pop()!;
  const paid = await page.request.post(`${PAY_API}/links/${encodeURIComponent(token)}/pay`, {
    data: { cardholderName: 'Rowan Newrow', cardNumber: '4242 4242 4242 4242', expiryMonth: 12, expiryYear: 2030, cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  const newRows = page.getByTestId('new-rows');
  await expect(newRows).toHaveText('1 new row: show it');
  // The rows being read stay where they were.
  expect(await rows.nth(1).innerText()).toBe(firstRow);
  await expect(page.getByRole('table', { name: 'Transactions' })).not.toContainText('517.43');
  await newRows.click();
  await expect(rows.nth(1)).toContainText('517.43');
  await expect(newRows).toHaveCount(0);
});
