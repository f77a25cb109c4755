import { expect, type Browser, type Page } from '@playwright/test';
import { pageAccessOf } from '../../contract/permission-rules';
import type { RoleName, UserPermission } from '../../contract/roles';
import { guardDecision } from '../../src/app/guard/guard-decision';
import { ROUTES, type AppRoute } from '../../src/app/route-table';
import { concretePath, ID_PLACEHOLDER, routeOf } from '../../src/lib/permissions';
import { signInAs } from '../kyc-support/sign-in';
import { seriousFindings } from './axe-scan';

// Issue 11 "Done when": every route of the route table, visited as a role that may see it, has no
// serious or critical axe-core violation (axe's default rules: WCAG 2.1 A and AA and its best practices). Who may see a route is worked
// out by the guard's own rule from each demo account's page access, so a route added to the table
// is visited without touching the specs. One sign-in per account and part, not per route. The walk is
// cut into parts of at most PART_SIZE routes, dealt to two spec files, so the e2e shards can share it.

interface Account {
  email: string;
  role: RoleName;
  /** The account's merchant group status (the menu's and the guard's group rule), null without a group. */
  groupStatus: string | null;
}

// In order of preference: the first account the guard lets in visits the route.
export const ACCOUNTS: Account[] = [
  { email: 'folioadmin@demo.folio.test', role: 'FolioAdmin', groupStatus: null },
  { email: 'merchantadmin@demo.folio.test', role: 'MerchantAdmin', groupStatus: 'Active' },
  { email: 'propertymanager@demo.folio.test', role: 'PropertyManager', groupStatus: 'Active' },
  { email: 'usermanagement@demo.folio.test', role: 'UserManagement', groupStatus: 'Active' },
  { email: 'applicant@demo.folio.test', role: 'MerchantAdmin', groupStatus: 'Created' },
];
export const SIGNED_OUT = 'signed out';
const EXAMPLE_ID = 'example';

function permissionsOf(role: RoleName): UserPermission[] {
  return Object.entries(pageAccessOf(role)).map(([resource, permissions]) => ({ resource, permissions }) as UserPermission);
}

/** The address to open for a route: a placeholder id goes into the path and the `id` parameter (spec 2). */
function addressOf(route: AppRoute, id = EXAMPLE_ID): string {
  return route.path.includes(ID_PLACEHOLDER) ? `${concretePath(route.path, id)}?id=${encodeURIComponent(id)}` : route.path;
}

function visitorOf(route: AppRoute): string | undefined {
  if (route.public) return SIGNED_OUT;
  const address = addressOf(route);
  const [pathname = '', search = ''] = address.split('?');
  const account = ACCOUNTS.find((candidate) => {
    const decision = guardDecision({
      routes: ROUTES,
      route: routeOf(ROUTES, pathname),
      pathname,
      search: search ? `?${search}` : '',
      status: 'authenticated',
      userLoaded: true,
      role: candidate.role,
      permissions: permissionsOf(candidate.role),
      groupStatus: candidate.groupStatus,
    });
    return decision.kind === 'render';
  });
  return account?.email;
}

const plan = new Map<string, AppRoute[]>();
export const unreachable: string[] = [];
for (const route of ROUTES) {
  const visitor = visitorOf(route);
  if (!visitor) unreachable.push(route.path);
  else plan.set(visitor, [...(plan.get(visitor) ?? []), route]);
}

// Every route has a visitor (decision 0242 opened the payment-settings add page to the roles that manage payment settings).
export const NO_ROLE_YET: string[] = [];

const PART_SIZE = 12;

export interface AuditPart {
  visitor: string;
  routes: AppRoute[];
  /** Addresses outside the route table audited with this part (the not-found page). */
  extra: string[];
  title: string;
}

/** The walk in parts: each visitor's routes in order, at most PART_SIZE per part. */
export const AUDIT_PARTS: AuditPart[] = [...plan].flatMap(([visitor, routes]) => {
  const parts: AuditPart[] = [];
  for (let start = 0; start < routes.length; start += PART_SIZE) {
    const slice = routes.slice(start, start + PART_SIZE);
    const who = visitor === SIGNED_OUT ? 'signed out' : `as ${visitor}`;
    const range = routes.length > PART_SIZE ? ` (routes ${start + 1}-${start + slice.length} of ${routes.length})` : '';
    // The not-found page is a screen too: audited once, with the first account's first part.
    const extra = visitor === ACCOUNTS[0]?.email && start === 0 ? ['/nope'] : [];
    parts.push({ visitor, routes: slice, extra, title: `no serious or critical accessibility violation on the ${slice.length} routes seen ${who}${range}` });
  }
  return parts;
});

/** Requests of the app still open on a page (the live event stream, open for the whole session, aside). */
function watchRequests(page: Page): Set<unknown> {
  const inFlight = new Set<unknown>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return inFlight;
}

const frames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * Opens an address and waits until its screen has drawn and its reads have settled. The first address
 * of a walk is loaded; the next ones are opened inside the running app, as its links do (the same
 * screen, without loading the app and its session again for each route, and axe stays in the document:
 * decision 0651). Settled: two frames drawn with no request of the page open (the screen's code and its
 * reads), a heading, no loading status, and again no request open.
 */
async function open(page: Page, inFlight: Set<unknown>, address: string): Promise<void> {
  const loaded = await page.evaluate(() => document.getElementById('root')?.hasChildNodes() ?? false);
  if (loaded) await page.evaluate((to) => window.history.pushState(null, '', to), address);
  else await page.goto(address);
  const quiet = async () => {
    await frames(page);
    await expect
      .poll(async () => inFlight.size === 0 && (await frames(page), inFlight.size === 0), { message: `${address}: reads answered`, intervals: [50] })
      .toBe(true);
  };
  await quiet();
  await expect(page.locator('h1').first(), address).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading/ }), address).toHaveCount(0);
  await quiet();
}

/** Opens an address (see open) and runs axe on its screen. */
async function seriousViolations(page: Page, inFlight: Set<unknown>, address: string): Promise<string[]> {
  await open(page, inFlight, address);
  return (await seriousFindings(page)).map((finding) => `${address}: ${finding.id} at ${finding.targets}: ${finding.help}`);
}

export async function auditAs(browser: Browser, visitor: string, routes: AppRoute[], extra: string[] = []): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const inFlight = watchRequests(page);
  try {
    if (visitor !== SIGNED_OUT) await signInAs(page, visitor);
    const found: string[] = [];
    for (const route of routes) {
      let address = addressOf(route);
      // A detail page is audited on a real record: the first of its list.
      if (route.path === `/kyc/applications/${ID_PLACEHOLDER}`) {
        await open(page, inFlight, '/kyc/applications');
        const href = await page.getByRole('table').getByRole('link').first().getAttribute('href');
        const id = href?.split('/').pop() ?? EXAMPLE_ID;
        address = addressOf(route, id);
      }
      found.push(...(await seriousViolations(page, inFlight, address)));
    }
    for (const address of extra) found.push(...(await seriousViolations(page, inFlight, address)));
    return found;
  } finally {
    await context.close();
  }
}
