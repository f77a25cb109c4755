import type { Page } from '@playwright/test';

export interface ToastEntry {
  state: string;
  message: string;
  /** The tracked request's status (Starting, Processing, ProcessingReady, Ready, Failed), '' when none. */
  exportStatus: string;
  /** Whether the toast's spinner turns (work still under way). */
  spinning: boolean;
}

/** Records every look of the export toast (state, message and export status, or hidden) from page load on. */
export async function recordExportToast(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: ToastEntry[] = [];
    (window as unknown as { __exportToastLog: typeof log }).__exportToastLog = log;
    let last = '';
    const look = () => {
      const toast = document.querySelector('[data-testid="export-toast"]');
      const entry = toast
        ? {
            state: toast.getAttribute('data-state') ?? '',
            message: toast.querySelector('[data-testid="export-toast-message"]')?.textContent ?? '',
            exportStatus: toast.getAttribute('data-export-status') ?? '',
            spinning: toast.querySelector('[data-testid="export-toast-spinner"]') !== null,
          }
        : { state: 'hidden', message: '', exportStatus: '', spinning: false };
      const key = `${entry.state}|${entry.message}|${entry.exportStatus}|${entry.spinning}`;
      if (key !== last) log.push(entry);
      last = key;
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

export async function exportToastLog(page: Page): Promise<ToastEntry[]> {
  return page.evaluate(() => (window as unknown as { __exportToastLog: ToastEntry[] }).__exportToastLog ?? []);
}

/**
 * Waits until the page's export tracker runs and follows nothing: no request is stored, so no further
 * status call or download can happen. Replaces fixed waits that hoped a second download would show up.
 */
export async function waitForExportTrackerIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const stored = JSON.parse(window.localStorage.getItem('export-storage') ?? '{"requests":[]}') as { requests: unknown[] };
    return document.documentElement.dataset.exportTracker === 'idle' && stored.requests.length === 0;
  });
}
