import { expect, test, type Page } from './support/test';
import { BACKOFFICE_API, MERCHANT_API } from '../contract/product';
import { apiOf, PROVIDER_ADMIN, signInAs } from './export-support/api';

// Decision 0722: a section built from a read of its own (a booking's log, an order's e-mails, a user's audit
// trail) says so when that read fails. Before, "Loading…" stayed on screen for good, or nothing was said at all.
// The read answers with something outside the contract (a 200 it cannot read): asked once, not three times more.

const UNREADABLE = "(the server's answer was not in the form this page reads)";

/** Answers every call of `path` with a 200 the page cannot read; returns how many were asked. */
async function unreadable(page: Page, path: string, body: unknown): Promise<() => number> {
  let asked = 0;
  await page.route(`**${path}`, (route) => {
    asked += 1;
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return () => asked;
}

test("a booking's log, an order's e-mails and a user's audit trail say when they cannot be loaded", async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const api = await apiOf(page);

  const booking = ((await api.post(`${BACKOFFICE_API}/bookings/search`, { pagination: { page: 0, pageSize: 10 } })) as { items: Array<{ id: string }> })
    .items[0]!;
  const logAsked = await unreadable(page, `${BACKOFFICE_API}/bookings/${booking.id}/logs`, { items: [{ id: 'entry' }] });
  await page.goto(`/bookings/booking-detail?bookingId=${booking.id}`);
  await expect(page.getByTestId('read-failed')).toHaveText(
    `The booking's log could not be loaded, so it cannot say what was exchanged. Reload the page to try again. ${UNREADABLE}`,
  );
  expect(logAsked()).toBe(1);

  const order = (
    (await api.post(`${BACKOFFICE_API}/order/search`, { filters: {}, sorting: [], pagination: { page: 0, pageSize: 10 } })) as {
      items: Array<{ id: number; merchantId: string }>;
    }
  ).items[0]!;
  const emailsAsked = await unreadable(page, `${BACKOFFICE_API}/order/${order.id}/email-history*`, { items: [{ id: 'mail' }], total: 1 });
  await page.goto(`/transactions/transaction-info?transactionId=${order.id}&merchantId=${encodeURIComponent(order.merchantId)}`);
  await expect(page.getByTestId('read-failed')).toHaveText(
    `The e-mails sent about this order could not be loaded, so this cannot say which were sent. Reload the page to try again. ${UNREADABLE}`,
  );
  expect(emailsAsked()).toBe(1);

  const me = ((await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } }).user.id;
  const auditAsked = await unreadable(page, `${MERCHANT_API}/users/${me}/audit`, [{ id: 'change' }]);
  await page.goto(`/users/${me}`);
  const trail = page.getByRole('region', { name: 'Audit trail' });
  await expect(trail.getByTestId('read-failed')).toHaveText(
    `The audit trail could not be loaded, so it cannot say what changed. Reload the page to try again. ${UNREADABLE}`,
  );
  await expect(trail.getByText('Loading the audit trail…')).toHaveCount(0);
  expect(auditAsked()).toBe(1);
});
