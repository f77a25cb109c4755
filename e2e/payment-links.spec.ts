import { expect, test, type Browser, type Page } from './support/test';
import type { PropertyDashboard } from '../contract/home';
import { BACKOFFICE_API, MERCHANT_HEADER } from '../contract/product';
import { signInAs } from './export-support/api';
import { seriousFindings } from './support/axe-scan';

// Issue 15 "Done when": the property manager generates a PN link for 125.00 EUR, previews it in
// Mobile mode; the guest opens it in a fresh browser context, a declined card leaves it payable, the
// success card pays it; the order is Paid with the e-mail in its history; a second payment from
// another tab is refused, and an expired link refuses payment.

const MANAGER = 'propertymanager@demo.folio.test';

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Name on card').fill('Ada Guest');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('2030');
  await page.getByLabel('Security code (CVC)').fill('123');
}

/** Serious or critical axe-core findings, as the accessibility suite counts them. */
async function seriousViolations(page: Page): Promise<string[]> {
  return (await seriousFindings(page)).map((finding) => `${finding.id}: ${finding.help}`);
}

async function guestPage(browser: Browser, url: string): Promise<Page> {
  // A fresh context: no cookies, no session, nothing of the staff member's.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

test('generate a pay-now link, preview it on a phone, the guest pays it once', async ({ page, browser }) => {
  await signInAs(page, MANAGER);
  await page.goto('/generate-payment-link');
  const form = page.getByRole('form', { name: 'New payment link' });
  await form.getByLabel('Guest name').fill('Ada Guest');
  await form.getByLabel('Guest e-mail').fill('ada.guest@example.test');
  await form.getByLabel('Amount').fill('125.00');
  await expect(form.getByLabel('Currency')).toHaveValue('EUR');
  await form.getByLabel('Payment type').selectOption('PN');
  await form.getByLabel('Booking reference').fill('BK-E2E-125');
  // What the form refuses before anything is sent, in the catalogue's sentence (not the contract's "enter an amount above zero").
  await form.getByLabel('Amount').fill('0');
  await form.getByRole('button', { name: 'Generate and send link' }).click();
  await expect(form.getByText('Enter an amount above zero.', { exact: true })).toBeVisible();
  await form.getByLabel('Amount').fill('125.00');
  await form.getByRole('button', { name: 'Generate and send link' }).click();

  const created = page.getByTestId('created-link');
  await expect(created).toContainText('Link sent to ada.guest@example.test');
  await expect(created.getByRole('img', { name: 'QR code of the payment link' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const url = await created.getByRole('textbox', { name: 'Payment link' }).inputValue();
  expect(url).toMatch(/\/pay\/[A-Za-z0-9_-]{32}$/);
  const orderLink = created.getByRole('link', { name: /^Open order \d+$/ });
  const orderId = Number((await orderLink.textContent())!.replace(/\D/g, ''));

  await created.getByRole('link', { name: 'Preview this link' }).click();
  await expect(page).toHaveURL(/\/payment-link-preview\?/);
  await page.getByRole('radio', { name: 'Mobile' }).check();
  const frame = page.getByTestId('checkout-frame');
  await expect(frame).toHaveAttribute('data-mode', 'Mobile');
  expect((await frame.boundingBox())!.width).toBeLessThanOrEqual(390);
  await expect(frame.getByTestId('checkout-amount')).toHaveText('€125.00');
  await expect(frame.getByRole('button', { name: 'Pay €125.00' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  const guest = await guestPage(browser, url);
  const otherTab = await guest.context().newPage();
  await otherTab.goto(url);
  await expect(guest.getByTestId('checkout-amount')).toHaveText('€125.00');
  await expect(guest.getByRole('heading', { level: 1 })).toContainText('Payment for');
  expect(await seriousViolations(guest)).toEqual([]);

  await fillCard(guest, '4000 0000 0000 0002');
  await guest.getByRole('button', { name: 'Pay €125.00' }).click();
  await expect(guest.getByTestId('payment-outcome')).toContainText('Your card was declined');
  await expect(guest.getByRole('button', { name: 'Pay €125.00' })).toBeEnabled();

  await fillCard(guest, '4242 4242 4242 4242');
  await guest.getByRole('button', { name: 'Pay €125.00' }).click();
  await expect(guest.getByTestId('link-outcome')).toContainText('€125.00 was paid with Visa ending in 4242.');

  // The second tab still shows the form: its payment is refused, and the page shows the link's outcome.
  await fillCard(otherTab, '5555 5555 5555 4444');
  await otherTab.getByRole('button', { name: 'Pay €125.00' }).click();
  await expect(otherTab.getByTestId('link-outcome')).toHaveAttribute('data-outcome', 'Paid');
  await guest.context().close();

  await page.goto(`/transactions/transaction-info?transactionId=${orderId}&merchantId=${await activePropertyOf(page)}`);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await expect(page.getByText(/Your payment link from/)).toBeVisible();
});

test('an expired link says so and takes nothing', async ({ page, browser }) => {
  await signInAs(page, MANAGER);
  await page.goto('/generate-payment-link');
  await expect(page.getByRole('form', { name: 'New payment link' })).toBeVisible();
  const merchantId = await activePropertyOf(page);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  // The demo keeps an expired link on every Active property; the property dashboard lists it.
  const answer = await page.request.get(`${BACKOFFICE_API}/home/property`, {
    headers: { Authorization: `Bearer ${session.accessToken}`, [MERCHANT_HEADER]: merchantId },
  });
  const expired = ((await answer.json()) as PropertyDashboard).expiredLinks.items.find((link) => link.linkState === 'Expired')!;
  const guest = await guestPage(browser, expired.url);
  await expect(guest.getByTestId('link-outcome')).toContainText('This payment link has expired');
  await expect(guest.getByTestId('checkout-amount')).toBeVisible();
  await expect(guest.getByLabel('Card number')).toHaveCount(0);
  const token = new URL(expired.url).pathname.split('/').pop()!;
  const refused = await guest.request.post(`/pay/api/v1/links/${token}/pay`, {
    data: { cardholderName: 'Eddie', cardNumber: '4242424242424242', expiryMonth: 12, expiryYear: 2030, cvc: '123' },
  });
  expect(refused.status()).toBe(409);
  await guest.context().close();
});

/** The property the switcher made active (decision 0113 keeps it in localStorage). */
function activePropertyOf(page: Page): Promise<string> {
  return page.evaluate(() => window.localStorage.getItem('folio.active-property') ?? '');
}

/** Generates a link through the form and answers its address and order id. */
async function generate(page: Page, paymentType: 'PL' | 'AU', amount: string, reference: string): Promise<{ url: string; orderId: number }> {
  await page.goto('/generate-payment-link');
  const form = page.getByRole('form', { name: 'New payment link' });
  await form.getByLabel('Guest name').fill('Bo Guest');
  await form.getByLabel('Guest e-mail').fill('bo.guest@example.test');
  await form.getByLabel('Amount').fill(amount);
  await form.getByLabel('Payment type').selectOption(paymentType);
  await form.getByLabel('Booking reference').fill(reference);
  await form.getByRole('button', { name: 'Generate and send link' }).click();
  const created = page.getByTestId('created-link');
  const url = await created.getByRole('textbox', { name: 'Payment link' }).inputValue();
  const orderId = Number((await created.getByRole('link', { name: /^Open order \d+$/ }).textContent())!.replace(/\D/g, ''));
  return { url, orderId };
}

test('a pay-later link ends Tokenized; an authorize link leaves a hold the order screen captures; the home screen counts them', async ({ page, browser }) => {
  await signInAs(page, MANAGER);
  const later = await generate(page, 'PL', '80.00', 'BK-E2E-PL');
  const hold = await generate(page, 'AU', '240.00', 'BK-E2E-AU');

  const guest = await guestPage(browser, later.url);
  await fillCard(guest, '4242 4242 4242 4242');
  await guest.getByRole('button', { name: 'Save card' }).click();
  await expect(guest.getByTestId('link-outcome')).toHaveAttribute('data-outcome', 'CardSaved');
  await guest.goto(hold.url);
  await fillCard(guest, '5555 5555 5555 4444');
  await guest.getByRole('button', { name: 'Authorize €240.00' }).click();
  await expect(guest.getByTestId('link-outcome')).toContainText('€240.00 is held on your Mastercard ending in 4444.');
  await guest.context().close();

  const merchantId = await activePropertyOf(page);
  await page.goto(`/transactions/transaction-info?transactionId=${later.orderId}&merchantId=${merchantId}`);
  await expect(page.getByTestId('order-status')).toHaveText('Tokenized');
  await expect(page.getByTestId('order-open')).toHaveText('€0.00');

  await page.goto('/property-management');
  const awaiting = page.getByTestId('awaiting-capture');
  await expect(awaiting).toContainText('Bo Guest · BK-E2E-AU');
  await expect(awaiting).toContainText('€240.00 open');
  expect(await seriousViolations(page)).toEqual([]);

  await awaiting.getByRole('link', { name: 'Bo Guest · BK-E2E-AU' }).first().click();
  await expect(page.getByTestId('order-status')).toHaveText('Tokenized');
  await expect(page.getByTestId('order-open')).toHaveText('€240.00');
  await page.getByRole('button', { name: 'Capture', exact: true }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Capture €240.00' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
});

test("the merchant home lists the group's properties with status and today's takings", async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  await page.goto('/home');
  const rows = page.getByTestId('group-property');
  await expect(rows.first()).toBeVisible();
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const home = (await (await page.request.get(`${BACKOFFICE_API}/home/merchant`, { headers: { Authorization: `Bearer ${session.accessToken}` } })).json()) as {
    properties: { name: string; status: string }[];
  };
  await expect(rows).toHaveCount(home.properties.length);
  await expect(rows.filter({ hasText: 'Harbour View Hotel' })).toContainText('Inactive');
  await expect(page.getByTestId('needs-action')).toContainText('failed payout');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the guest card form says what to correct before anything is sent, so a typo costs no card attempt', async ({ page, browser }) => {
  await signInAs(page, MANAGER);
  const { url } = await generate(page, 'PL', '40.00', 'BK-E2E-TYPO');
  const guest = await guestPage(browser, url);
  let sent = 0;
  guest.on('request', (request) => {
    if (request.url().endsWith('/pay')) sent += 1;
  });
  const save = guest.getByRole('button', { name: 'Save card' });
  const errorOf = async (label: string) => {
    const control = guest.getByLabel(label);
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    return guest.locator(`#${await control.getAttribute('aria-errormessage')}`).innerText();
  };

  await save.click();
  expect(await errorOf('Name on card')).toBe('Enter the name on the card.');
  expect(await errorOf('Card number')).toBe('Enter the card number: 12 to 19 digits.');
  expect(await errorOf('Expiry month')).toBe('Enter the expiry month, 1 to 12.');
  expect(await errorOf('Expiry year')).toMatch(/^Enter the expiry year, such as 20\d\d\.$/);
  expect(await errorOf('Security code (CVC)')).toBe('Enter the 3 or 4 digit security code.');
  // On a phone the expiry and code boxes stay in line: a row's boxes start at one height (a wrapped
  // "Security code (CVC)" label had pushed its box below its neighbours').
  await guest.setViewportSize({ width: 390, height: 844 });
  const tops = await Promise.all(['Expiry month', 'Expiry year', 'Security code (CVC)'].map(async (label) => (await guest.getByLabel(label).boundingBox())!.y));
  expect(tops[1]).toBe(tops[0]);
  expect(tops[2] === tops[0] || tops[2]! > tops[0]! + 40, `box tops ${tops.join(', ')}`).toBe(true);

  await fillCard(guest, '4242 4242 4242 4241');
  await guest.getByLabel('Expiry month').fill('13');
  await guest.getByLabel('Expiry year').fill('ab');
  await save.click();
  expect(await errorOf('Expiry month')).toBe('Enter the expiry month, 1 to 12.');
  expect(await errorOf('Expiry year')).toMatch(/^Enter the expiry year/);

  // The form's own fields are right; the number fails its check digit, the card its date.
  await guest.getByLabel('Expiry month').fill('1');
  await guest.getByLabel('Expiry year').fill('24');
  await save.click();
  expect(await errorOf('Card number')).toBe('Check the card number: it is not a valid card number.');
  expect(await errorOf('Expiry year')).toBe('This card has expired.');
  expect(await seriousViolations(guest)).toEqual([]);
  await expect(guest.getByLabel('Name on card')).not.toHaveAttribute('aria-invalid');
  expect(sent).toBe(0);

  await fillCard(guest, '4242 4242 4242 4242');
  await save.click();
  await expect(guest.getByTestId('link-outcome')).toHaveAttribute('data-outcome', 'CardSaved');
  expect(sent).toBe(1);
  await guest.context().close();
});

test('after five refused cards the guest page says the link takes no more, instead of offering the form again', async ({ page, browser }) => {
  await signInAs(page, MANAGER);
  const { url } = await generate(page, 'AU', '60.00', 'BK-E2E-REFUSED');
  const guest = await guestPage(browser, url);
  const authorize = guest.getByRole('button', { name: 'Authorize €60.00' });
  for (let attempt = 1; attempt <= 5; attempt++) {
    await fillCard(guest, '4000 0000 0000 0002');
    const answered = guest.waitForResponse((response) => response.url().endsWith('/pay'));
    await authorize.click();
    await answered;
    if (attempt < 5) await expect(guest.getByTestId('payment-outcome')).toContainText('Your card was declined');
  }
  await expect(guest.getByTestId('link-outcome')).toContainText('Too many cards were refused on it. Please ask the hotel for a new link.');
  await expect(guest.getByLabel('Card number')).toHaveCount(0);
  // A reload, or the link opened again from the e-mail, says the same before any card is typed.
  await guest.reload();
  await expect(guest.getByTestId('link-outcome')).toHaveAttribute('data-outcome', 'Locked');
  await expect(guest.getByLabel('Card number')).toHaveCount(0);
  expect(await seriousViolations(guest)).toEqual([]);
  await guest.context().close();
});

test('the created link stays in the address through Preview, Back and a reload, and is re-sent and cancelled from its screen', async ({ page }) => {
  await signInAs(page, MANAGER);
  await page.goto('/generate-payment-link');
  const form = page.getByRole('form', { name: 'New payment link' });
  await form.getByLabel('Guest name').fill('Bo Guest');
  await form.getByLabel('Guest e-mail').fill('bo.guest@example.test');
  await form.getByLabel('Amount').fill('40.00');
  await form.getByLabel('Booking reference').fill('BK-E2E-KEEP');
  await form.getByRole('button', { name: 'Generate and send link' }).click();
  const created = page.getByTestId('created-link');
  await expect(created).toContainText('Link sent to bo.guest@example.test');
  await expect(page).toHaveURL(/[?&]link=[0-9a-f-]{36}/);
  const url = await created.getByRole('textbox', { name: 'Payment link' }).inputValue();

  await created.getByRole('link', { name: 'Preview this link' }).click();
  await expect(page).toHaveURL(/\/payment-link-preview\?/);
  await page.goBack();
  await expect(created.getByRole('textbox', { name: 'Payment link' })).toHaveValue(url);
  await page.reload();
  await expect(created.getByRole('textbox', { name: 'Payment link' })).toHaveValue(url);
  await expect(created.getByText('Open', { exact: true })).toBeVisible();

  await created.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText('The payment link was e-mailed again to bo.guest@example.test.')).toBeVisible();
  await created.getByRole('button', { name: 'Cancel link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this payment link?' });
  await expect(dialog.getByRole('button', { name: 'Keep link' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel link' }).click();
  await expect(page.getByText('Payment link cancelled: the guest can no longer pay with it.')).toBeVisible();
  await expect(created.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(created.getByRole('button', { name: 'Cancel link' })).toHaveCount(0);

  await created.getByRole('button', { name: 'Generate another link' }).click();
  await expect(page).not.toHaveURL(/[?&]link=/);
  await expect(form).toBeVisible();
});
