import type { Page } from '@playwright/test';

export interface ToastEntry {
  state: string;
  message: string;
}

/** Records every look of the export toast (state + message, or hidden) from page load on. */
export async function recordExportToast(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: Array<{ state: string; message: string }> = [];
    (window as unknown as { __exportToastLog: typeof log }).__exportToastLog = log;
    let last = '';
    const look = () => {
      const toast = document.querySelector('[data-testid="export-toast"]');
      const entry = toast
        ? { state: toast.getAttribute('data-state') ?? '', message: toast.querySelector('[data-testid="export-toast-message"]')?.textContent ?? '' }
        : { state: 'hidden', message: '' };
      const key = `${entry.state}|${entry.message}`;
      if (key !== last) log.push(entry);
      last = key;
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

export async function exportToastLog(page: Page): Promise<ToastEntry[]> {
  return page.evaluate(() => (window as unknown as { __exportToastLog: ToastEntry[] }).__exportToastLog ?? []);
}
