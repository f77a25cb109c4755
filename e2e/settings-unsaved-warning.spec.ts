import { expect, test, type Page } from './support/test';
import { groupIdOf, PROVIDER_ADMIN, signInAs } from './export-support/api';

// Decision 0353: a settings page holding typing it has not saved asks the browser's "leave site?"
// before a reload or a closed tab drops it; an untouched or saved page leaves without a question.
// Read-only: nothing is saved on the shared demo server.

/** Whether closing the page, as a user closing the tab, raised the browser's beforeunload question. */
async function closingAsks(page: Page): Promise<boolean> {
  let asked = false;
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'beforeunload') asked = true;
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  // A dismissed question keeps the page open; an unasked close ends it.
  await expect.poll(() => asked || page.isClosed()).toBe(true);
  return asked;
}

/** Whether the page's own beforeunload handling would hold a leave (what makes the browser ask). */
function holdsLeave(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

test('a settings page with unsaved typing asks before the tab closes; an untouched one does not', async ({ page, context }) => {
  await signInAs(page, PROVIDER_ADMIN);
  const groupId = await groupIdOf(page, 'Emerald Isle Hotels');
  const address = `/merchants/processing-settings?merchantGroupId=${groupId}`;

  const untouched = await context.newPage();
  await untouched.goto(address);
  await expect(untouched.getByRole('form', { name: 'Processing settings' }).getByLabel('Link expiry (hours)')).toBeVisible();
  expect(await closingAsks(untouched)).toBe(false);

  const typed = await context.newPage();
  await typed.goto(address);
  const expiry = typed.getByRole('form', { name: 'Processing settings' }).getByLabel('Link expiry (hours)');
  // A click first: browsers ask only on a page the user has interacted with.
  await expiry.click();
  await expiry.fill('77');
  // The form tells the page once React has taken the typing in; from then on the page holds the leave.
  await expect.poll(() => typed.evaluate(holdsLeave)).toBe(true);
  expect(await closingAsks(typed)).toBe(true);
  // The question was declined: the page and its typing are still there.
  await expect(expiry).toHaveValue('77');
});
