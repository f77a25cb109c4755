import { expect, test, type Page } from './support/test';
import { pdfFile } from './kyc-support/files';
import { signInAs, signOut } from './kyc-support/sign-in';
import { usePrivateServer } from './support/private-server';
import {
  expectStep,
  fillBusinessInformation,
  fillCompanyDetails,
  fillOverview,
  fillPerson,
  fillProcessingDetails,
  fillSanctionsExposure,
  fillSettlementAccount,
  fillSignatory,
  next,
} from './kyc-support/wizard-steps';

// Issue 5 "Done when": the applicant's whole journey and the provider's review, in one story.
const APPLICANT = 'applicant@demo.folio.test';
const REVIEWER = 'folioadmin@demo.folio.test';
const GROUP = 'Alpine Lodges Group';

test.describe.configure({ mode: 'serial' });

// The story ends with the applicant's group Active, so it runs on a database of its own.
usePrivateServer(9);

async function openApplication(page: Page) {
  await page.goto('/kyc/applications');
  await page.getByLabel('Search by name').fill('Alpine');
  await expect(page).toHaveURL(/q=Alpine/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: `Open ${GROUP}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: GROUP })).toBeVisible();
}

async function act(page: Page, action: string, status: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  // Status changes are confirmed first (issue 11).
  await page.getByTestId('confirm-dialog').getByRole('button', { name: action, exact: true }).click();
  await expect(page.getByTestId('status-badge').first()).toHaveText(status);
}

test('the reviewer pages, filters by status and sorts applications by date', async ({ page }) => {
  await signInAs(page, REVIEWER);
  await page.goto('/kyc/applications');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(11);
  await expect(page.getByTestId('table-page')).toHaveText(/^Page 1 of \d+$/);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('table-page')).toHaveText(/^Page 2 of \d+$/);
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeEnabled();

  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Sent for resubmission' });
  await expect(page.getByRole('link', { name: 'Open Danube Hospitality' })).toBeVisible();
  // Every row left shows the status once the filtered page has replaced the previous one (a list of
  // badges taken at one instant could still hold rows of the unfiltered page).
  await expect.poll(async () => [...new Set(await page.getByTestId('status-badge').allTextContents())]).toEqual(['Sent for resubmission']);

  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All statuses' });
  // The list-screen shape sorts by its column headers; a date column's first click is oldest first.
  await page.getByRole('columnheader', { name: 'Submitted' }).getByRole('button').click();
  await expect(page.getByRole('columnheader', { name: /Submitted/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sortBy=submittedAt&dir=asc/);
  await page.getByLabel('Rows per page').selectOption('25');
  const names = page.getByRole('table').getByRole('link');
  await expect(names.filter({ hasText: 'Baltic Inns' })).toBeVisible();
  // Seeded submissions: Danube on 23 Oct, Coastline on 26 Oct, Baltic on 29 Oct. Polled: the rows read
  // at one instant could still be those of the page before the page size changed.
  const seeded = ['Danube Hospitality', 'Coastline Stays', 'Baltic Inns'];
  await expect.poll(async () => (await names.allTextContents()).filter((name) => seeded.includes(name))).toEqual(seeded);
});

test('the applicant fills in the eight steps, resumes after a reload, and submits', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, APPLICANT);
  await page.goto('/kyc/application-overview');
  await expectStep(page, 'application-overview', 'Application overview');
  await expect(page.getByRole('navigation', { name: 'Application progress' }).getByRole('listitem')).toHaveCount(8);

  // Forward needs a valid step: the error is shown and the step stays.
  await next(page);
  await expect(page.getByText('Confirm that you have read the overview')).toBeVisible();
  await expectStep(page, 'application-overview', 'Application overview');
  await fillOverview(page);
  await next(page);

  await expectStep(page, 'company-details', 'Company details');
  await page.getByLabel('Postal code').fill('??');
  await next(page);
  await expect(page.getByText('Enter a valid postal code')).toBeVisible();
  // The server judges a file by its content: text named .pdf is refused and nothing is stored.
  const certificate = page.getByTestId('document-certificateOfIncorporationDocumentId');
  await certificate
    .getByLabel(/Certificate of incorporation/)
    .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
  await expect(certificate.getByRole('alert')).toHaveText(
    'This file is not a PDF, JPEG or PNG document, so it cannot be uploaded. Choose a PDF, JPEG or PNG file.',
  );
  await expect(certificate.getByRole('link', { name: 'fake.pdf' })).toHaveCount(0);
  await fillCompanyDetails(page);
  await expect(certificate.getByRole('alert')).toHaveCount(0);
  await next(page);

  await expectStep(page, 'business-information', 'Business information');
  await fillBusinessInformation(page);
  await next(page);

  await expectStep(page, 'sanctions-exposure', 'Sanctions exposure');
  await fillSanctionsExposure(page);
  await next(page);

  await expectStep(page, 'company-stakeholders', 'Company stakeholders');
  await fillPerson(
    page.getByRole('group', { name: 'Person 1' }),
    { first: 'Anna', last: 'Berger', share: '60' },
    { address: 'anna-address.pdf', identity: 'anna-id.png' },
  );
  await expect(page.getByTestId('ownership-warning')).toContainText('60%');
  await page.getByRole('button', { name: 'Add a person' }).click();
  await fillPerson(
    page.getByRole('group', { name: 'Person 2' }),
    { first: 'Bruno', last: 'Berger', share: '40' },
    { address: 'bruno-address.pdf', identity: 'bruno-id.png' },
  );
  await expect(page.getByTestId('ownership-warning')).toBeHidden();
  await page.getByLabel(/Ownership structure/).setInputFiles(pdfFile('ownership.pdf'));
  await expect(page.getByRole('link', { name: 'ownership.pdf' })).toBeVisible();
  await next(page);

  await expectStep(page, 'processing-details', 'Processing details');
  // Leaving in the middle: a reload comes back at the first incomplete step with everything kept.
  await page.reload();
  await expectStep(page, 'processing-details', 'Processing details');
  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, 'company-stakeholders', 'Company stakeholders');
  const person2 = page.getByRole('group', { name: 'Person 2' });
  await expect(person2.getByLabel('First name')).toHaveValue('Bruno');
  await expect(person2.getByLabel('Share ownership (%)')).toHaveValue('40');
  await expect(person2.getByRole('link', { name: 'bruno-id.png' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Person 1' }).getByLabel('Year')).toHaveValue('1975');
  await next(page);

  await expectStep(page, 'processing-details', 'Processing details');
  await fillProcessingDetails(page);
  await next(page);

  await expectStep(page, 'settlement-accounts', 'Settlement accounts');
  await fillSettlementAccount(page);
  await next(page);

  await expectStep(page, 'authorised-signatory', 'Submit application');
  await expect(page.getByRole('region', { name: 'Photo rules for ID documents' }).first()).toContainText('No screenshots');
  await fillSignatory(page);
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page).toHaveURL(/\/kyc\/application-success$/);
  await expect(page.getByRole('heading', { name: 'Application submitted' })).toBeVisible();
  await expect(page.getByText('Current status: Pending')).toBeVisible();
});

test('the reviewer sends the application back flagging the bank statement', async ({ page }) => {
  await signInAs(page, REVIEWER);
  await openApplication(page);
  await expect(page.getByRole('region', { name: 'Company details' })).toContainText('Alpine Lodges GmbH');
  await expect(page.getByRole('link', { name: 'View bank-statement.pdf' }).first()).toBeVisible();
  await act(page, 'Start review', 'In review');
  await page.getByRole('button', { name: 'Send for resubmission' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send for resubmission' });
  await dialog.getByLabel(/Flag Bank statement: bank-statement.pdf/).check();
  await dialog.getByLabel(/Reason for Bank statement/).fill('The statement must be less than three months old');
  await dialog.getByRole('button', { name: 'Send to applicant' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Sent for resubmission');
  await expect(page.getByRole('region', { name: 'Open resubmission requests' })).toContainText('less than three months old');
});

test('the applicant replaces only the flagged document and resubmits', async ({ page, browser, baseURL }) => {
  await signInAs(page, APPLICANT);
  // The home says the application came back, and its link opens the first step, which names what the
  // reviewer asked for and leads to that step.
  await page.goto('/home');
  await expect(page.getByText('Our reviewer sent your KYC application back with questions.')).toBeVisible();
  await page.getByRole('link', { name: 'See what to change' }).click();
  await expectStep(page, 'application-overview', 'Application overview');
  const requests = page.getByRole('note', { name: 'Our reviewer asked you to change:' });
  await expect(requests).toContainText('Nothing on this step needs to change.');
  // Each request names what to change: here the flagged document.
  await expect(requests).toContainText('bank-statement.pdf: The statement must be less than three months old');
  await requests.getByRole('button', { name: 'Step 7: Settlement accounts' }).click();
  await expectStep(page, 'settlement-accounts', 'Settlement accounts');
  await expect(page.getByRole('note', { name: 'Our reviewer asked you to change:' })).toHaveCount(0);
  await expect(page.getByText('The statement must be less than three months old')).toBeVisible();
  const progress = page.getByRole('navigation', { name: 'Application progress' });
  await expect(progress).toContainText('Needs changes: 7. Settlement');
  await expect(progress).not.toContainText('Needs changes: 2.');
  const account = page.getByRole('group', { name: 'Settlement account 1' });
  await expect(account.getByLabel('Bank name')).not.toBeEditable();
  await expect(account.getByLabel('IBAN / account number')).not.toBeEditable();
  const enabledPickers = page.locator('input[type=file]:not([disabled])');
  await expect(enabledPickers).toHaveCount(1);
  await account.getByLabel(/Bank statement/).setInputFiles(pdfFile('bank-statement-new.pdf', 'October statement'));
  await expect(account.getByRole('link', { name: 'bank-statement-new.pdf' })).toBeVisible();
  // The request is done once the file is in: the step stops saying "Needs changes" at once, not at the next reload.
  await expect(progress).not.toContainText('Needs changes');
  // After a reload the replacement is still the flagged slot: open, with the reviewer's reason.
  await page.reload();
  await expectStep(page, 'settlement-accounts', 'Settlement accounts');
  await expect(account.getByRole('link', { name: 'bank-statement-new.pdf' })).toBeVisible();
  await expect(page.getByText('The statement must be less than three months old')).toBeVisible();
  await expect(enabledPickers).toHaveCount(1);
  await next(page);

  await expectStep(page, 'authorised-signatory', 'Submit application');
  await expect(page.getByLabel('Job title')).not.toBeEditable();
  await expect(page.locator('input[type=file]:not([disabled])')).toHaveCount(0);
  // Meanwhile the reviewer's open request names the replaced document by its step and its replacement, not by an id.
  const reviewerContext = await browser.newContext({ baseURL });
  const reviewer = await reviewerContext.newPage();
  await signInAs(reviewer, REVIEWER);
  await openApplication(reviewer);
  await expect(reviewer.getByRole('region', { name: 'Open resubmission requests' }).getByRole('listitem')).toHaveText(
    'Settlement accounts: The statement must be less than three months old (replaced by bank-statement-new.pdf)',
  );
  await reviewerContext.close();
  await page.getByRole('button', { name: 'Resubmit application' }).click();
  await expect(page.getByRole('heading', { name: 'Application submitted' })).toBeVisible();
});

test('the reviewer approves, sends and signs the contract and activates the group', async ({ page }) => {
  await signInAs(page, REVIEWER);
  await openApplication(page);
  await expect(page.getByTestId('status-badge').first()).toHaveText('Pending');
  // Back from resubmission, the review goes on from what was asked last time and what answered it.
  const answered = page.getByRole('region', { name: 'Asked for in the last resubmission' });
  await expect(answered).toContainText('Settlement accounts: The statement must be less than three months old (replaced by bank-statement-new.pdf)');
  await act(page, 'Start review', 'In review');
  await expect(answered).toBeVisible();
  await act(page, 'Approve', 'Contract Pending');
  await expect(answered).toHaveCount(0);
  // Approved, the contract is sent first (decision 0536); only then is its signature recorded.
  await expect(page.getByRole('button', { name: 'Sign contract' })).toHaveCount(0);
  await act(page, 'Send contract', 'Contract Pending');
  await page.getByRole('button', { name: 'Sign contract' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sign contract' }).click();
  await expect(page.getByRole('button', { name: 'Activate' })).toBeVisible();
  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('No action is possible in this status.')).toBeVisible();
  const trail = page.getByRole('region', { name: 'Audit trail' });
  for (const what of [
    'Application submitted',
    'Review started',
    'Sent back for resubmission',
    'Document replaced',
    'Approved',
    'Contract sent for signature',
    'Contract signed',
    'Group activated',
  ])
    await expect(trail).toContainText(what);
  await expect(trail).toContainText('Bram Jansen (folioadmin@demo.folio.test)');
});

test('the applicant of the now active group sees the full menu and no KYC item', async ({ page }) => {
  await signInAs(page, APPLICANT);
  await page.goto('/home');
  const menu = page.getByRole('navigation').first();
  await expect(menu.getByRole('link', { name: 'Properties' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'KYC', exact: true })).toHaveCount(0);
  await signOut(page);
});
