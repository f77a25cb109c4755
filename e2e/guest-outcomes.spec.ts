import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from './support/test';
import type { PaymentLink } from '../contract/payment-links';
import type { PropertyDashboard } from '../contract/home';
import { BACKOFFICE_API, MERCHANT_HEADER } from '../contract/product';
import { signInAs } from './export-support/api';

// Issue 34, the guest's page: one screen per outcome of a link (paid, card saved, amount held,
// expired, cancelled, locked after refusals), each in its own words and the same after a reload;
// a double click on "Pay" sends one payment; a refusal says its problem once; the card form names
// every field to correct at once.

const MANAGER = 'propertymanager@demo.folio.test';

interface Staff {
  createLink(paymentType: 'PN' | 'PL' | 'AU', amountMinor: number, reference: string): Promise<PaymentLink>;
  cancelOrder(orderId: number): Promise<void>;
  dashboard(): Promise<PropertyDashboard>;
}

/** The property manager's API, for the links the guest then opens (the generate form is another screen's test). */
async function staffOf(page: Page): Promise<Staff> {
  await signInAs(page, MANAGER);
  await page.goto('/property-management');
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('folio.active-property') ?? '')).not.toBe('');
  const merchantId = await page.evaluate(() => window.localStorage.getItem('folio.active-property')!);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${session.accessToken}`, [MERCHANT_HEADER]: merchantId };
  const post = async (path: string, data: unknown) => {
    const answer = await page.request.post(path, { headers: { ...headers, 'Idempotency-Key': randomUUID() }, data });
    expect(answer.ok(), `${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
    return answer.json();
  };
  return {
    createLink: (paymentType, amountMinor, reference) =>
      post(`${BACKOFFICE_API}/payment-links`, {
        guestName: 'Cy Guest',
        guestEmail: 'cy.guest@example.test',
        amountMinor,
        currency: 'EUR',
        paymentType,
        chargeCategory: 'Rooms',
        bookingReference: reference,
        expiryHours: 24,
      }) as Promise<PaymentLink>,
    cancelOrder: async (orderId) => void (await post(`${BACKOFFICE_API}/order/${orderId}/cancel/5`, { reason: 'Guest changed plans' })),
    dashboard: async () => (await (await page.request.get(`${BACKOFFICE_API}/home/property`, { headers })).json()) as PropertyDashboard,
  };
}

async function guestPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Name on card').fill('Cy Guest');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('2030');
  await page.getByLabel('Security code (CVC)').fill('123');
}

/** What the finished page says, and that it says it again after a reload, with no form and no "valid until". */
async function expectOutcome(guest: Page, outcome: string, heading: string, words: string) {
  for (const when of ['now', 'after a reload']) {
    const screen = guest.getByTestId('link-outcome');
    await expect(screen, when).toHaveAttribute('data-outcome', outcome);
    await expect(screen.getByRole('heading'), when).toHaveText(heading);
    await expect(screen, when).toContainText(words);
    await expect(guest.getByLabel('Card number'), when).toHaveCount(0);
    await expect(guest.getByText(/valid until/i), when).toHaveCount(0);
    await expect(guest.getByText(/already been used/i), when).toHaveCount(0);
    if (when === 'now') await guest.reload();
  }
}

test('a double click on Pay sends one payment, and the page thanks the guest for it, also after a reload', async ({ page, browser }) => {
  const staff = await staffOf(page);
  const link = await staff.createLink('PN', 123_45, 'BK-OUT-PN');
  const guest = await guestPage(browser, link.url);
  await expect(guest.getByText('This link is valid until', { exact: false })).toBeVisible();
  let sent = 0;
  // The payment takes a moment, as a real acquirer's does: the second click lands while the first is on its way.
  await guest.route('**/pay', async (route) => {
    sent += 1;
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await fillCard(guest, '4242 4242 4242 4242');
  await guest.getByRole('button', { name: 'Pay €123.45' }).dblclick();
  await expectOutcome(guest, 'Paid', 'Thank you, your payment is complete', '€123.45 was paid with Visa ending in 4242.');
  await expect(guest.getByRole('alert')).toHaveCount(0);
  expect(sent).toBe(1);
  await guest.context().close();
});

// The second tab of the same browser pays a link the first tab has just paid: its refusal (409) is not shown; the tab
// reads the link again and thanks the guest. The tab's reads of the link wait until its own payment has been answered,
// so nothing but that 409 can turn it to the thank-you first (it once did, in the full suite, and the 409 path was
// never reached).
test('a second tab of the same browser that pays the paid link is shown the thank-you, not a refusal', async ({ page, browser }) => {
  const staff = await staffOf(page);
  const link = await staff.createLink('PN', 77_00, 'BK-OUT-TABS');
  const guest = await guestPage(browser, link.url);
  const otherTab = await guest.context().newPage();
  await otherTab.goto(link.url);
  await expect(otherTab.getByLabel('Card number')).toBeVisible();
  let answered: () => void = () => undefined;
  const ownPaymentAnswered = new Promise<void>((resolve) => (answered = resolve));
  otherTab.on('response', (response) => {
    if (response.url().endsWith('/pay')) answered();
  });
  await otherTab.route(
    (url) => url.pathname.includes('/links/') && !url.pathname.endsWith('/pay'),
    async (route) => {
      await ownPaymentAnswered;
      await route.continue();
    },
  );
  await fillCard(guest, '4242 4242 4242 4242');
  await guest.getByRole('button', { name: 'Pay €77.00' }).click();
  await expect(guest.getByTestId('link-outcome')).toHaveAttribute('data-outcome', 'Paid');

  await fillCard(otherTab, '4242 4242 4242 4242');
  const refused = otherTab.waitForResponse((response) => response.url().endsWith('/pay'));
  await otherTab.getByRole('button', { name: 'Pay €77.00' }).click();
  expect((await refused).status()).toBe(409);
  await expectOutcome(otherTab, 'Paid', 'Thank you, your payment is complete', '€77.00 was paid with Visa ending in 4242.');
  await expect(otherTab.getByRole('alert')).toHaveCount(0);
  await guest.context().close();
});

test('pay later says the card is saved and nothing charged; authorize says the amount is held', async ({ page, browser }) => {
  const staff = await staffOf(page);
  const later = await staff.createLink('PL', 80_00, 'BK-OUT-PL');
  const hold = await staff.createLink('AU', 240_00, 'BK-OUT-AU');

  const guest = await guestPage(browser, later.url);
  await fillCard(guest, '4242 4242 4242 4242');
  await guest.getByRole('button', { name: 'Save card' }).click();
  await expectOutcome(guest, 'CardSaved', 'Thank you, your card is saved', 'Your Visa ending in 4242 is saved. Nothing has been charged yet');
  await expect(guest.getByText(/Paid with/)).toHaveCount(0);

  await guest.goto(hold.url);
  await fillCard(guest, '5555 5555 5555 4444');
  await guest.getByRole('button', { name: 'Authorize €240.00' }).click();
  await expectOutcome(guest, 'AmountHeld', 'Thank you, the amount is held', '€240.00 is held on your Mastercard ending in 4444. Nothing has been charged yet');
  await expect(guest.getByText(/Paid with/)).toHaveCount(0);
  await guest.context().close();
});

test('an expired, a cancelled and a locked link each say what became of them, with no card form', async ({ page, browser }) => {
  const staff = await staffOf(page);
  const expired = (await staff.dashboard()).expiredLinks.items.find((link) => link.linkState === 'Expired')!;
  const guest = await guestPage(browser, expired.url);
  await expectOutcome(guest, 'Expired', 'This payment link has expired', 'Nothing was charged. Please ask the hotel for a new link.');

  const cancelled = await staff.createLink('PN', 50_00, 'BK-OUT-CANCEL');
  await staff.cancelOrder(cancelled.orderId);
  await guest.goto(cancelled.url);
  await expectOutcome(guest, 'Cancelled', 'This payment link was cancelled by the hotel', 'Nothing was charged.');

  const locked = await staff.createLink('AU', 60_00, 'BK-OUT-LOCK');
  const token = new URL(locked.url).pathname.split('/').pop()!;
  for (let attempt = 1; attempt <= 5; attempt++) {
    const answer = await guest.request.post(`/pay/api/v1/links/${token}/pay`, {
      data: { cardholderName: 'Cy', cardNumber: '4000000000000002', expiryMonth: 12, expiryYear: 2030, cvc: '123' },
    });
    expect(answer.status()).toBe(200);
  }
  await guest.goto(locked.url);
  await expectOutcome(guest, 'Locked', 'This payment link takes no more cards', 'Too many cards were refused on it. Please ask the hotel for a new link.');
  await guest.context().close();
});

test('a declined card is said once, and every field to correct is named at once', async ({ page, browser }) => {
  const staff = await staffOf(page);
  const link = await staff.createLink('PN', 42_00, 'BK-OUT-DECLINE');
  const guest = await guestPage(browser, link.url);
  await fillCard(guest, '4000 0000 0000 0002');
  await guest.getByRole('button', { name: 'Pay €42.00' }).click();
  const refusal = guest.getByTestId('payment-outcome');
  await expect(refusal).toHaveText('Your card was declined. Nothing was charged: you may try again or use another card.');

  // A mistyped number and an impossible month: both are named by the first press, not one after the other.
  await fillCard(guest, '4242 4242 4242 4241');
  await guest.getByLabel('Expiry month').fill('13');
  await guest.getByRole('button', { name: 'Pay €42.00' }).click();
  await expect(guest.getByLabel('Expiry month')).toHaveAttribute('aria-invalid', 'true');
  await expect(guest.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await guest.getByLabel('Expiry month').fill('1');
  await guest.getByLabel('Expiry year').fill('24');
  await guest.getByLabel('Name on card').fill('');
  await guest.getByRole('button', { name: 'Pay €42.00' }).click();
  for (const label of ['Name on card', 'Card number', 'Expiry year']) await expect(guest.getByLabel(label), label).toHaveAttribute('aria-invalid', 'true');
  await guest.context().close();
});
