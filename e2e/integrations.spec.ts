import { expect, test } from './support/test';
import { startSmtpAuthPeer, type SmtpAuthPeer } from '../testing/integrations/smtp-auth-peer';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/integrations/webhook-receiver';
import { groupIdOf, PROVIDER_ADMIN, signInAs } from './export-support/api';

// Issues 17/18 "Done when": in Chromium, e-mail settings send a real test e-mail to a local SMTP
// server (and show its refusal of a wrong password), and the webhook page sends a signed test event
// to a local receiver that verifies the signature with the secret the page showed once.

const MAILBOX = { user: 'lagoon-mailer', password: 'Sm7p-pa55-word!' };
let peer: SmtpAuthPeer;
let receiver: WebhookReceiver;

test.beforeAll(async () => {
  peer = await startSmtpAuthPeer(MAILBOX);
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await peer.close();
  await receiver.close();
});

test("a provider admin saves a group's SMTP settings, the password stays write-only, and a test e-mail reaches the mail server", async ({ page }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const groupId = await groupIdOf(page, 'Lagoon Hotels Group');
  await page.goto(`/merchants/email-settings?merchantGroupId=${groupId}`);
  const form = page.getByRole('form', { name: 'E-mail delivery' });
  await form.getByLabel('Server').fill('smtp://nope');
  await form.getByLabel('Port').fill('99999');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText("Enter the mail server's host name")).toBeVisible();
  await expect(form.getByText('A port is a number from 1 to 65535')).toBeVisible();

  await form.getByLabel('Server').fill(peer.host);
  await form.getByLabel('Port').fill(String(peer.port));
  await form.getByLabel('Encryption').selectOption('None');
  await form.getByLabel('Username').fill(MAILBOX.user);
  await form.getByLabel('Password').fill(MAILBOX.password);
  await form.getByLabel('Sender e-mail').fill('bookings@lagoon.example');
  await form.getByLabel('Sender name').fill('Lagoon Hotels');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');

  await page.reload();
  const reloaded = page.getByRole('form', { name: 'E-mail delivery' });
  await expect(reloaded.getByLabel('Port')).toHaveValue(String(peer.port));
  await expect(reloaded.getByLabel('Password')).toHaveValue('');
  await expect(reloaded.getByText('A password is stored.', { exact: false })).toBeVisible();
  expect(await page.content()).not.toContain(MAILBOX.password);

  const testForm = page.getByRole('form', { name: 'Send a test e-mail' });
  await testForm.getByLabel('Send to').fill('frontdesk@lagoon.example');
  await testForm.getByRole('button', { name: 'Send test e-mail' }).click();
  const result = page.getByTestId('smtp-test-result');
  await expect(result).toHaveAttribute('data-delivered', 'true');
  await expect(result).toContainText('Delivered. The server answered:');
  // A mail server on this machine: the outcome's code and its meaning, not the server's own words (decision 0382).
  await expect(result.locator('pre')).toHaveText(/^250: the server accepted the test e-mail/);
  expect(peer.received.at(-1)).toMatchObject({ to: ['frontdesk@lagoon.example'], user: MAILBOX.user, subject: 'Folio test e-mail' });

  // A wrong password, typed over the stored one: the server's refusal is what the page shows.
  await reloaded.getByLabel('Password').fill('wrong-password');
  await reloaded.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('form', { name: 'E-mail delivery' }).getByRole('status')).toHaveText('Saved.');
  await testForm.getByRole('button', { name: 'Send test e-mail' }).click();
  await expect(result).toHaveAttribute('data-delivered', 'false');
  await expect(result.locator('pre')).toContainText('535 EAUTH: the server refused the login');
  // A mail server on this machine: its own words are not shown (decision 0382).
  await expect(result.locator('pre')).not.toContainText('Invalid username or password');
});

test("a merchant admin configures a property's webhook: the secret is shown once, and a signed test event is delivered and logged", async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  // The active property (the top bar's choice) is the page's property.
  await page.goto('/properties/webhook-configuration');
  const form = page.getByRole('form', { name: 'Webhooks' });
  await form.getByRole('textbox', { name: 'Webhook URL', exact: true }).fill('hooks.example.com/folio');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter an absolute address such as https://hooks.example.com/folio')).toBeVisible();

  await form.getByRole('textbox', { name: 'Webhook URL', exact: true }).fill(receiver.url);
  await form.getByRole('button', { name: 'Save' }).click();
  const secret = (await page.getByTestId('webhook-secret-value').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  receiver.secret = secret;
  await expect(page.getByTestId('webhook-secret-hint')).toContainText(secret.slice(-4));
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByTestId('webhook-secret-once')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('form', { name: 'Webhooks' }).getByRole('textbox', { name: 'Webhook URL', exact: true })).toHaveValue(receiver.url);
  expect(await page.content()).not.toContain(secret);

  const before = receiver.received.length;
  await page.getByRole('button', { name: 'Send a test event' }).click();
  const row = page.getByTestId('webhook-delivery-log').locator('tbody tr').first();
  await expect(row).toHaveAttribute('data-delivery-status', 'Succeeded', { timeout: 15_000 });
  await expect(row).toContainText('webhook.test');
  await expect(row).toContainText('1 of');
  // A receiver on this machine: the log shows its status line, never its body (decision 0382).
  await expect(row).toContainText('200 HTTP/1.1 200 OK');
  await expect(row).not.toContainText('ok, got it');
  // Why an older delivery would not be listed: the server's retention, the default 90 days here (decision 0725).
  await expect(page.getByRole('region', { name: 'Recent deliveries' }).getByTestId('kept-for')).toHaveText(
    'Deliveries are kept for 90 days after they finish; older ones are no longer listed.',
  );
  const [request] = (await receiver.waitFor(before + 1)).slice(before);
  expect(request!.signatureValid).toBe(true);
});
