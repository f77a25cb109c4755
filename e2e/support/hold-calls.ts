import type { Page } from '@playwright/test';

/**
 * The page's calls matching `url` wait, as on a busy server, until the test calls the returned function; then they
 * go on to the real server. A call whose page was left meanwhile is dropped.
 */
export async function holdCalls(page: Page, url: string | RegExp): Promise<() => void> {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(url, async (route) => {
    await answered;
    await route.continue().catch(() => undefined);
  });
  return answer;
}
