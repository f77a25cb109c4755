import { expect, test, type Page } from './support/test';
import { apiSignIn, completeApplication, myGroupId, submitApplication, type ApiUser } from './kyc-support/api-applicant';
import { signInAs } from './kyc-support/sign-in';
import { expectStep } from './kyc-support/wizard-steps';
import { usePrivateServer } from './support/private-server';

// Decision 0703: a field the reviewer flagged must really change before the application goes back. The applicant's
// application is sent back with its registration number flagged; resubmitting it unchanged is refused in words that
// name the field, and once the field is changed and saved its step no longer "needs changes" and the resubmission
// goes through. Walked twice, the second round at a phone's width (390 px). The application changes status, so the
// suite runs on a database of its own.

const APPLICANT = 'applicant@demo.folio.test';
const REVIEWER = 'folioadmin@demo.folio.test';
const API = '/folio/payment-api/v2';
const REASON = 'The number does not match the company register';
const REFUSAL =
  'The application could not be submitted: The reviewer asked you to change 1 part of the application that is as it was when the application came back (Company details: Company registration number). Change it and save its step (a whole step flagged: check it and save it again), then resubmit the application.';

test.describe.configure({ mode: 'serial' });
const server = usePrivateServer(84);

let applicant: ApiUser;
let reviewer: ApiUser;
let groupId: string;

async function sendBackFlaggingTheRegistrationNumber(): Promise<void> {
  const transition = (data: object) => reviewer.context.post(`${API}/kyc/applications/${groupId}/transitions`, { headers: reviewer.headers, data });
  expect((await transition({ action: 'startReview' })).status()).toBe(200);
  const back = await transition({
    action: 'requestResubmission',
    flags: [{ targetKind: 'field', target: 'company-details.registrationNumber', reason: REASON }],
  });
  expect(back.status(), await back.text()).toBe(200);
}

test.beforeAll(async () => {
  applicant = await apiSignIn(server.baseURL, APPLICANT);
  reviewer = await apiSignIn(server.baseURL, REVIEWER);
  groupId = await myGroupId(applicant);
  await completeApplication(applicant, groupId);
  await submitApplication(applicant, groupId);
  await sendBackFlaggingTheRegistrationNumber();
});
test.afterAll(async () => {
  await applicant?.context.dispose();
  await reviewer?.context.dispose();
});

/** The applicant's round: refused while the flagged field is unchanged, through once it is changed. */
async function resubmitAfterChanging(page: Page, newNumber: string): Promise<void> {
  await signInAs(page, APPLICANT);
  await page.goto('/home');
  await page.getByRole('link', { name: 'See what to change' }).click();
  await expectStep(page, 'application-overview', 'Application overview');
  const requests = page.getByRole('note', { name: 'Our reviewer asked you to change:' });
  await expect(requests).toContainText(`Company registration number: ${REASON}`);
  await requests.getByRole('button', { name: 'Step 2: Company details' }).click();
  await expectStep(page, 'company-details', 'Company details');
  const progress = page.getByRole('navigation', { name: 'Application progress' });
  await expect(progress).toContainText('Needs changes: 2. Company');

  // Resubmitted with the field unchanged: refused, in words naming the field.
  await page.getByRole('button', { name: 'Resubmit now' }).click();
  await expect(page.getByRole('alert')).toContainText(REFUSAL);
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(progress).toContainText('Needs changes: 2. Company');

  // Changed and saved: the step no longer needs changes, and the application goes back to the reviewer.
  await page.getByLabel('Company registration number').fill(newNumber);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expectStep(page, 'business-information', 'Business information');
  await expect(progress).not.toContainText('Needs changes');
  await expect(progress).toContainText('Complete: 2. Company');
  await progress.getByRole('button', { name: 'Complete: 2. Company' }).click();
  await expectStep(page, 'company-details', 'Company details');
  await expect(page.getByRole('note', { name: 'Our reviewer asked you to change:' })).toContainText(
    'You have made the changes the reviewer asked for on this step.',
  );
  await page.getByRole('button', { name: 'Resubmit now' }).click();
  await expect(page.getByRole('heading', { name: 'Application submitted' })).toBeVisible();
  await expect(page.getByText('Current status: Pending')).toBeVisible();
}

test('an unchanged flagged field is refused in words; changed, its step no longer needs changes and the application goes back', async ({ page }) => {
  await resubmitAfterChanging(page, 'FN 654321b');
  // The applicant's group has no property yet: the top bar says the group is onboarding.
  await expect(page.getByTestId('active-property-name')).toHaveText('Onboarding Alpine Lodges Group');
});

test('the same round at a phone’s width (390 px)', async ({ page }) => {
  await sendBackFlaggingTheRegistrationNumber();
  await page.setViewportSize({ width: 390, height: 844 });
  await resubmitAfterChanging(page, 'FN 777777c');
  await expect(page.getByTestId('active-property-name-phone')).toHaveText('Onboarding Alpine Lodges Group');
});
