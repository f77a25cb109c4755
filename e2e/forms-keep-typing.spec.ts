import { expect, test, type Locator, type Page } from './support/test';
import { MERCHANT_API } from '../contract/product';
import { apiOf, groupIdOf, PROVIDER_ADMIN, signInAs } from './export-support/api';
import { usePrivateServer } from './support/private-server';

// Decision 0680: a settings form keeps what the user typed when its read is fetched again and brings
// someone else's newer save. The reads refetch when the connection comes back (and on the live
// stream's resync): before, the form was rebuilt from the newer answer and the typing was gone
// without a word. Now the form keeps it and says someone else changed the settings; a save is
// refused (changed-since) and "Show the current settings" builds the form from theirs. A form with
// nothing typed still follows the newer answer. The webhook and e-mail settings name their version too
// (decision 0354, amended): a save over someone else's, whether or not the page has seen it, is refused. A
// property's page showing its group's settings names the group's version, and a rotated webhook secret is no
// change to the addresses (decision 0683). These tests save settings: a database of their own.

test.describe.configure({ mode: 'serial' });
usePrivateServer(5);

/**
 * The connection drops and comes back, as on a train: the screen's reads are fetched again. Resolves
 * once the read whose address contains `read` has answered.
 */
async function reconnect(page: Page, read: string) {
  const refetched = page.waitForResponse((response) => response.url().includes(read) && response.ok());
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  await refetched;
}

/** Someone else's change through the API (another client of the same user; apiOf has GET and POST only). */
async function put(page: Page, path: string, data: unknown) {
  const { accessToken } = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  const answer = await page.request.put(path, { headers: { Authorization: `Bearer ${accessToken}` }, data });
  expect(answer.ok(), await answer.text()).toBe(true);
}

async function propertyIdOf(page: Page, name: string): Promise<string> {
  const api = await apiOf(page);
  const found = (await api.post(`${MERCHANT_API}/properties/search`, { filters: { search: name } })) as { items: Array<{ merchantId: string }> };
  return found.items[0]!.merchantId;
}

/**
 * Until the screen has taken the newer answer in: it says so (the notice), or the typing was replaced
 * (what happened before decision 0680), whichever comes first, so the next check sees which.
 */
async function newerAnswerShown(notice: Locator, typed: () => Promise<boolean>) {
  await expect.poll(async () => (await notice.isVisible()) || !(await typed())).toBe(true);
}

/**
 * A save over someone else's newer one: refused with the typing kept and nothing written; their value when asked;
 * the change made again on it is saved. `field` holds `mine` when this starts; `stored` reads the value saved.
 */
async function refusedThenRedone(form: Locator, field: Locator, mine: string, theirs: string, stored: () => Promise<unknown>) {
  const notice = form.getByTestId('changed-since');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notice).toContainText('Someone else saved this page after you opened it, so your changes were not saved.');
  await expect(field).toHaveValue(mine);
  expect(await stored()).toBe(theirs);

  await notice.getByRole('button', { name: 'Show the current settings' }).click();
  await expect(field).toHaveValue(theirs);
  await expect(notice).toHaveCount(0);
  await field.fill(mine);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  expect(await stored()).toBe(mine);
}

test('typing in a settings page survives a refetch that brings someone else’s save, and their values come when asked', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const groupId = await groupIdOf(page, 'Emerald Isle Hotels');
  const api = await apiOf(page);
  const path = `${MERCHANT_API}/merchant-group-settings/${groupId}/processing`;
  /** Someone else saves the link expiry (no version named: the last write wins, as an older client's would). */
  const theySave = async (hours: number) => {
    const { values } = (await api.get(path)) as { values: Record<string, unknown> };
    await put(page, path, { ...values, linkExpiryHours: hours });
  };

  await page.goto(`/merchants/processing-settings?merchantGroupId=${groupId}`);
  const form = page.getByRole('form', { name: 'Processing settings' });
  const expiry = form.getByLabel('Link expiry (hours)');
  const notice = form.getByTestId('changed-since');
  await expect(expiry).toBeVisible();

  // Nothing typed: the form follows the newer answer, as before.
  await theySave(30);
  await reconnect(page, path);
  await expect(expiry).toHaveValue('30');
  await expect(notice).toHaveCount(0);

  // Typed and not saved: the typing stays, and the page says why the values may be old.
  await expiry.fill('50');
  await theySave(40);
  await reconnect(page, path);
  await newerAnswerShown(notice, async () => (await expiry.inputValue()) === '50');
  await expect(expiry).toHaveValue('50');
  await expect(notice).toContainText('Someone else changed these settings after you opened them. What you typed is still here');

  // Saved, it is refused (nothing written over theirs); the typing is still there.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notice).toContainText('Someone else saved this page after you opened it, so your changes were not saved.');
  await expect(expiry).toHaveValue('50');
  expect(((await api.get(path)) as { values: { linkExpiryHours: number } }).values.linkExpiryHours).toBe(40);

  // Their values when asked; made again on them, the change is saved.
  await form.getByRole('button', { name: 'Show the current settings' }).click();
  await expect(expiry).toHaveValue('40');
  await expect(notice).toHaveCount(0);
  await expiry.fill('50');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  await expect(expiry).toHaveValue('50');
  expect(((await api.get(path)) as { values: { linkExpiryHours: number } }).values.linkExpiryHours).toBe(50);
});

test('typing in the payment settings and the virtual card settings survives a refetch that brings someone else’s save', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const api = await apiOf(page);
  const configs = (await api.post(`${MERCHANT_API}/merchant-config/search`, {})) as Array<{
    merchantId: string;
    merchantGroupId: string;
    merchantName: string;
  }>;
  const property = configs.find((config) => config.merchantName === 'Santorini Caldera Resort');
  if (!property) throw new Error('no Santorini Caldera Resort');
  const { merchantId } = property;
  // Settings of its own to edit (not add), and none for virtual cards yet.
  const settings = { paymentTypes: ['PN'], chargeCategories: ['Rooms'], depositBasis: 'None', depositPercentage: 0 };
  await api.post(`${MERCHANT_API}/merchant-config`, { merchantId, settings });

  await page.goto(`/payment-settings/edit-payment-settings?merchantGroupId=${property.merchantGroupId}&merchantId=${merchantId}`);
  const payment = page.locator('form', { has: page.getByRole('button', { name: 'Save payment settings' }) });
  const spa = payment.getByRole('checkbox', { name: 'Spa' });
  const payLater = payment.getByRole('checkbox', { name: 'Pay later' });
  await expect(payLater).not.toBeChecked();
  const vcc = page.getByRole('region', { name: 'Virtual cards (VCC)' });
  const email = vcc.getByLabel('E-mail for failed virtual card charges');
  await expect(vcc.getByTestId('vcc-state')).toContainText('no virtual card settings yet');

  // Both forms typed in, not saved; someone else saves both.
  await spa.check();
  await email.fill('mine@example.com');
  await put(page, `${MERCHANT_API}/merchant-config`, { merchantId, settings: { ...settings, paymentTypes: ['PN', 'PL'] } });
  await api.post(`${MERCHANT_API}/vcc-merchant-configs`, {
    merchantId,
    enabled: true,
    channels: ['Airbnb'],
    chargeTiming: 'OnCheckIn',
    daysBeforeCheckIn: null,
    notificationEmail: 'theirs@example.com',
  });
  await reconnect(page, `${MERCHANT_API}/vcc-merchant-configs/search`);

  // The typing stays in both, each saying why its values may be old.
  const paymentNotice = payment.getByTestId('changed-since');
  const vccNotice = vcc.getByTestId('changed-since');
  await newerAnswerShown(vccNotice, async () => (await email.inputValue()) === 'mine@example.com');
  await newerAnswerShown(paymentNotice, () => spa.isChecked());
  await expect(email).toHaveValue('mine@example.com');
  await expect(spa).toBeChecked();
  await expect(payLater).not.toBeChecked();
  await expect(paymentNotice).toContainText('Someone else changed these settings after you opened them.');
  await expect(vccNotice).toContainText('Someone else changed these settings after you opened them.');

  // Saved, each is refused; "Show the current settings" shows theirs.
  await payment.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(paymentNotice).toContainText('Someone else changed these payment settings after you opened them, so yours were not saved.');
  await expect(spa).toBeChecked();
  await paymentNotice.getByRole('button', { name: 'Show the current settings' }).click();
  await expect(payLater).toBeChecked();
  await expect(spa).not.toBeChecked();
  await expect(paymentNotice).toHaveCount(0);

  await vcc.getByRole('button', { name: 'Save virtual card settings' }).click();
  await expect(vccNotice).toContainText('Someone else changed the virtual card settings after you opened them, so yours were not saved.');
  await expect(email).toHaveValue('mine@example.com');
  await vccNotice.getByRole('button', { name: 'Show the current settings' }).click();
  await expect(email).toHaveValue('theirs@example.com');
  await expect(vcc.getByRole('checkbox', { name: 'Airbnb' })).toBeChecked();
  await expect(vccNotice).toHaveCount(0);

  // Made again on the current values, the change is saved.
  await spa.check();
  await payment.getByRole('button', { name: 'Save payment settings' }).click();
  await expect(page.getByRole('status')).toHaveText('The payment settings are saved.');
  await expect(spa).toBeChecked();
  await expect(payLater).toBeChecked();
});

test('a webhook address save over someone else’s is refused, their address comes when asked; a rotated secret does not refuse it', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const merchantGroupId = await groupIdOf(page, 'Emerald Isle Hotels');
  const api = await apiOf(page);
  const scope = { kind: 'merchantGroup', merchantGroupId };
  const savedUrl = async () => ((await api.post(`${MERCHANT_API}/webhooks/search`, { scope })) as { settings: { url: string } | null }).settings?.url;
  /** Someone else saves the webhook address (no version named: the last write wins, as an older client's would). */
  const theySave = (url: string) => put(page, `${MERCHANT_API}/webhooks`, { scope, url });
  await theySave('https://hooks.emerald.example/first');

  await page.goto(`/merchants/webhook-configuration?merchantGroupId=${merchantGroupId}`);
  const form = page.getByRole('form', { name: 'Webhooks' });
  const url = form.getByRole('textbox', { name: 'Webhook URL', exact: true });
  await expect(url).toHaveValue('https://hooks.emerald.example/first');

  // The user's own rotation changes the settings' version but no address: the typed address still saves.
  await url.fill('https://hooks.emerald.example/mine');
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(url).toHaveValue('https://hooks.emerald.example/mine');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  expect(await savedUrl()).toBe('https://hooks.emerald.example/mine');

  // Someone else saves; this page has not fetched it. The user's save is refused and writes nothing; their address
  // comes when asked, and made again on it, the change is saved.
  await theySave('https://hooks.emerald.example/theirs');
  await url.fill('https://hooks.emerald.example/mine-again');
  await refusedThenRedone(form, url, 'https://hooks.emerald.example/mine-again', 'https://hooks.emerald.example/theirs', savedUrl);
});

test('an e-mail settings save over someone else’s is refused and keeps the typing; their values come when asked', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const merchantGroupId = await groupIdOf(page, 'Emerald Isle Hotels');
  const api = await apiOf(page);
  const scope = { kind: 'merchantGroup', merchantGroupId };
  const settings = {
    scope,
    provider: 'SMTP',
    server: 'smtp.emerald.example',
    port: 587,
    encryption: 'STARTTLS',
    username: 'emerald',
    senderEmail: 'stay@emerald.example',
  };
  const savedName = async () =>
    ((await api.post(`${MERCHANT_API}/merchant-smtp/search`, { scope })) as { settings: { senderName: string | null } | null }).settings?.senderName;
  const theySave = (senderName: string) => put(page, `${MERCHANT_API}/merchant-smtp`, { ...settings, senderName });
  await theySave('Emerald Isle');

  await page.goto(`/merchants/email-settings?merchantGroupId=${merchantGroupId}`);
  const form = page.getByRole('form', { name: 'E-mail delivery' });
  const name = form.getByLabel('Sender name');
  await expect(name).toHaveValue('Emerald Isle');

  await theySave('Emerald Isle Reservations');
  await name.fill('Emerald Isle Front Desk');
  await refusedThenRedone(form, name, 'Emerald Isle Front Desk', 'Emerald Isle Reservations', savedName);
});

test('a property’s e-mail save made from its group’s values is refused once the group’s changed; theirs come when asked', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const merchantGroupId = await groupIdOf(page, 'Kastro Island Resorts');
  const merchantId = await propertyIdOf(page, 'Naxos Beach Villas');
  const api = await apiOf(page);
  const groupScope = { kind: 'merchantGroup', merchantGroupId };
  const propertyScope = { kind: 'property', merchantGroupId, merchantId };
  const groupSettings = {
    provider: 'SMTP',
    server: 'smtp.kastro.example',
    port: 587,
    encryption: 'STARTTLS',
    username: 'kastro',
    senderEmail: 'stay@kastro.example',
  };
  /** Someone else saves the group's e-mail settings on the group's page. */
  const theySave = (senderName: string) => put(page, `${MERCHANT_API}/merchant-smtp`, { ...groupSettings, scope: groupScope, senderName });
  /** The sender name the property sends with: its own, else its group's. */
  const sendsAs = async () => {
    const answer = (await api.post(`${MERCHANT_API}/merchant-smtp/search`, { scope: propertyScope })) as Record<
      'settings' | 'inherited',
      { senderName: string } | null
    >;
    return (answer.settings ?? answer.inherited)?.senderName;
  };
  await theySave('Kastro Islands');

  await page.goto(`/properties/smtp-settings?merchantId=${merchantId}`);
  const form = page.getByRole('form', { name: 'E-mail delivery' });
  const name = form.getByLabel('Sender name');
  await expect(name).toHaveValue('Kastro Islands');
  await expect(form.getByRole('note')).toContainText('no e-mail settings of its own');

  // The group's name changes meanwhile; this page, built on the old one, has not fetched it. Saved, it would make the
  // old group values the property's own: refused, nothing written, their name when asked, and the change made again.
  await theySave('Kastro Islands Reservations');
  await name.fill('Naxos Front Desk');
  await refusedThenRedone(form, name, 'Naxos Front Desk', 'Kastro Islands Reservations', sendsAs);
});

test('a property’s webhook save made from its group’s address is refused once the group’s changed; theirs shows when asked', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const merchantGroupId = await groupIdOf(page, 'Kastro Island Resorts');
  const merchantId = await propertyIdOf(page, 'Naxos Beach Villas');
  const api = await apiOf(page);
  /** Someone else saves the group's webhook address on the group's page. */
  const theySave = (url: string) => put(page, `${MERCHANT_API}/webhooks`, { scope: { kind: 'merchantGroup', merchantGroupId }, url });
  const ownUrl = async () =>
    ((await api.post(`${MERCHANT_API}/webhooks/search`, { scope: { kind: 'property', merchantGroupId, merchantId } })) as { settings: { url: string } | null })
      .settings?.url ?? null;
  await theySave('https://hooks.kastro.example/first');

  await page.goto(`/properties/webhook-configuration?merchantId=${merchantId}`);
  const form = page.getByRole('form', { name: 'Webhooks' });
  const url = form.getByRole('textbox', { name: 'Webhook URL', exact: true });
  const note = form.getByRole('note');
  const notice = form.getByTestId('changed-since');
  await expect(note).toContainText('https://hooks.kastro.example/first');

  // The group's address changes meanwhile; the page has not fetched it. The property's save is refused, writes nothing.
  await theySave('https://hooks.kastro.example/theirs');
  await url.fill('https://hooks.naxos.example/mine');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(notice).toContainText('Someone else saved this page after you opened it, so your changes were not saved.');
  await expect(url).toHaveValue('https://hooks.naxos.example/mine');
  expect(await ownUrl()).toBeNull();

  // Asked, the page shows the group's new address; the property's own address, typed again, is saved.
  await notice.getByRole('button', { name: 'Show the current settings' }).click();
  await expect(note).toContainText('https://hooks.kastro.example/theirs');
  await expect(url).toHaveValue('');
  await url.fill('https://hooks.naxos.example/mine');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  expect(await ownUrl()).toBe('https://hooks.naxos.example/mine');
});

test('a webhook secret rotated by someone else does not refuse an address save on a page that has not fetched it', async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const merchantGroupId = await groupIdOf(page, 'Iberia Boutique');
  const api = await apiOf(page);
  const scope = { kind: 'merchantGroup', merchantGroupId };
  const saved = async () => ((await api.post(`${MERCHANT_API}/webhooks/search`, { scope })) as { settings: { url: string; secretHint: string } }).settings;
  await put(page, `${MERCHANT_API}/webhooks`, { scope, url: 'https://hooks.iberia.example/first' });

  await page.goto(`/merchants/webhook-configuration?merchantGroupId=${merchantGroupId}`);
  const form = page.getByRole('form', { name: 'Webhooks' });
  const url = form.getByRole('textbox', { name: 'Webhook URL', exact: true });
  const hint = page.getByTestId('webhook-secret-hint');
  await expect(url).toHaveValue('https://hooks.iberia.example/first');
  const hintBefore = await hint.textContent();

  // Another admin rotates the secret: no address changed. The typed address is saved, and the page then shows the new secret's hint.
  await api.post(`${MERCHANT_API}/webhooks/rotate-secret`, { scope });
  const rotated = await saved();
  expect(hintBefore).not.toContain(rotated.secretHint);
  await url.fill('https://hooks.iberia.example/mine');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  await expect(form.getByTestId('changed-since')).toHaveCount(0);
  expect(await saved()).toMatchObject({ url: 'https://hooks.iberia.example/mine', secretHint: rotated.secretHint });
  await expect(hint).toContainText(rotated.secretHint);
});
