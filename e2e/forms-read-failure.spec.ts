import { expect, test, type Page } from './support/test';
import { MERCHANT_API } from '../contract/product';
import { apiOf, groupIdOf, PROVIDER_ADMIN, signInAs } from './export-support/api';
import { holdCalls } from './support/hold-calls';

// A settings form whose read answered once and then fails to answer again keeps the form and what the
// user typed, and says the values could not be loaded again. Before, the failure took the form's place
// and the typing was gone. A first read that fails still says why there is no form. Nothing is saved.

/** The connection drops and comes back: the screen's reads are fetched again. Resolves once `read` has answered (or failed). */
async function reconnect(page: Page, read: string) {
  const answered = page.waitForResponse((response) => response.url().includes(read));
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  await answered;
}

const UNAVAILABLE = {
  status: 503,
  contentType: 'application/problem+json',
  body: JSON.stringify({ title: 'Service Unavailable', status: 503, detail: 'The server is restarting.' }),
};

/** Pages whose form is built from one read: where it is, the read's address, and a field to type into. */
const PAGES = [
  {
    name: 'processing settings',
    page: 'processing-settings',
    form: 'Processing settings',
    read: (groupId: string) => `/merchant-group-settings/${groupId}/processing`,
    field: 'Link expiry (hours)',
    typed: '55',
  },
  { name: 'e-mail settings', page: 'email-settings', form: 'E-mail delivery', read: () => '/merchant-smtp/search', field: 'Sender name', typed: 'Front desk' },
  {
    name: 'webhook settings',
    page: 'webhook-configuration',
    form: 'Webhooks',
    read: () => '/webhooks/search',
    field: 'Webhook URL',
    typed: 'https://hooks.example.test/mine',
  },
];

for (const settings of PAGES) {
  test(`the ${settings.name} page keeps what the user typed when its read fails to answer again, and says so`, async ({ page }) => {
    await signInAs(page, PROVIDER_ADMIN);
    const groupId = await groupIdOf(page, 'Emerald Isle Hotels');
    const path = `${MERCHANT_API}${settings.read(groupId)}`;
    await page.goto(`/merchants/${settings.page}?merchantGroupId=${groupId}`);
    const form = page.getByRole('form', { name: settings.form });
    const field = form.getByRole('textbox', { name: settings.field, exact: true });
    await expect(field).toBeVisible();
    await field.fill(settings.typed);

    // The server cannot answer the read again: the form and the typing stay; the page says what happened.
    await page.route(`**${path}`, (route) => route.fulfill(UNAVAILABLE));
    await reconnect(page, path);
    const again = page.getByTestId('read-failed-again');
    await expect(again).toContainText('These values could not be loaded again');
    await expect(form).toBeVisible();
    await expect(field).toHaveValue(settings.typed);

    // The server answers again: the notice goes, the typing is still there.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await reconnect(page, path);
    await expect(again).toHaveCount(0);
    await expect(field).toHaveValue(settings.typed);
  });
}

test('a settings page whose first read fails says why there is no form', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const groupId = await groupIdOf(page, 'Emerald Isle Hotels');
  await page.route(`**${MERCHANT_API}/merchant-group-settings/${groupId}/processing`, (route) => route.fulfill(UNAVAILABLE));
  await page.goto(`/merchants/processing-settings?merchantGroupId=${groupId}`);
  await expect(page.getByTestId('read-failed')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Processing settings' })).toHaveCount(0);
});

/** A property's ids, as the payment settings list has them. */
async function propertyNamed(page: Page, name: string): Promise<{ merchantId: string; merchantGroupId: string }> {
  const configs = (await (await apiOf(page)).post(`${MERCHANT_API}/merchant-config/search`, {})) as Array<{
    merchantId: string;
    merchantGroupId: string;
    merchantName: string;
  }>;
  const property = configs.find((config) => config.merchantName === name);
  if (!property) throw new Error(`no property ${name}`);
  return property;
}

/** The read answers 503 from now on, and is fetched again: the form must stay, with the sentence above it. */
async function readFailsAgain(page: Page, read: string) {
  await page.route(`**${read}`, (route) => route.fulfill(UNAVAILABLE));
  await reconnect(page, read);
}

/** The read answers again, and is fetched again: the sentence goes. */
async function readAnswersAgain(page: Page, read: string) {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await reconnect(page, read);
  await expect(page.getByTestId('read-failed-again')).toHaveCount(0);
}

test("the property managers page keeps the user's choice when its read fails to answer again, and says so", async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  const read = page.waitForRequest((request) => request.url().includes(`${MERCHANT_API}/property-managers/`));
  await page.goto('/properties/property-manager');
  const path = new URL((await read).url()).pathname;
  const form = page.getByRole('form', { name: 'Property managers' });
  const manager = form.getByRole('checkbox', { name: /\(propertymanager@demo\.folio\.test\)$/ });
  await expect(manager).toBeVisible();
  const chosen = !(await manager.isChecked());
  await manager.setChecked(chosen);

  await readFailsAgain(page, path);
  await expect(page.getByTestId('read-failed-again')).toContainText('These values could not be loaded again');
  await expect(form).toBeVisible();
  await expect(manager).toBeChecked({ checked: chosen });

  await readAnswersAgain(page, path);
  await expect(manager).toBeChecked({ checked: chosen });
});

test('the virtual card settings keep what the user typed when their read fails to answer again, and say so', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const property = await propertyNamed(page, 'Santorini Caldera Resort');
  const read = `${MERCHANT_API}/vcc-merchant-configs/search`;
  await page.goto(`/payment-settings/edit-payment-settings?merchantGroupId=${property.merchantGroupId}&merchantId=${property.merchantId}`);
  const vcc = page.getByRole('region', { name: 'Virtual cards (VCC)' });
  const email = vcc.getByLabel('E-mail for failed virtual card charges');
  await expect(email).toBeVisible();
  await email.fill('front.desk@example.com');

  await readFailsAgain(page, read);
  await expect(page.getByTestId('read-failed-again')).toContainText('These values could not be loaded again');
  await expect(vcc).toBeVisible();
  await expect(email).toHaveValue('front.desk@example.com');

  await readAnswersAgain(page, read);
  await expect(email).toHaveValue('front.desk@example.com');
});

test("a property's fee schedule keeps what the user typed when its read fails to answer again, and says so", async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const property = await propertyNamed(page, 'Santorini Caldera Resort');
  const read = `${MERCHANT_API}/fees/search`;
  await page.goto(`/properties/fees?merchantId=${property.merchantId}&merchantGroupId=${property.merchantGroupId}`);
  const panel = page.getByRole('region', { name: 'Santorini Caldera Resort' });
  await panel.getByLabel('Fee model').selectOption('Blended');
  const percentage = panel.getByLabel('Percentage');
  await percentage.fill('2.5');

  await readFailsAgain(page, read);
  await expect(panel.getByTestId('read-failed-again')).toContainText('These values could not be loaded again');
  await expect(panel.getByRole('button', { name: 'Save fee schedule' })).toBeVisible();
  await expect(percentage).toHaveValue('2.5');

  await readAnswersAgain(page, read);
  await expect(percentage).toHaveValue('2.5');
});

test("a settings form's loading is said as a status while its read is on its way", async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  // The managers' read comes late, as on a busy server; by the time it is asked, the page knows it may be read.
  const answer = await holdCalls(page, /\/property-managers\//);
  const asked = page.waitForRequest((request) => request.url().includes(`${MERCHANT_API}/property-managers/`));
  await page.goto('/properties/property-manager');
  await asked;
  await expect(page.getByRole('status')).toHaveText('Loading settings…');
  await expect(page.getByRole('form', { name: 'Property managers' })).toHaveCount(0);
  answer();
  await expect(page.getByRole('form', { name: 'Property managers' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
});

test('the webhook page\'s delivery log that cannot read its answer says so at once, not "Loading…" nor "No deliveries yet"', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const groupId = await groupIdOf(page, 'Emerald Isle Hotels');
  const delivery = {
    id: 'delivery-1',
    eventId: 'event-1',
    eventType: 'order.paid',
    targetUrl: 'https://hooks.example.test/folio',
    status: 'Succeeded',
    attempts: 1,
    maxAttempts: 8,
    lastResponseStatus: 200,
    lastResponse: 'ok',
    nextAttemptAt: null,
    createdAt: '2026-12-02T08:00:00.000Z',
    finishedAt: '2026-12-02T08:00:01.000Z',
  };
  const page0 = { total: 1, totalExact: true, page: 0, pageSize: 25, keptForDays: 30 };
  // An event type the contract does not know: the answer arrives (200) and cannot be read.
  let answer = { ...page0, items: [{ ...delivery, eventType: 'order.unheard-of' }] };
  let asked = 0;
  await page.route(`**${MERCHANT_API}/webhooks/deliveries/search`, (route) => {
    asked += 1;
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) });
  });
  // The log shows once the scope has an address: the group's settings are answered as saved, and nothing is saved.
  const saved = {
    url: 'https://hooks.example.test/folio',
    payLaterUrl: null,
    secretHint: 'ab12',
    secretCreatedAt: '2026-12-01T08:00:00.000Z',
    previousSecretHint: null,
    previousSecretValidUntil: null,
    updatedAt: '2026-12-01T08:00:00.000Z',
    addressesUpdatedAt: '2026-12-01T08:00:00.000Z',
  };
  await page.route(`**${MERCHANT_API}/webhooks/search`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ settings: saved, inherited: null }) }),
  );
  await page.goto(`/merchants/webhook-configuration?merchantGroupId=${groupId}`);
  // Every error toast that shows at any moment is counted: the log says its failures itself, a toast would say them twice.
  await page.evaluate(() => {
    const seen = new Set<Element>();
    new MutationObserver(() => document.querySelectorAll('[data-testid="error-toast"]').forEach((toast) => seen.add(toast))).observe(document.body, {
      childList: true,
      subtree: true,
    });
    (window as unknown as { errorToastsSeen: () => number }).errorToastsSeen = () => seen.size;
  });
  const log = page.getByRole('region', { name: 'Recent deliveries' });
  await expect(log.getByTestId('read-failed')).toContainText(
    "The deliveries could not be loaded, so the log cannot say whether events were delivered. Refresh to try again. (the server's answer was not in the form this page reads)",
  );
  await expect(log.getByText('No deliveries yet.')).toHaveCount(0);
  await expect(log.getByRole('status')).toHaveCount(0);
  // Nothing was read, so nothing is said about how long deliveries are kept (decision 0725).
  await expect(log.getByTestId('kept-for')).toHaveCount(0);
  // Asked once: the same answer would come again, so it is not asked three more times behind "Loading…".
  expect(asked).toBe(1);

  // Readable, the log shows its row; unreadable again, it keeps the row and says it could not load them again.
  answer = { ...page0, items: [delivery] };
  await log.getByRole('button', { name: 'Refresh' }).click();
  await expect(log.getByTestId('webhook-delivery-log')).toContainText('order.paid');
  await expect(log.getByTestId('read-failed')).toHaveCount(0);
  answer = { ...page0, items: [{ ...delivery, eventType: 'order.unheard-of' }] };
  await log.getByRole('button', { name: 'Refresh' }).click();
  await expect(log.getByTestId('read-failed-again')).toContainText('The deliveries could not be loaded again');
  await expect(log.getByTestId('webhook-delivery-log')).toContainText('order.paid');
  // The rows read before stay, and so does what that answer said about how long they are kept (decision 0725).
  await expect(log.getByTestId('kept-for')).toHaveText('Deliveries are kept for 30 days after they finish; older ones are no longer listed.');
  expect(asked).toBe(3);

  // A refresh the server refuses (asked once, a 4xx) is said by the log alone: no error toast says it again.
  const refusal = { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such webhook receiver.' };
  await page.unroute(`**${MERCHANT_API}/webhooks/deliveries/search`);
  await page.route(`**${MERCHANT_API}/webhooks/deliveries/search`, (route) =>
    route.fulfill({ status: 404, contentType: 'application/problem+json', body: JSON.stringify(refusal) }),
  );
  await log.getByRole('button', { name: 'Refresh' }).click();
  await expect(log.getByTestId('read-failed-again')).toContainText('No such webhook receiver.');
  await expect(log.getByTestId('webhook-delivery-log')).toContainText('order.paid');
  expect(await page.evaluate(() => (window as unknown as { errorToastsSeen: () => number }).errorToastsSeen())).toBe(0);
});
