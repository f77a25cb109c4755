import { expect, type Locator, type Page } from '@playwright/test';

// Issue 34: the second click of a double click on a button that opens a confirmation lands on the dialog's backdrop,
// which closed the dialog it had just opened. The kit's dialog closes by its own buttons or Escape only (decision 0400).
/**
 * A person's double click on a button that opens a dialog (a confirmation unless `dialog` says which): the first click
 * opens the dialog, the second lands where the button was. The button is scrolled to the bottom of the window, as a
 * reader scrolling down finds it, so that spot is the dialog's backdrop (in the middle of the window it would be the
 * dialog itself). Returns the dialog, checked to be still open with no word of the page selected.
 */
export async function doubleClickOpener(page: Page, opener: Locator, dialog: Locator = page.getByTestId('confirm-dialog')): Promise<Locator> {
  await opener.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  // The first click as Playwright makes it: on the button once it stands still and nothing covers it. A click at a
  // spot measured beforehand missed the button when the dialog around it was still filling in and moved it (a CI run
  // saw a payout's details close instead: the click had landed on their backdrop). The second half is pressed where
  // the mouse is, where the first one clicked; the spot measured here only checks that it falls outside the dialog.
  const box = (await opener.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await opener.click();
  await expect(dialog).toBeVisible();
  const panel = (await dialog.boundingBox())!;
  expect(y > panel.y + panel.height || x < panel.x || x > panel.x + panel.width, 'the second click falls outside the dialog').toBe(true);
  // The second half of the double click: one press and release, counted by the browser as the second click.
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  // The press has been handled once the page has drawn two frames since: a dialog it closed is gone by then.
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? ''), 'the second press selects nothing').toBe('');
  return dialog;
}
