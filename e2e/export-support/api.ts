import type { APIRequestContext, Page } from '@playwright/test';
import { BACKOFFICE_API, MERCHANT_API } from '../../contract/product';
import { DEMO_PASSWORD } from '../../server/demo/demo-layout';

export const PROVIDER_ADMIN = 'folioadmin@demo.folio.test';

/** Opens a session the way the sign-in form does (csrf + form post) through the page's request context, so the browser holds the cookies. */
export async function signInAs(page: Page, email: string): Promise<void> {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const answer = await page.request.post('/api/auth/callback/credentials', { form: { csrfToken, email, password: DEMO_PASSWORD, callbackUrl: '/' } });
  if (!answer.ok()) throw new Error(`sign-in of ${email} failed: ${answer.status()} ${await answer.text()}`);
}

/** The API as another client of the same user (its own bearer token from the session), to check what the screen shows. */
export async function apiOf(page: Page) {
  const request: APIRequestContext = page.request;
  const session = (await (await request.get('/api/auth/session')).json()) as { accessToken?: string };
  if (!session.accessToken) throw new Error('no session');
  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const post = async (path: string, data: unknown) => {
    const answer = await request.post(path, { headers, data });
    if (!answer.ok()) throw new Error(`${path}: ${answer.status()} ${await answer.text()}`);
    return answer.json();
  };
  const get = async (path: string) => {
    const answer = await request.get(path, { headers });
    if (!answer.ok()) throw new Error(`${path}: ${answer.status()} ${await answer.text()}`);
    return answer.json();
  };
  /** Every row of a search, page by page (100 per page). */
  const all = async (path: string, query: { filters: unknown; sorting: unknown }) => {
    const rows: Array<Record<string, unknown>> = [];
    for (let page = 0; ; page++) {
      const answer = (await post(path, { ...query, pagination: { page, pageSize: 100 } })) as { items: Array<Record<string, unknown>> };
      rows.push(...answer.items);
      if (answer.items.length < 100) return rows;
    }
  };
  return {
    post,
    get,
    allOrders: (query: { filters: unknown; sorting: unknown }) => all(`${BACKOFFICE_API}/order/search`, query),
    allPayouts: (query: { filters: unknown; sorting: unknown }) => all(`${MERCHANT_API}/payouts/search`, query),
    payoutExportStatus: (token: string) => get(`${MERCHANT_API}/payouts/export/${token}`) as Promise<{ statusType: string; errorMessages: string[] }>,
    stopPayoutExport: (token: string) => post(`${MERCHANT_API}/payouts/export/stop/${token}`, {}),
  };
}

/** The id of the merchant group with this exact name, as the signed-in user finds it. */
export async function groupIdOf(page: Page, name: string): Promise<string> {
  const answer = (await (await apiOf(page)).get(`${MERCHANT_API}/merchant-groups?search=${encodeURIComponent(name)}`)) as {
    items: Array<{ merchantGroupId: string; name: string }>;
  };
  const group = answer.items.find((item) => item.name === name);
  if (!group) throw new Error(`no group ${name}`);
  return group.merchantGroupId;
}

/** The tracked requests the page keeps in localStorage `export-storage` (spec 3). */
export async function storedExport(
  page: Page,
): Promise<{ requests: Array<{ token: string; exportType: string; status: string }>; show: boolean; message: string | null }> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('export-storage') ?? '{"requests":[],"show":false,"message":null}'));
}
