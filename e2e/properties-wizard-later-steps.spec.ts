import { expect, test, type Page } from './support/test';
import { signInAs } from './export-support/api';
import { usePrivateServer } from './support/private-server';

// The add-property wizard's last two steps, as a careful user and a careless typist meet them: the
// webhook step shows the signing secret it creates (the only time it is ever shown) and moves on only
// once the user has stored it; both steps name what is wrong at the field, whichever field it is,
// instead of a general hint or nothing at all; and no move off a step drops typed values unasked.
// Over a demo database of its own.

usePrivateServer(45);

async function newPropertyAt(page: Page, step: string, as = 'merchantadmin@demo.folio.test', group?: string): Promise<void> {
  await signInAs(page, as);
  await page.goto('/properties/create-property');
  const form = page.getByRole('form', { name: 'New property' });
  if (group) await form.getByLabel('Merchant group').selectOption({ label: group });
  await form.getByLabel('Property name').fill(`Later Steps Hotel ${test.info().title.slice(0, 20)}`);
  await form.getByLabel('Time zone').fill('Europe/Amsterdam');
  await form.getByRole('button', { name: 'Create property' }).click();
  await expect(page).toHaveURL(/step=property-information/);
  await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: step }).click();
}

test('the webhook step shows the signing secret it created and moves on once the user has stored it', async ({ page }) => {
  await newPropertyAt(page, '9. Webhook');
  await expect(page.getByTestId('wizard-step')).toHaveText('Webhook');
  await page.getByRole('textbox', { name: 'Webhook URL', exact: true }).fill('https://hooks.example.com/later-steps');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  const notice = page.getByTestId('webhook-secret-once');
  await expect(notice).toContainText('shown only this once');
  const secret = (await page.getByTestId('webhook-secret-value').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  // Still on the webhook step while the secret is on screen.
  await expect(page.getByTestId('wizard-step')).toHaveText('Webhook');
  await expect(page).toHaveURL(/step=webhook$/);

  await notice.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByTestId('wizard-step')).toHaveText('SMTP setting');
  await expect(page.getByTestId('webhook-secret-once')).toHaveCount(0);
  // The secret the user stored is the one the property signs with.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('wizard-step')).toHaveText('Webhook');
  await expect(page.getByTestId('webhook-secret-hint')).toContainText(`…${secret.slice(-4)}`);
});

test('the webhook step names what is wrong with an address at its field', async ({ page }) => {
  await newPropertyAt(page, '9. Webhook');
  const url = page.getByRole('textbox', { name: 'Webhook URL', exact: true });
  const payLater = page.getByRole('textbox', { name: 'Pay-later webhook URL' });
  const save = page.getByRole('button', { name: 'Save and continue' });

  await url.fill('https://folio:hunter2@hooks.example.com/in');
  await save.click();
  await expect(url).toHaveAccessibleErrorMessage(
    'Leave the user name and password out of the address: Folio signs each request with the signing secret instead.',
  );
  await url.fill('ftp://hooks.example.com/in');
  await save.click();
  await expect(url).toHaveAccessibleErrorMessage('The address must start with https:// (or http://).');
  await url.fill('https://hooks.example.com/in#events');
  await save.click();
  await expect(url).toHaveAccessibleErrorMessage('Leave out the # and what follows it.');
  await url.fill(`https://hooks.example.com/${'a'.repeat(2000)}`);
  await save.click();
  await expect(url).toHaveAccessibleErrorMessage('Use at most 2000 characters.');
  await url.fill('https://hooks.example.com/in');
  await payLater.fill('https://hooks.example.com/later\u0000');
  await save.click();
  await expect(payLater).toHaveAccessibleErrorMessage('This address contains a character that cannot be stored.');
  await expect(url).not.toHaveAttribute('aria-invalid');
  await expect(page.getByTestId('wizard-step')).toHaveText('Webhook');
  await expect(page.getByTestId('webhook-secret-hint')).toHaveText('A signing secret is created when you first save an address.');
});

test('the SMTP step names every field it cannot save, not only the server, port and sender', async ({ page }) => {
  await newPropertyAt(page, '10. SMTP setting');
  const form = page.getByRole('form', { name: 'E-mail delivery' });
  const box = (name: string) => form.getByRole('textbox', { name, exact: true });
  await box('Server').fill('mail.later-steps.example');
  await box('Sender e-mail').fill('desk@later-steps.example');
  await box('Username').fill('u'.repeat(255));
  await form.getByLabel('Password').fill('p'.repeat(513));
  await box('Sender name').fill('Front desk\u0000');
  await form.getByRole('button', { name: 'Save and send for review' }).click();

  await expect(box('Username')).toHaveAccessibleErrorMessage('Use at most 254 characters.');
  await expect(form.getByLabel('Password')).toHaveAccessibleErrorMessage('Use at most 512 characters.');
  await expect(box('Sender name')).toHaveAccessibleErrorMessage('This text contains a character that cannot be stored.');
  await expect(box('Server')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByTestId('wizard-step')).toHaveText('SMTP setting');
  // Nothing was saved: the property still has no password of its own.
  await expect(form).toContainText('No password is stored yet.');
});

test('moving off a step with typed, unsaved values asks first; staying keeps them, leaving drops them', async ({ page }) => {
  await newPropertyAt(page, '10. SMTP setting');
  const form = page.getByRole('form', { name: 'E-mail delivery' });
  const server = form.getByRole('textbox', { name: 'Server', exact: true });
  await server.fill('mail.typed-not-saved.example');
  await page.getByRole('button', { name: 'Back', exact: true }).click();

  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('Leave this step without saving?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('wizard-step')).toHaveText('SMTP setting');
  await expect(server).toHaveValue('mail.typed-not-saved.example');

  // The step list and Finish ask too; leaving drops what was typed.
  await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: '9. Webhook' }).click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByTestId('wizard-step')).toHaveText('Webhook');
  // A step left as it was moves on without a question.
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByTestId('wizard-step')).toHaveText('SMTP setting');
  await expect(dialog).toHaveCount(0);
  await expect(server).toHaveValue('');
  await server.fill('mail.typed-again.example');
  await page.getByRole('button', { name: 'Finish and send for review' }).click();
  await expect(dialog).toContainText('Leave this step without saving?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/step=smtp-setting$/);
});

test("the SMTP page says in the user's words that a changed server needs the password again", async ({ page }) => {
  await newPropertyAt(page, '10. SMTP setting');
  const merchantId = new URL(page.url()).searchParams.get('merchantId')!;
  await page.goto(`/properties/smtp-settings?merchantId=${merchantId}`);
  const form = page.getByRole('form', { name: 'E-mail delivery' });
  const box = (name: string) => form.getByRole('textbox', { name, exact: true });
  await box('Server').fill('mail.first.example');
  await box('Username').fill('desk');
  await form.getByLabel('Password').fill('first-Secret-1');
  await box('Sender e-mail').fill('desk@first.example');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  await expect(form).toContainText('A password is stored.');

  await box('Server').fill('mail.second.example');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByLabel('Password')).toHaveAccessibleErrorMessage(
    'Enter the password again: a saved password goes only to the mail server and user it was saved for.',
  );
});

test("a provider admin who added a property is not offered to send it for review, which is its merchant staff's to do (decision 0690)", async ({ page }) => {
  const lifecycleCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/properties\/[0-9a-f-]{36}\/lifecycle$/.test(new URL(request.url()).pathname)) lifecycleCalls.push(request.postData() ?? '');
  });
  await newPropertyAt(page, '10. SMTP setting', 'folioadmin@demo.folio.test', 'Lagoon Hotels Group');
  await expect(page.getByTestId('wizard-step')).toHaveText('SMTP setting');
  const merchantId = new URL(page.url()).searchParams.get('merchantId')!;
  // The last step saves what it holds and leads back to the property; nothing on it sends the property (the server refuses that with 403).
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save and send for review' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Finish and send for review' })).toHaveCount(0);
  const finishedBy = page.getByTestId('wizard-finished-by-merchant');
  await expect(finishedBy).toContainText("The property's own merchant staff finish the wizard and send the property for review.");
  await finishedBy.getByRole('link', { name: "Open the property's overview" }).click();
  await expect(page).toHaveURL(new RegExp(`/properties/property-overview/${merchantId}$`));
  expect(lifecycleCalls).toEqual([]);
});
