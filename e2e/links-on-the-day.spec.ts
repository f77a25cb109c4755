import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import type { PaymentLink } from '../contract/payment-links';
import { BACKOFFICE_API, MERCHANT_HEADER } from '../contract/product';
import { signInAs } from './export-support/api';

// Issue 34, the property's day: a link locked after five refused cards leaves "Open payment links", shows
// its own state, and its refusals are one failed payment of its order. Its order's screens, the transactions
// list and the transaction info, say the link's state too (decision 0535).

test('a locked link shows as locked, not open, wherever its order appears, and its five refusals are one failed payment', async ({ page }) => {
  const reference = `BK-DAY-LOCK-${randomUUID().slice(0, 8)}`;
  await signInAs(page, 'propertymanager@demo.folio.test');
  await page.goto('/property-management');
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('folio.active-property') ?? '')).not.toBe('');
  const merchantId = await page.evaluate(() => window.localStorage.getItem('folio.active-property')!);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const created = await page.request.post(`${BACKOFFICE_API}/payment-links`, {
    headers: { Authorization: `Bearer ${session.accessToken}`, [MERCHANT_HEADER]: merchantId, 'Idempotency-Key': randomUUID() },
    data: {
      guestName: 'Lo Guest',
      guestEmail: 'lo@example.test',
      amountMinor: 66_00,
      currency: 'EUR',
      paymentType: 'PN',
      chargeCategory: 'Rooms',
      bookingReference: reference,
      expiryHours: 1,
    },
  });
  const link = (await created.json()) as PaymentLink;
  const token = new URL(link.url).pathname.split('/').pop()!;
  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = await page.request.post(`/pay/api/v1/links/${token}/pay`, {
      data: { cardholderName: 'Lo', cardNumber: '4000000000000002', expiryMonth: 12, expiryYear: 2030, cvc: '123' },
    });
    expect(answer.status()).toBe(200);
  }
  await page.reload();
  await expect(page.getByTestId('recent-orders')).toContainText(reference);
  const open = page.getByTestId('open-links');
  await expect(open).not.toContainText(reference);
  const stopped = page.getByTestId('expired-links').getByRole('listitem').filter({ hasText: reference });
  await expect(stopped).toContainText('Locked: too many refused cards');
  const failed = page.getByTestId('failed-payments').getByTestId('dashboard-order').filter({ hasText: reference });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('5 refused attempts');
  await expect(failed).toContainText('Link locked: too many refused cards');

  await failed.getByRole('link').click();
  const linkLine = page.getByTestId('order-payment-link');
  await expect(linkLine).toContainText('Link locked: too many refused cards');
  await expect(linkLine).toContainText('5 cards refused on this link');
  await page.goto('/transactions');
  await page.getByLabel('Reference starts with').fill(reference);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Payment link sent, not processed');
  await expect(row.getByTestId('link-state')).toHaveText('Link locked: too many refused cards');
});
