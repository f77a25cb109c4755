import { expect, test, type Page, type Response } from '@playwright/test';
import { signInAs } from './kyc-support/sign-in';

// Issue 12 "Document links" (decision 0185): a reviewer opens a KYC document from the review page
// in a new tab; the link carries no token of the session, dies with the sign-out, and a link that
// has run out while the page stayed open is renewed when it is followed.

const REVIEWER = 'folioadmin@demo.folio.test';
const GROUP = 'Danube Hospitality';
const DOCUMENT = 'View certificate-of-incorporation.pdf';

async function openApplication(page: Page) {
  await page.goto('/kyc/applications');
  await page.getByLabel('Search by name').fill('Danube');
  await page.getByRole('link', { name: `Open ${GROUP}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: GROUP })).toBeVisible();
}

function isDocumentFile(response: Response): boolean {
  return new URL(response.url()).pathname.startsWith('/files/kyc/');
}

test('a reviewer opens a document from the review page; the link dies with the sign-out', async ({ page, context }) => {
  await signInAs(page, REVIEWER);
  await openApplication(page);
  const link = page.getByRole('link', { name: DOCUMENT }).first();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/files\/kyc\/[0-9a-f-]{36}\?expires=\d+&sig=[\w-]+$/);
  const { accessToken } = (await (await page.request.get('/api/auth/session')).json()) as { accessToken: string };
  expect(href).not.toContain(accessToken);

  const served = context.waitForEvent('response', isDocumentFile);
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  const file = await served;
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  await tab.close();

  // Signed out, with the old cookies put back (a copied cookie jar, a shared computer): refused.
  const keptCookies = await context.cookies();
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  expect((await page.request.post('/api/auth/signout', { form: { csrfToken } })).ok()).toBe(true);
  await context.addCookies(keptCookies);
  const after = await page.request.get(href);
  expect(after.status()).toBe(401);
  expect(after.headers()['content-type']).toContain('application/problem+json');
  expect(((await after.json()) as { detail: string }).detail).toContain('session has ended');
});

test('a link that ran out while the page stayed open is renewed when followed', async ({ page, context }) => {
  await page.clock.install();
  await signInAs(page, REVIEWER);
  await openApplication(page);
  const link = page.getByRole('link', { name: DOCUMENT }).first();
  // Eleven minutes later on the page's clock: the link's ten minutes are over.
  await page.clock.fastForward('11:00');
  const renewal = page.waitForResponse((response) => response.url().includes('/documents?includeHistory=true'));
  const served = context.waitForEvent('response', isDocumentFile);
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  expect((await renewal).status()).toBe(200);
  const file = await served;
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  await tab.close();
});
