import { expect, test } from './support/test';
import { signInAs } from './export-support/api';
import { holdCalls } from './support/hold-calls';

// Decision 0346: one refund rule per scope, so "Add rule" for a scope that has one opens that rule,
// and says so, instead of overwriting it with a new rule's defaults. Read-only: the shared demo
// server (the form is cancelled).

test('adding a rule for a scope that has one shows that rule, says saving changes it, and says a misplaced threshold in words', async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  await page.goto('/refund-management/rules');
  const groupRule = page.getByTestId('refund-rule').filter({ hasText: '(all properties)' });
  await expect(groupRule).toHaveCount(1);
  const autoApprove = (await groupRule.getByRole('cell').nth(1).innerText()).trim();

  await page.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByTestId('rule-replaces')).toHaveText('This scope has a rule already: its values are shown here, and saving changes them.');
  await expect(page.getByLabel('Auto-approve up to')).toHaveValue(autoApprove.replace(/[^\d.]/g, ''));
  // Issue 34: a threshold below the auto-approval limit is said at its field, in words, when the rule is saved.
  await page.getByLabel('Two approvals above').fill('0.01');
  await page.getByRole('button', { name: 'Save rule' }).click();
  await expect(
    page.getByText(/^Make this at least the auto-approval limit, .+, or lower that limit: a refund cannot need two approvals and none at once\.$/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(groupRule.getByRole('cell').nth(1)).toHaveText(autoApprove);
});

test('"Add rule" waits for the rules, so that a quick click opens the scope\'s own rule rather than a new one that would replace it', async ({ page }) => {
  await signInAs(page, 'merchantadmin@demo.folio.test');
  // The rules come late, as on a busy server.
  const answer = await holdCalls(page, '**/refunds/rules/search');
  await page.goto('/refund-management/rules');
  await expect(page.getByTestId('refund-rules-loading')).toHaveText('Loading…');
  await expect(page.getByRole('button', { name: 'Add rule' })).toHaveCount(0);
  answer();
  const groupRule = page.getByTestId('refund-rule').filter({ hasText: '(all properties)' });
  await page.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByTestId('rule-replaces')).toBeVisible();
  const dailyCap = (await groupRule.getByRole('cell').nth(3).innerText()).trim();
  await expect(page.getByLabel('Daily auto-approval cap per property')).toHaveValue(dailyCap.replace(/[^\d.]/g, ''));
  await expect(page.getByTestId('refund-rules-loading')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
});
