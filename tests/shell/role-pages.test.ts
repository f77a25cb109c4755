import { describe, expect, it } from 'vitest';
import { actionsOf, apiGrantsOf, pageAccessOf, pageAreasOf, rolesGranted, rolesWithMenuItem, rowOf } from '../../contract/permission-rules';
import { MENU, PAGE_AREAS, PROVIDER_ADMINS } from '../../contract/permission-table';
import { RESOURCES, ROLES, type Resource, type RoleName, type UserPermission } from '../../contract/roles';
import { ROLE_API_GRANTS, ROLE_PAGE_GRANTS } from '../../server/demo/role-permissions';
import { ROUTES } from '../../src/app/route-table';
import { MENU_ITEMS, visibleMenuItems } from '../../src/app/shell/menu-items';
import { homeOf, isLocationAllowed, routeOf, sameActionSet } from '../../src/lib/permissions';

// The one permission table (contract/permission-table.ts) against what derives from it: the seed's
// page access lets each role reach exactly its menu, and the table keeps the rules its decision
// records state (docs/decisions/0180-one-permission-table.md, 0181, 0182).
const asList = (grants: Partial<Record<string, readonly string[]>>): UserPermission[] =>
  Object.entries(grants).map(([resource, permissions]) => ({ resource, permissions }) as UserPermission);
const pageAccess = (role: RoleName) => asList(ROLE_PAGE_GRANTS[role]);
const demoGroupStatus = (role: RoleName) => (rowOf(role)?.side === 'provider' ? null : 'Active');
const PAGE_RESOURCES: ReadonlySet<Resource> = new Set<Resource>(Object.values(PAGE_AREAS).map((area) => area.resource));

describe('seeded page access against the menu', () => {
  for (const role of ROLES) {
    it(`${role} reaches every page of its menu and its home, and no page outside its areas`, () => {
      const permissions = pageAccess(role);
      const menu = visibleMenuItems(role, demoGroupStatus(role), permissions);
      for (const item of menu) expect(isLocationAllowed(ROUTES, item.path, '', permissions), `${role} -> ${item.path}`).toBe(true);
      expect(isLocationAllowed(ROUTES, homeOf(role), '', permissions), `${role} home`).toBe(true);
      const areas = pageAreasOf(role).map((area) => PAGE_AREAS[area]);
      for (const route of ROUTES.filter((entry) => entry.demand && isLocationAllowed(ROUTES, entry.path.replace('[id]', 'x'), '', permissions)))
        expect(
          areas.some((area) => area.resource === route.demand?.resource),
          `${role} reaches ${route.path}`,
        ).toBe(true);
    });

    it(`${role} can read through the API whatever its pages show`, () => {
      for (const area of pageAreasOf(role)) expect(apiGrantsOf(role)[PAGE_AREAS[area].resource], `${role} ${area}`).toContain('Read');
    });

    it(`${role} acts beyond reading on a page's resource only when it reaches a page of it`, () => {
      const reached = new Set<Resource>(pageAreasOf(role).map((area) => PAGE_AREAS[area].resource));
      for (const [resource, actions] of Object.entries(apiGrantsOf(role)) as [Resource, string[]][])
        if (PAGE_RESOURCES.has(resource) && actions.some((action) => action !== 'Read'))
          expect(reached.has(resource), `${role}: ${actions.join()} on ${resource}`).toBe(true);
    });
  }

  it('seeds exactly what the table says', () => {
    for (const role of ROLES) {
      expect(ROLE_API_GRANTS[role], role).toEqual(apiGrantsOf(role));
      expect(ROLE_PAGE_GRANTS[role], role).toEqual(pageAccessOf(role));
    }
  });

  it('points every menu item at a route, and every route demands a page area of the table', () => {
    for (const item of MENU_ITEMS) expect(routeOf(ROUTES, item.path), item.path).toBeDefined();
    const areas = Object.values(PAGE_AREAS);
    for (const route of ROUTES.filter((entry) => entry.demand))
      expect(
        areas.some((area) => area.resource === route.demand?.resource && sameActionSet(route.demand.actions, actionsOf(area.actions))),
        route.path,
      ).toBe(true);
    expect(MENU_ITEMS.map((item) => item.key)).toEqual(MENU.map((item) => item.key));
  });

  it('lets view-only roles only read through the API, whatever their pages demand', () => {
    for (const role of ['MerchantViewOnlyUser', 'PropertyViewOnlyUser'] as const) {
      expect(Object.keys(ROLE_PAGE_GRANTS[role]).length).toBeGreaterThan(0);
      for (const actions of Object.values(ROLE_API_GRANTS[role])) expect(actions).toEqual(['Read']);
    }
  });
});

describe('the rules the decision records state (issue 12 findings)', () => {
  it('spec 2 lists hold: payouts for FolioAdmin, SuperAdmin, Admin (and, read-only, the group finance roles: issue 37); merchants for FolioAdmin, FolioUser; KYC applications for four roles', () => {
    expect(rolesWithMenuItem('payouts')).toEqual(['FolioAdmin', 'MerchantAdmin', 'Admin', 'PropertyManager', 'SuperAdmin', 'MerchantViewOnlyUser']);
    expect(rolesGranted('Payouts', 'Read')).toEqual([
      'FolioAdmin',
      'MerchantAdmin',
      'FolioBot',
      'Admin',
      'PropertyManager',
      'SuperAdmin',
      'MerchantViewOnlyUser',
    ]);
    expect(rolesWithMenuItem('merchants')).toEqual(['FolioAdmin', 'FolioUser']);
    expect(rolesWithMenuItem('kycApplications')).toEqual(['FolioAdmin', 'Admin', 'SuperAdmin', 'FolioUser']);
    expect(rolesWithMenuItem('bookings')).toEqual(['FolioAdmin', 'Admin', 'SuperAdmin', 'FolioUser']);
  });

  it('retrying payouts, creating merchant groups and reviewing follow the menu lists', () => {
    expect(rolesGranted('Payouts', 'Update')).toEqual(['FolioAdmin', 'Admin', 'SuperAdmin']);
    expect(rolesGranted('Merchants', 'Insert')).toEqual(['FolioAdmin', 'FolioUser']);
    expect(rolesGranted('KYCApplications', 'Approve')).toEqual(rolesWithMenuItem('kycApplications'));
    expect(rolesGranted('KYCApplications', 'Insert')).toEqual(rolesWithMenuItem('kyc'));
  });

  it('gives the roles in no menu (IOL back office, public access) nothing at all', () => {
    for (const role of ['IOLBackOfficeAdmin', 'IOLBackOfficeUser', 'MerchantPublicAccess'] as const) {
      expect(apiGrantsOf(role), role).toEqual({});
      expect(pageAccessOf(role), role).toEqual({});
    }
  });

  it('grants e-mail templates (and so the sent e-mails) and API clients to provider admins only', () => {
    for (const resource of ['EmailTemplates', 'Clients'] as const)
      for (const action of ['Read', 'Insert', 'Update', 'Delete'] as const)
        expect(rolesGranted(resource, action), `${action} ${resource}`).toEqual(ROLES.filter((role) => PROVIDER_ADMINS.includes(role)));
  });

  it('names only known resources', () => {
    for (const role of ROLES) for (const resource of Object.keys(apiGrantsOf(role))) expect(RESOURCES).toContain(resource);
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
    expect(items.map((item) => item.key)).toEqual([
      'paymentLink',
      'transactions',
      'properties',
      'users',
      'paymentSettings',
      'refundManagement',
      'refundRules',
      'payouts',
    ]);
    expect(items.find((item) => item.key === 'properties')?.permissions).toEqual(['Read', 'Insert', 'Update', 'Delete']);
  });
  it('shows nothing in between (approved, contract signed), nor before the group is known', () => {
    expect(visibleMenuItems('MerchantAdmin', 'ContractSigned', permissions)).toEqual([]);
    expect(visibleMenuItems('MerchantAdmin', undefined, permissions)).toEqual([]);
  });
});
