import { expect, test, type Page } from './support/test';
import { BACKOFFICE_API, MERCHANT_API, MERCHANT_HEADER } from '../contract/product';
import { signInAs } from './export-support/api';
import { usePrivateServer } from './support/private-server';

// Spec 2's inactive-property page (decision 0260): a property's own staff whose active property is
// Inactive meet it instead of the property's screens, and a guest opening a payment link of an
// Inactive property meets it too. Over a demo database of its own (a property is deactivated).

const server = usePrivateServer(32);

async function bearerOf(page: Page) {
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  return { Authorization: `Bearer ${session.accessToken}` };
}

test('a property manager who switches to the Inactive hotel meets the inactive page, and can switch back', async ({ page }) => {
  await signInAs(page, 'propertymanager@demo.folio.test');
  await page.goto('/property-management');
  await expect(page.getByRole('heading', { name: 'This property is inactive' })).toHaveCount(0);
  await page.getByTestId('user-greeting').click();
  await page.getByTestId('other-hotels').getByRole('menuitem', { name: 'Harbour View Hotel' }).click();
  await expect(page).toHaveURL(/\/properties\/inactive-property$/);
  const inactive = page.getByTestId('inactive-property');
  await expect(inactive.getByRole('heading', { name: 'This property is inactive' })).toBeVisible();
  await expect(inactive).toContainText('Harbour View Hotel');
  // Typing one of the property's addresses leads back here while the active property is Inactive.
  await page.goto('/transactions');
  await expect(page).toHaveURL(/\/properties\/inactive-property$/);
  await inactive.getByRole('navigation', { name: 'Other hotels' }).getByRole('button').first().click();
  await expect(page).toHaveURL(/\/property-management$/);
  await page.goto('/transactions');
  await expect(page).toHaveURL(/\/transactions$/);
});

test('a hotel picked before the property statuses have answered is still taken, and its inactive page follows', async ({ page }) => {
  // On a busy server the list can be on screen while the statuses are still on their way: the pick must
  // not be dropped (CI run of session 33 failed on exactly that).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/merchants\/status$/, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await signInAs(page, 'propertymanager@demo.folio.test');
  await page.goto('/property-management');
  await page.getByTestId('user-greeting').click();
  await page.getByTestId('other-hotels').getByRole('menuitem', { name: 'Harbour View Hotel' }).click();
  await expect(page.getByTestId('active-property-name')).toHaveText('Harbour View Hotel');
  release();
  await expect(page).toHaveURL(/\/properties\/inactive-property$/);
  await expect(page.getByTestId('inactive-property')).toContainText('Harbour View Hotel');
  await page.getByTestId('inactive-property').getByRole('navigation', { name: 'Other hotels' }).getByRole('button').first().click();
  await expect(page).toHaveURL(/\/property-management$/);
});

test("a guest's payment link of a property that became Inactive shows the inactive page and takes no payment", async ({ page, browser }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  const headers = await bearerOf(page);
  const found = await page.request.post(`${MERCHANT_API}/properties/search`, { headers, data: { filters: { search: 'Canal House' } } });
  const merchantId = ((await found.json()) as { items: Array<{ merchantId: string }> }).items[0]!.merchantId;
  const created = await page.request.post(`${BACKOFFICE_API}/payment-links`, {
    headers: { ...headers, [MERCHANT_HEADER]: merchantId, 'Idempotency-Key': `inactive-${Date.now()}` },
    data: {
      guestName: 'Ada Guest',
      guestEmail: 'ada.guest@example.test',
      amountMinor: 9_900,
      currency: 'EUR',
      paymentType: 'PN',
      chargeCategory: 'Rooms',
      bookingReference: 'BK-INACTIVE-1',
      expiryHours: 48,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const linkPath = new URL(((await created.json()) as { url: string }).url).pathname;
  const guest = await browser.newPage({ baseURL: server.baseURL });
  await guest.goto(linkPath);
  await expect(guest.getByTestId('guest-checkout')).toBeVisible();

  const deactivated = await page.request.post(`${MERCHANT_API}/properties/${merchantId}/lifecycle`, {
    headers,
    data: { action: 'deactivate', confirm: true, reason: 'Closed for the winter' },
  });
  expect(deactivated.status(), await deactivated.text()).toBe(200);
  await guest.reload();
  await expect(guest).toHaveURL(/\/properties\/inactive-property$/);
  await expect(guest.getByRole('heading', { name: 'This property is inactive' })).toBeVisible();
  await expect(guest.getByText('This hotel is not taking payments online at the moment.')).toBeVisible();
  const token = linkPath.split('/').pop()!;
  const pay = await guest.request.post(`/pay/api/v1/links/${token}/pay`, {
    data: { cardholderName: 'Ada Guest', cardNumber: '4242 4242 4242 4242', expiryMonth: 12, expiryYear: 2030, cvc: '123' },
  });
  expect(pay.status()).toBe(409);
  await guest.close();
});
