import { expect, test, type Page } from './support/test';
import { BACKOFFICE_API, MERCHANT_API, MERCHANT_HEADER } from '../contract/product';
import { GIF_IMAGE, pngImage } from '../testing/images/test-images';
import { signInAs } from './export-support/api';
import { usePrivateServer } from './support/private-server';

// Issue 18 brand assets (decision 0300): the merchant admin uploads a logo on the brand-assets page,
// sees the server refuse the wrong format and dimensions by name, sees the preview, saves colours
// and font (a wrong colour is refused at the field), reloads, and finds the logo, colours and font on
// the checkout preview and on the guest's payment page. Over a demo database of its own.

const server = usePrivateServer(31);

async function bearerOf(page: Page) {
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  return { Authorization: `Bearer ${session.accessToken}` };
}

async function propertyNamed(page: Page, name: string): Promise<string> {
  const found = await page.request.post(`${MERCHANT_API}/properties/search`, { headers: await bearerOf(page), data: { filters: { search: name } } });
  return ((await found.json()) as { items: Array<{ merchantId: string }> }).items[0]!.merchantId;
}

const file = (name: string, buffer: Buffer, mimeType = 'image/png') => ({ name, mimeType, buffer });

test("a logo checked by the server, colours and a font: the brand-assets page, the checkout preview and the guest's page", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'merchantadmin@demo.folio.test');
  const merchantId = await propertyNamed(page, 'Canal House');
  await page.goto(`/properties/brand-assets?merchantId=${merchantId}`);
  const logo = page.getByTestId('brand-asset-logo');
  await expect(logo.getByTestId('brand-asset-logo-rules')).toHaveText('PNG or JPEG, from 100 × 40 to 1200 × 600 pixels, at most 500 KB.');
  await expect(logo.getByText('No logo yet')).toBeVisible();

  // The server reads the bytes: a GIF named .png, and a PNG too small, are refused by rule, in the catalogue's words.
  await logo.getByLabel('Upload a logo').setInputFiles(file('logo.png', GIF_IMAGE));
  await expect(logo.getByRole('alert')).toHaveText('Wrong format: this file is not a PNG or JPEG image. Choose a PNG or JPEG file.');
  await logo.getByLabel('Upload a logo').setInputFiles(file('tiny.png', pngImage(60, 30)));
  await expect(logo.getByRole('alert')).toContainText('Wrong dimensions');
  await expect(logo.getByRole('alert')).toHaveText(
    'Wrong dimensions: this image is 60 × 30 pixels, and it must be from 100 × 40 to 1200 × 600 pixels. Choose another image, or resize this one.',
  );
  await expect(logo.getByRole('img')).toHaveCount(0);

  await logo.getByLabel('Upload a logo').setInputFiles(file('harbour-logo.png', pngImage(300, 100, { rgb: [10, 90, 160] })));
  const preview = logo.getByRole('img', { name: 'Current logo' });
  await expect(preview).toBeVisible();
  await expect(logo.getByRole('alert')).toHaveCount(0);
  await expect(logo).toContainText('harbour-logo.png: 300 × 100 pixels');
  // The preview is the stored file itself, drawn by the browser.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);

  const colours = page.getByRole('form', { name: 'Brand assets' });
  await colours.getByLabel('Primary colour (buttons, amount)').fill('blue');
  await colours.getByRole('button', { name: 'Save' }).click();
  await expect(colours.getByText('Enter a colour as # and six hexadecimal digits, such as #0F766E.')).toBeVisible();
  await colours.getByLabel('Primary colour (buttons, amount)').fill('#AA3300');
  await colours.getByLabel('Background colour').fill('#FFF8E7');
  await colours.getByLabel('Font').selectOption('Georgia');
  await colours.getByRole('button', { name: 'Save' }).click();
  await expect(colours.getByText('Saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('form', { name: 'Brand assets' }).getByLabel('Primary colour (buttons, amount)')).toHaveValue('#AA3300');
  await expect(page.getByRole('form', { name: 'Brand assets' }).getByLabel('Font')).toHaveValue('Georgia');
  await expect(page.getByTestId('brand-asset-logo').getByRole('img', { name: 'Current logo' })).toBeVisible();

  await page.getByRole('link', { name: 'See the checkout preview' }).click();
  const checkout = page.getByTestId('checkout-frame').getByTestId('guest-checkout');
  await expect(checkout).toHaveAttribute('data-font', 'Georgia');
  await expect(checkout).toHaveCSS('background-color', 'rgb(255, 248, 231)');
  await expect(checkout.getByTestId('checkout-amount')).toHaveCSS('color', 'rgb(170, 51, 0)');
  await expect.poll(() => checkout.getByTestId('checkout-logo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);

  // The guest's payment page of a new link, opened without a session.
  const created = await page.request.post(`${BACKOFFICE_API}/payment-links`, {
    headers: { ...(await bearerOf(page)), [MERCHANT_HEADER]: merchantId, 'Idempotency-Key': `brand-${Date.now()}` },
    data: {
      guestName: 'Ada Guest',
      guestEmail: 'ada.guest@example.test',
      amountMinor: 12_500,
      currency: 'EUR',
      paymentType: 'PN',
      chargeCategory: 'Rooms',
      bookingReference: 'BK-BRAND-1',
      depositBasis: 'TotalAmount',
      expiryHours: 48,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const linkPath = new URL(((await created.json()) as { url: string }).url).pathname;
  const guest = await page.context().browser()!.newPage({ baseURL: server.baseURL });
  await guest.goto(linkPath);
  const guestCheckout = guest.getByTestId('guest-checkout');
  await expect(guestCheckout).toHaveAttribute('data-font', 'Georgia');
  await expect(guestCheckout).toHaveCSS('font-family', /^Georgia/);
  await expect(guestCheckout.getByTestId('checkout-amount')).toHaveCSS('color', 'rgb(170, 51, 0)');
  await expect.poll(() => guestCheckout.getByTestId('checkout-logo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await guest.close();
});
