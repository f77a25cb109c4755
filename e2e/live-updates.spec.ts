import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { PaymentLink } from '../contract/payment-links';
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
