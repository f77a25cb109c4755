import { expect, test } from './support/test';
import { MERCHANT_API } from '../contract/product';
import { signInAs } from './export-support/api';

// Issue 18 checkout preview: the guest checkout of a property with sample data, Desktop or Mobile.

test('the checkout preview shows the property as a guest sees it, on a desktop and a phone', async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const found = await page.request.post(`${MERCHANT_API}/properties/search`, {
    headers: { Authorization: `Bearer ${session.accessToken}` },
    data: { filters: { search: 'Canal House' } },
  });
  const property = ((await found.json()) as { items: Array<{ merchantId: string }> }).items[0]!;
  await page.goto(`/properties/admin/checkout-preview?merchantId=${property.merchantId}`);
  const frame = page.getByTestId('checkout-frame');
  await expect(frame.getByTestId('guest-checkout')).toContainText('Canal House Amsterdam');
  await expect(frame.getByTestId('checkout-amount')).toHaveText('€245.00');
  await expect(frame).toHaveAttribute('data-mode', 'Desktop');
  expect((await frame.boundingBox())!.width).toBeGreaterThan(1000);
  await page.getByRole('button', { name: 'Mobile' }).click();
  await expect(page.getByRole('button', { name: 'Mobile' })).toHaveAttribute('aria-pressed', 'true');
  await expect(frame).toHaveAttribute('data-mode', 'Mobile');
  expect((await frame.boundingBox())!.width).toBeLessThan(400);
});
