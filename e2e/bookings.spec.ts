import { expect, test } from './support/test';
import type { BookingLogEntry, BookingRow } from '../contract/bookings';
import { BACKOFFICE_API } from '../contract/product';
import { formatMoney, minorDigitsOf, minorToPlain } from '../src/lib/format';
import { apiOf, PROVIDER_ADMIN, signInAs } from './export-support/api';

// Issue 14 / decision 0212: a provider admin finds a booking in the bookings list, opens it, reads
// its log of PMS and webhook traffic (bodies viewable and copyable) and posts a charge to its PMS
// folio through the demo PMS, whose exchange joins the log.

test('the bookings list filters and pages; a booking opens with its log, and a charge posted to its PMS folio joins the log', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, PROVIDER_ADMIN);
  const api = await apiOf(page);
  const candidates = (
    (await api.post(`${BACKOFFICE_API}/bookings/search`, { filters: { pmsIntegrations: ['Cendyn'] }, pagination: { page: 0, pageSize: 50 } })) as {
      items: BookingRow[];
    }
  ).items;
  let booking: BookingRow | undefined;
  for (const candidate of candidates) {
    const logs = (await api.get(`${BACKOFFICE_API}/bookings/${candidate.id}/logs`)) as { items: BookingLogEntry[] };
    if (logs.items.some((entry) => entry.source === 'Webhook')) {
      booking = candidate;
      break;
    }
  }
  expect(booking, 'a Cendyn booking with webhook traffic in the demo data').toBeDefined();

  await page.goto('/bookings');
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(26);
  await page.getByRole('button', { name: 'Next page' }).first().click();
  await expect(page).toHaveURL(/page=2/);
  const filters = page.getByRole('form', { name: 'Filter bookings' });
  await filters.getByLabel('PMS integration').selectOption('Cendyn');
  await filters.getByLabel('Guest or booking').fill(booking!.reference);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(booking!.merchantName);
  await expect(row).toContainText(booking!.guestName);
  await expect(row).toContainText('Cendyn');
  await expect(row.getByRole('link', { name: String(booking!.orderIds[0]), exact: true })).toBeVisible();
  await row.getByRole('link', { name: booking!.reference }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Booking ${booking!.reference}` })).toBeVisible();
  const log = page.getByTestId('booking-log');
  const reservation = log.getByTestId('log-entry').filter({ hasText: 'Reservation received from Cendyn' });
  await expect(reservation).toContainText('Booking · received · HTTP 200');
  const webhook = log.getByTestId('log-entry').filter({ hasText: 'payment.succeeded delivered' }).first();
  await expect(webhook).toContainText('Webhook · sent · HTTP 200');
  await webhook.getByText('Request body', { exact: true }).click();
  await expect(webhook.getByLabel('Request body')).toContainText('"type": "payment.succeeded"');
  await webhook.getByRole('button', { name: 'Copy Request body' }).click();
  await expect(webhook.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('payment.succeeded');

  const charge = 4_250;
  const folio = page.getByRole('form', { name: 'Post to PMS folio' });
  await folio.getByLabel('Amount').fill(minorToPlain(charge, minorDigitsOf(booking!.currency)));
  await folio.getByLabel('Description').fill('Minibar');
  await folio.getByRole('button', { name: 'Post to PMS folio' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(`${formatMoney(charge, booking!.currency)} (${booking!.currency})`);
  await confirm.getByRole('button', { name: `Post ${formatMoney(charge, booking!.currency)}` }).click();
  await expect(page.getByTestId('pms-posting')).toContainText(['Minibar']);
  const latest = log.getByTestId('log-entry').first();
  await expect(latest).toContainText('Booking · sent · HTTP 201');
  await expect(latest).toContainText('Charge posted to the Cendyn folio');
  await latest.getByText('Request body', { exact: true }).click();
  await expect(latest.getByLabel('Request body')).toContainText('"description": "Minibar"');
});

test('the bookings page is for provider roles: a property manager is sent elsewhere', async ({ page }) => {
  await signInAs(page, 'propertymanager@demo.folio.test');
  await page.goto('/bookings');
  await expect(page).not.toHaveURL(/\/bookings/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toHaveCount(0);
});
