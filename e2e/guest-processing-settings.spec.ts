import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import type { PaymentLink } from '../contract/payment-links';
import { BACKOFFICE_API, MERCHANT_API, MERCHANT_HEADER } from '../contract/product';
import { PROCESSING_DEFAULTS } from '../contract/settings/processing';
import { apiOf, signInAs } from './export-support/api';
import { usePrivateServer } from './support/private-server';

// Decision 0698: the guest's page takes cards as the property's processing settings say. A hotel that takes only
// American Express, Discover and Diners Club, asks no holder's name and only holds the amount: its guest, on a
// phone, reads which cards are taken, is told a Visa card is not taken before anything is sent, and with a
// double-clicked "Authorize" has the amount held once.

usePrivateServer(78);

test("a guest on a phone pays as the property's processing settings say: the cards it takes, no name asked, the amount held", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'merchantadmin@demo.folio.test');
  const admin = await apiOf(page);
  const found = (await admin.post(`${MERCHANT_API}/properties/search`, { filters: { search: 'Canal House' } })) as { items: Array<{ merchantId: string }> };
  const merchantId = found.items[0]!.merchantId;
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const saved = await page.request.put(`${MERCHANT_API}/property-settings/${merchantId}/processing`, {
    headers: { Authorization: `Bearer ${session.accessToken}` },
    data: { ...PROCESSING_DEFAULTS, schemes: ['amexDiscoverDiners'], cardholderNameRequired: false, forceAuthorization: true },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const made = await page.request.post(`${BACKOFFICE_API}/payment-links`, {
    headers: { Authorization: `Bearer ${session.accessToken}`, [MERCHANT_HEADER]: merchantId, 'Idempotency-Key': randomUUID() },
    data: {
      guestName: 'Cy Guest',
      guestEmail: 'cy.guest@example.test',
      amountMinor: 240_00,
      currency: 'EUR',
      paymentType: 'PN',
      chargeCategory: 'Rooms',
      bookingReference: 'BK-AMEX-ONLY',
      expiryHours: 24,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const link = (await made.json()) as PaymentLink;

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await phone.newPage();
  const payments: string[] = [];
  guest.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/pay')) payments.push(request.url());
  });
  await guest.goto(link.url);
  await expect(guest.getByTestId('accepted-cards')).toHaveText('Cards taken here: American Express, Discover, Diners Club.');
  await expect(guest.getByText('The amount is held on your card; the hotel charges it later.')).toBeVisible();
  await expect(guest.getByLabel('Name on card (optional)')).toBeVisible();
  await guest.getByLabel('Card number').fill('4242 4242 4242 4242');
  await guest.getByLabel('Expiry month').fill('12');
  await guest.getByLabel('Expiry year').fill('2030');
  await guest.getByLabel('Security code (CVC)').fill('1234');
  const authorize = guest.getByRole('button', { name: 'Authorize €240.00' });
  await authorize.click();
  await expect(guest.getByText('This hotel does not take this card. Use one of these: American Express, Discover, Diners Club.')).toBeVisible();
  expect(payments).toEqual([]);

  await guest.getByLabel('Card number').fill('3782 822463 10005');
  await authorize.dblclick();
  const outcome = guest.getByTestId('link-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'AmountHeld');
  await expect(outcome).toContainText('American Express');
  expect(payments).toHaveLength(1);
  expect(await guest.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();

  // The hotel sees the amount held, not paid, on the order: its capture is the hotel's to make.
  // Its settings pages say what each field does, and which are kept but not applied yet.
  await page.goto(`/properties/processing-settings?merchantId=${merchantId}`);
  const processing = page.getByRole('form', { name: 'Processing settings' });
  await expect(processing.locator('[data-field="forceAuthorization"]')).toContainText('a pay-now link only holds the amount');
  await expect(processing.locator('[data-field="guestEmailDomains"]')).toContainText('Not applied yet: payment links do not use them.');
  await page.goto(`/properties/payout-settings?merchantId=${merchantId}`);
  await expect(page.getByRole('form', { name: 'Payout settings' }).locator('[data-field="minimumPayoutMinor"]')).toContainText(
    'A payout that would pay less waits',
  );
  await expect(page.getByRole('form', { name: 'Payout settings' }).locator('[data-field="schedule"]')).toContainText('weekly pays Monday to Sunday');
  const order = (await admin.get(`${BACKOFFICE_API}/order/${link.orderId}`)) as { status: string };
  expect(order.status).toBe('Tokenized');
});
