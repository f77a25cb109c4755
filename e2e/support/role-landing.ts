import { expect, type Page } from '@playwright/test';
import type { RoleName } from '../../contract/roles';

// Issue 3 "Done when": per demo role, land on the home of spec 2's table, see exactly the menu the spec
// gives the role (made concrete in docs/decisions/0111), and a typed address outside the role's
// permissions lands on its home. Checked by the role sweep (e2e/support/role-sweep.ts), which already
// signs in as every demo account and opens its home: one sign-in and page per role instead of a test of
// its own (decision 0650).

export const PL = 'Payment link',
  TX = 'View transactions',
  KA = 'KYC applications',
  M = 'Merchants',
  P = 'Properties',
  U = 'Users',
  PM = 'Property management',
  KYC = 'KYC';
export const PS = 'Payment settings',
  B = 'Bookings',
  RM = 'Refund management',
  RR = 'Refund rules',
  PO = 'Payouts',
  SE = 'Sent e-mails';

export interface Landing {
  home: string;
  left: string[];
  controls: string[];
  forbidden: string;
}
const landing = (home: string, left: string[], controls: string[], forbidden = '/payouts'): Landing => ({ home, left, controls, forbidden });

export const LANDINGS: Record<RoleName, Landing> = {
  FolioAdmin: landing('/kyc/applications', [PL, TX, KA, M, P, U], [PS, B, RM, RR, PO, SE], '/kyc/application-overview'),
  FolioUser: landing('/kyc/applications', [PL, TX, KA, M, P, U], [PS, B, RM, RR]),
  SuperAdmin: landing('/', [PL, TX, KA, P, U], [PS, B, RM, RR, PO, SE], '/merchants'),
  Admin: landing('/', [PL, TX, KA, P, U], [PS, B, RM, RR, PO, SE], '/kyc/company-details'),
  // In no menu of the spec: nothing (decision 0181).
  IOLBackOfficeAdmin: landing('/', [], [], '/transactions'),
  IOLBackOfficeUser: landing('/', [], [], '/users'),
  FolioBot: landing('/', [], [], '/transactions'),
  // Payouts read-only for the group's own payouts (issue 37, decision 0431).
  MerchantAdmin: landing('/home', [PL, TX, P, U], [PS, RM, RR, PO], '/kyc/applications'),
  MerchantUser: landing('/', [PL, TX], [RM, RR]),
  CreateRefundCancelUser: landing('/', [PL, TX], [RM, RR]),
  CreateCancelUser: landing('/', [PL, TX], []),
  UserManagement: landing('/users', [PL, TX, U], []),
  OrganizationAdmin: landing('/', [PL, TX, U], []),
  Merchant: landing('/', [PL, TX], []),
  MerchantUserManager: landing('/', [PL, TX, U], []),
  MerchantViewOnlyUser: landing('/home', [PL, TX, P, U], [RM, RR, PO], '/merchants'),
  MerchantPublicAccess: landing('/', [], [], '/users'),
  PropertyManager: landing('/property-management', [PM, PL, TX, U], [PS, RM, RR, PO], '/merchants'),
  PropertyOperations: landing('/property-management', [PM, PL, TX], [RM, RR]),
  PropertyViewOnlyUser: landing('/property-management', [PM, PL, TX], [RM, RR]),
  APIUser: landing('/', [PM, PL, TX], []),
};

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The side menu's items and the "all controls" menu's, as the user reads them. */
export async function menuOf(page: Page) {
  const left = await page.getByTestId('side-menu').locator('[data-menu-item]').allInnerTexts();
  let controls: string[] = [];
  if (await page.getByTestId('all-controls').count()) {
    await page.getByTestId('all-controls').click();
    controls = await page.getByRole('menuitem').allInnerTexts();
    await page.keyboard.press('Escape');
  }
  return { left: left.map((text) => text.trim()), controls: controls.map((text) => text.trim()) };
}

/**
 * On a signed-in page that has just opened `/sign-in` (where the sign-in form's success leaves the
 * visitor: the route guard takes a signed-in visitor of the sign-in page to the role's home): the
 * role's home, its exact menus, and a forbidden address sends it home.
 */
export async function expectLanding(page: Page, label: string, expected: Landing) {
  await expect.poll(() => pathOf(page), { message: `${label}: signed in, /sign-in leads to ${expected.home}` }).toBe(expected.home);
  // The menu is drawn from the permissions, which may answer after the greeting shows.
  await expect(page.getByTestId('side-menu').locator('[data-menu-item]'), `${label}: its menu`).toHaveText(expected.left);
  expect(await menuOf(page), `${label}: its menus`).toEqual({ left: expected.left, controls: expected.controls });
  await page.goto(expected.forbidden);
  await expect(page.getByTestId('user-greeting')).toBeVisible();
  await expect.poll(() => pathOf(page), { message: `${label}: ${expected.forbidden} sends it home` }).toBe(expected.home);
}
