import { expect, type Locator, type Page } from '@playwright/test';
import { pdfFile, pngFile } from './files';

// Filling the KYC wizard's steps the way an applicant does: by label, through the real UI.

export const NEXT = 'Save and continue';

export async function next(page: Page): Promise<void> {
  await page.getByRole('button', { name: NEXT }).click();
}

export async function expectStep(page: Page, path: string, title: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/kyc/${path}$`));
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

async function upload(scope: Locator | Page, label: string | RegExp, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const input = scope.getByLabel(label);
  await input.setInputFiles(file);
  await expect(scope.getByRole('link', { name: file.name })).toBeVisible();
}

export async function fillAddress(scope: Locator, address: { line1: string; city: string; postal: string; country: string }): Promise<void> {
  await scope.getByLabel('Address line 1').fill(address.line1);
  await scope.getByLabel('City').fill(address.city);
  await scope.getByLabel('Postal code').fill(address.postal);
  await scope.getByRole('combobox', { name: 'Country', exact: true }).selectOption(address.country);
}

export async function fillOverview(page: Page): Promise<void> {
  await page.getByLabel('I have read what the application needs').check();
}

export async function fillCompanyDetails(page: Page): Promise<void> {
  await page.getByLabel('Legal business name').fill('Alpine Lodges GmbH');
  await page.getByLabel('Company registration number').fill('FN 123456a');
  await page.getByLabel('Country of incorporation').selectOption('AT');
  await page.getByLabel('Contact e-mail').fill('finance@alpine-lodges.test');
  await page.getByLabel('Contact phone').fill('+43 512 123456');
  await fillAddress(page.getByRole('group', { name: 'Business address' }), {
    line1: 'Maria-Theresien-Strasse 1',
    city: 'Innsbruck',
    postal: '6020',
    country: 'AT',
  });
  await upload(page, /Certificate of incorporation/, pdfFile('certificate.pdf'));
  await upload(page, /Proof of principal place of business/, pdfFile('place-of-business.pdf'));
}

export async function fillBusinessInformation(page: Page): Promise<void> {
  const answer = (question: string, option: string) => page.getByRole('group', { name: question }).getByLabel(option, { exact: true }).check();
  await answer('What kind of accommodation do you run?', 'Hotel');
  await answer('Where do guests book?', 'Own website');
  await answer('Expected yearly card volume (EUR)', '1 to 5 million');
  await answer('How are cards taken?', 'Both');
  await answer('Do guests pay in advance (deposits or prepaid rates)?', 'No');
}

export async function fillSanctionsExposure(page: Page): Promise<void> {
  const questions = page.getByRole('group', { name: /Does your business have exposure to/ });
  await expect(questions).toHaveCount(11);
  for (const question of await questions.all()) await question.getByLabel('No', { exact: true }).check();
  await page.getByRole('group', { name: 'I confirm these answers are true and complete' }).getByLabel('Confirmed').check();
}

export interface PersonAnswers {
  first: string;
  last: string;
  share: string;
}

export async function fillPerson(person: Locator, answers: PersonAnswers, files: { address: string; identity: string }): Promise<void> {
  await person.getByLabel('First name').fill(answers.first);
  await person.getByLabel('Last name').fill(answers.last);
  await person.getByLabel('Day').fill('14');
  await person.getByLabel('Month').fill('3');
  await person.getByLabel('Year').fill('1975');
  await person.getByLabel('Country of residence').selectOption('AT');
  await person.getByLabel('E-mail').fill(`${answers.first.toLowerCase()}@alpine-lodges.test`);
  await fillAddress(person.getByRole('group', { name: 'Home address' }), {
    line1: 'Hofgasse 2',
    city: 'Innsbruck',
    postal: '6020',
    country: 'AT',
  });
  await person.getByLabel('Share ownership (%)').fill(answers.share);
  await upload(person, /Proof of address/, pdfFile(files.address));
  await upload(person, /Proof of identity/, pngFile(files.identity));
}

export async function fillProcessingDetails(page: Page): Promise<void> {
  await page.getByRole('group', { name: 'Processing currencies' }).getByLabel('EUR').check();
  await page.getByRole('group', { name: 'Cards and payment methods you want to accept' }).getByLabel('Visa/Mastercard UK and Europe').check();
  await page.getByLabel('Expected monthly card volume').fill('250000');
  await page.getByLabel('Average transaction amount').fill('180');
  await page.getByLabel('Largest transaction amount').fill('4000');
  await page.getByRole('group', { name: 'Do you take card payments through another processor today?' }).getByLabel('No').check();
}

export async function fillSettlementAccount(page: Page): Promise<void> {
  const account = page.getByRole('group', { name: 'Settlement account 1' });
  await account.getByLabel('Bank name').fill('Tiroler Sparkasse');
  await account.getByLabel('Account holder name').fill('Alpine Lodges GmbH');
  await account.getByLabel('IBAN / account number').fill('AT61 1904 3002 3457 3201');
  await account.getByLabel('SWIFT / BIC').fill('SPIHAT22');
  await account.getByLabel('Currency').selectOption('EUR');
  await account.getByLabel('Account type').selectOption('current');
  await fillAddress(account.getByRole('group', { name: 'Bank address' }), {
    line1: 'Sparkassenplatz 1',
    city: 'Innsbruck',
    postal: '6020',
    country: 'AT',
  });
  await fillAddress(account.getByRole('group', { name: 'Account owner address' }), {
    line1: 'Maria-Theresien-Strasse 1',
    city: 'Innsbruck',
    postal: '6020',
    country: 'AT',
  });
  await upload(account, /Bank statement/, pdfFile('bank-statement.pdf'));
}

export async function fillSignatory(page: Page): Promise<void> {
  await page.getByLabel('First name').fill('Greta');
  await page.getByLabel('Last name').fill('Huber');
  await page.getByLabel('Day').fill('2');
  await page.getByLabel('Month').fill('11');
  await page.getByLabel('Year').fill('1980');
  await page.getByLabel('Country of residence').selectOption('AT');
  await page.getByLabel('E-mail').fill('greta@alpine-lodges.test');
  await fillAddress(page.getByRole('group', { name: 'Home address' }), {
    line1: 'Anichstrasse 5',
    city: 'Innsbruck',
    postal: '6020',
    country: 'AT',
  });
  await page.getByLabel('Job title').fill('Managing director');
  await page.getByLabel('Phone number').fill('+43 512 654321');
  await upload(page, /Signatory's proof of identity/, pngFile('signatory-id.png', [200, 80, 40]));
  await upload(page, /Signatory's proof of address/, pdfFile('signatory-address.pdf'));
  await page.getByLabel('I confirm that the information in this application is accurate and complete').check();
}
