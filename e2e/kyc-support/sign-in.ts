import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/demo/demo-layout';

/**
 * Opens a session the way the sign-in form does (csrf token + form post), through the page's own
 * request context so the browser holds the cookies. The sign-in screen is tested elsewhere; here
 * it is only the way in.
 */
export async function signInAs(page: Page, email: string): Promise<void> {
  const csrf = await page.request.get('/api/auth/csrf');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const answer = await page.request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email, password: DEMO_PASSWORD, callbackUrl: '/' },
  });
  if (!answer.ok()) throw new Error(`sign-in of ${email} failed: ${answer.status()} ${await answer.text()}`);
}

export async function signOut(page: Page): Promise<void> {
  const csrf = await page.request.get('/api/auth/csrf');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  await page.request.post('/api/auth/signout', { form: { csrfToken } });
  await page.context().clearCookies();
}
