import { expect, test, type Download } from '@playwright/test';
import { PROVIDER_ADMIN, signInAs, storedExport } from './export-support/api';
import { waitForExportTrackerIdle } from './export-support/toast-log';
import { NetworkGate } from './export-support/network-gate';

// Issue 4: reloading the page while an export is processing still delivers the file, once.

test('a reload in the middle of an export resumes polling from export-storage and downloads the file once', async ({ page }) => {
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  // Live updates paused (the stream's route aborted, decision 0530): the page learns of the export only by polling,
  // and the first status poll is held, so the reload surely happens before the page learned anything.
  await page.route('**/backoffice/api/v2/live/events*', (route) => route.abort());
  await signInAs(page, PROVIDER_ADMIN);
  await page.goto('/transactions');
  const polls = await new NetworkGate(page, /\/order\/export\/[0-9a-f-]{36}$/, 'GET').install();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Export', exact: true }).click();
  await polls.waitForHeld();
  const before = await storedExport(page);
  expect(before.requests).toEqual([expect.objectContaining({ exportType: 'TRANSACTION', status: 'Starting' })]);

  await page.reload();
  const toast = page.getByTestId('export-toast');
  await expect(toast).toHaveAttribute('data-state', 'preparing');
  await expect(toast).toContainText('Generating export file');
  await polls.waitForHeld();
  await polls.open();
  await expect.poll(() => downloads.length, { timeout: 45_000 }).toBe(1);
  await expect(toast).toBeHidden({ timeout: 10_000 });
  expect((await storedExport(page)).requests).toEqual([]);

  // Nothing is left to resume: another reload downloads nothing more.
  await page.reload();
  await waitForExportTrackerIdle(page);
  expect(downloads).toHaveLength(1);
  await expect(toast).toBeHidden();
  expect(before.requests[0]?.token).toBeTruthy();
});

test('signing out forgets the tracked exports: the next user is not shown nor sent the previous file', async ({ page }) => {
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  await signInAs(page, PROVIDER_ADMIN);
  await page.goto('/transactions');
  const polls = await new NetworkGate(page, /\/order\/export\/[0-9a-f-]{36}$/, 'GET').install();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Export', exact: true }).click();
  await polls.waitForHeld();
  await expect(page.getByTestId('export-toast')).toBeVisible();
  await page.getByTestId('user-greeting').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  expect((await storedExport(page)).requests).toEqual([]);
  await polls.open();
  await signInAs(page, PROVIDER_ADMIN);
  await page.goto('/transactions');
  await waitForExportTrackerIdle(page);
  await expect(page.getByTestId('export-toast')).toHaveCount(0);
  expect(downloads).toEqual([]);
});
