import { expect, test, type Page } from './support/test';
import { MERCHANT_API } from '../contract/product';
import { startSmtpAuthPeer, type SmtpAuthPeer } from '../testing/integrations/smtp-auth-peer';
import { signInAs } from './export-support/api';
import { usePrivateServer } from './support/private-server';

// Issue 18 "each of the thirteen pages saves, reloads with the saved values, and refuses invalid input
// with field messages", for the property's SMTP settings page: the merchant admin gives Canal House
// its own mail server, the password is write-only (never shown back, not even in the API's answer),
// wrong input is named at its field (and refused by the server too), and a test e-mail goes through
// the property's own server. Over a demo database of its own and a local SMTP server with a login.

const MAILBOX = { user: 'canal-house-mailer', password: 'Canal-5mtp-secret!' };
usePrivateServer(37);
let peer: SmtpAuthPeer;
test.beforeAll(async () => {
  peer = await startSmtpAuthPeer(MAILBOX);
});
test.afterAll(async () => {
  await peer?.close();
});

async function bearerOf(page: Page) {
  const session = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  return { Authorization: `Bearer ${session.accessToken}` };
}

test("a property's SMTP settings: wrong input named at its field, saved values come back, the password never does, a test e-mail goes through", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'merchantadmin@demo.folio.test');
  const found = await page.request.post(`${MERCHANT_API}/properties/search`, { headers: await bearerOf(page), data: { filters: { search: 'Canal House' } } });
  const property = ((await found.json()) as { items: Array<{ merchantId: string; merchantGroupId: string }> }).items[0]!;
  const scope = { kind: 'property', merchantGroupId: property.merchantGroupId, merchantId: property.merchantId };

  await page.goto(`/properties/smtp-settings?merchantId=${property.merchantId}`);
  const form = page.getByRole('form', { name: 'E-mail delivery' });
  await expect(form).toContainText("The server and account that send this property's e-mails to guests.");
  await form.getByLabel('Server').fill('smtp://nope');
  await form.getByLabel('Port').fill('99999');
  await form.getByLabel('Sender e-mail').fill('not-an-address');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText("Enter the mail server's host name")).toBeVisible();
  await expect(form.getByText('A port is a number from 1 to 65535')).toBeVisible();
  await expect(form.getByText('Enter a valid e-mail address')).toBeVisible();
  await expect(form.getByRole('status')).toHaveCount(0);
  // The server refuses the same input on its own, as problem JSON naming the field.
  const refused = await page.request.put(`${MERCHANT_API}/merchant-smtp`, {
    headers: await bearerOf(page),
    data: { scope, provider: 'SMTP', server: 'mail.canal.example', port: 99999, encryption: 'None', senderEmail: 'desk@canal.example' },
  });
  expect(refused.status()).toBe(400);
  expect(JSON.stringify(await refused.json())).toContain('port');

  await form.getByLabel('Server').fill(peer.host);
  await form.getByLabel('Port').fill(String(peer.port));
  await form.getByLabel('Encryption').selectOption('None');
  await form.getByLabel('Username').fill(MAILBOX.user);
  await form.getByLabel('Password').fill(MAILBOX.password);
  await form.getByLabel('Sender e-mail').fill('frontdesk@canal-house.example');
  await form.getByLabel('Sender name').fill('Canal House');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');

  await page.reload();
  const reloaded = page.getByRole('form', { name: 'E-mail delivery' });
  await expect(reloaded.getByLabel('Server')).toHaveValue(peer.host);
  await expect(reloaded.getByLabel('Port')).toHaveValue(String(peer.port));
  await expect(reloaded.getByLabel('Username')).toHaveValue(MAILBOX.user);
  await expect(reloaded.getByLabel('Sender e-mail')).toHaveValue('frontdesk@canal-house.example');
  await expect(reloaded.getByLabel('Sender name')).toHaveValue('Canal House');
  await expect(reloaded.getByLabel('Password')).toHaveValue('');
  await expect(reloaded.getByText('A password is stored.', { exact: false })).toBeVisible();
  await expect(reloaded.getByRole('note')).toHaveCount(0);
  expect(await page.content()).not.toContain(MAILBOX.password);
  const answer = await page.request.post(`${MERCHANT_API}/merchant-smtp/search`, { headers: await bearerOf(page), data: { scope } });
  expect(answer.ok()).toBe(true);
  expect(await answer.text()).not.toContain(MAILBOX.password);

  // Pointed at another login without the password typed again, the kept password is not sent there: the
  // form says so at the password field, and nothing is saved (decision 0346).
  await reloaded.getByLabel('Username').fill('someone-else');
  await reloaded.getByRole('button', { name: 'Save' }).click();
  await expect(reloaded.getByText(/enter the password again: a saved password goes only to the mail server and user it was saved for/i)).toBeVisible();
  await expect(reloaded.getByRole('status')).toHaveCount(0);
  await reloaded.getByLabel('Username').fill(MAILBOX.user);

  // The property's own server and login carry the test e-mail.
  await page.getByRole('form', { name: 'Send a test e-mail' }).getByLabel('Send to').fill('manager@canal-house.example');
  await page.getByRole('form', { name: 'Send a test e-mail' }).getByRole('button', { name: 'Send test e-mail' }).click();
  const result = page.getByTestId('smtp-test-result');
  await expect(result).toHaveAttribute('data-delivered', 'true');
  expect(peer.received.at(-1)).toMatchObject({ to: ['manager@canal-house.example'], user: MAILBOX.user });
});
