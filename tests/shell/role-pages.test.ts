import { describe, expect, it } from 'vitest';
import { ROLES, type UserPermission } from '../../contract/roles';
import { ROLE_API_GRANTS, ROLE_PAGE_GRANTS } from '../../server/db/seed/role-permissions';
import { ROUTES } from '../../src/app/route-table';
import { MENU_ITEMS, visibleMenuItems } from '../../src/app/shell/menu-items';
import { homeOf, isLocationAllowed, routeOf } from '../../src/lib/permissions';

// The seeded page access must let each role reach exactly the pages its menu gives it (spec 2),
// and the API grants must never exceed what a view-only role may do.
const pageAccess = (role: string): UserPermission[] =>
  Object.entries(ROLE_PAGE_GRANTS[role as keyof typeof ROLE_PAGE_GRANTS] ?? {}).map(([resource, permissions]) => ({ resource, permissions }) as UserPermission);

describe('seeded page access against the menu', () => {
  for (const role of ROLES) {
    it(`${role} reaches every page of its menu and its home`, () => {
      const permissions = pageAccess(role);
      for (const item of visibleMenuItems(role, 'Active', permissions)) expect(isLocationAllowed(ROUTES, item.path, '', permissions), `${role} -> ${item.path}`).toBe(true);
      expect(isLocationAllowed(ROUTES, homeOf(role), '', permissions), `${role} home`).toBe(true);
    });

    it(`${role} gets no resource that none of its menu items or pages needs`, () => {
      const itemResources = new Set(visibleMenuItems(role, 'Active', []).map((item) => item.resource));
      if (role === 'MerchantAdmin') itemResources.add('KYCApplications');
      // Fees: fee management is opened from the merchants' pages; MerchantScopes: the property switcher lands on property management.
      const extras = new Set(['Fees', 'MerchantScopes']);
      for (const resource of Object.keys(ROLE_PAGE_GRANTS[role] ?? {})) expect(itemResources.has(resource as never) || extras.has(resource), `${role}: ${resource}`).toBe(true);
    });
  }

  it('gives every merchant-side role the property management page the switcher lands on', () => {
    for (const role of ['MerchantAdmin', 'PropertyManager', 'PropertyOperations', 'PropertyViewOnlyUser', 'MerchantViewOnlyUser', 'UserManagement'])
      expect(isLocationAllowed(ROUTES, '/property-management', '', pageAccess(role)), role).toBe(true);
  });

  it('points every menu item at a route of the table', () => {
    for (const item of MENU_ITEMS) expect(routeOf(ROUTES, item.path), item.path).toBeDefined();
  });

  it('lets view-only roles only read through the API, whatever their pages demand', () => {
    for (const role of ['MerchantViewOnlyUser', 'PropertyViewOnlyUser'] as const) {
      expect(Object.keys(ROLE_PAGE_GRANTS[role] ?? {}).length).toBeGreaterThan(0);
      for (const actions of Object.values(ROLE_API_GRANTS[role] ?? {})) expect(actions).toEqual(['Read']);
    }
  });
});

describe('merchant admin menu by group status', () => {
  const permissions = pageAccess('MerchantAdmin');
  it('shows only KYC while the group is onboarding', () => {
    for (const status of ['Created', 'Pending', 'InReview', 'SentForResubmission'])
      expect(visibleMenuItems('MerchantAdmin', status, permissions).map((item) => item.key)).toEqual(['kyc']);
  });
  it('shows everything but KYC once Active, each item with the permissions on its resource', () => {
    const items = visibleMenuItems('MerchantAdmin', 'Active', permissions);
    expect(items.map((item) => item.key)).toEqual(['paymentLink', 'transactions', 'properties', 'users', 'paymentSettings', 'refundManagement', 'refundRules']);
    expect(items.find((item) => item.key === 'properties')?.permissions).toEqual(['Read', 'Insert', 'Update', 'Delete']);
  });
  it('shows nothing in between (approved, contract signed)', () => {
    expect(visibleMenuItems('MerchantAdmin', 'ContractSigned', permissions)).toEqual([]);
  });
});
