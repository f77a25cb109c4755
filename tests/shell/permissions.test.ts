import { describe, expect, it } from 'vitest';
import type { UserPermission } from '../../contract/roles';
import { ROUTES } from '../../src/app/route-table';
import { allowedPaths, concretePath, demandMet, homeOf, isLocationAllowed, routeOf, sameActionSet, type GuardedRoute } from '../../src/lib/permissions';

// Spec 5 "Route permission match" and spec 2 "Session rules" / "Home by role".
const RIUD = ['Read', 'Insert', 'Update', 'Delete'] as const;
const RIU = ['Read', 'Insert', 'Update'] as const;
const perms = (entries: [UserPermission['resource'], readonly UserPermission['permissions'][number][]][]): UserPermission[] =>
  entries.map(([resource, permissions]) => ({ resource, permissions: [...permissions] }));

const table: GuardedRoute[] = [
  { path: '/', public: true },
  { path: '/home' },
  { path: '/users', demand: { resource: 'Users', actions: RIUD } },
  { path: '/users/add-user', demand: { resource: 'Users', actions: RIUD } },
  { path: '/users/[id]', demand: { resource: 'Users', actions: RIUD } },
  { path: '/kyc/company-details', demand: { resource: 'KYCApplications', actions: RIU } },
  { path: '/kyc/applications', demand: { resource: 'KYCApplications', actions: RIUD } },
  { path: '/kyc/applications/[id]', demand: { resource: 'KYCApplications', actions: RIUD } },
];

describe('exact set match', () => {
  it('matches the same actions in any order and nothing else', () => {
    expect(sameActionSet(['Read', 'Update', 'Insert'], RIU)).toBe(true);
    expect(sameActionSet(RIUD, RIU)).toBe(false);
    expect(sameActionSet(RIU, RIUD)).toBe(false);
    expect(sameActionSet(['Read', 'Read', 'Insert', 'Update'], RIU)).toBe(true);
  });

  it('refuses a superset and a subset of the demanded actions', () => {
    const demand = { resource: 'KYCApplications' as const, actions: RIU };
    expect(demandMet(demand, perms([['KYCApplications', RIU]]))).toBe(true);
    expect(demandMet(demand, perms([['KYCApplications', RIUD]]))).toBe(false);
    expect(demandMet(demand, perms([['KYCApplications', ['Read']]]))).toBe(false);
    expect(demandMet(demand, perms([['KYCApplications', [...RIU, 'Approve']]]))).toBe(false);
    expect(demandMet(demand, perms([['Users', RIU]]))).toBe(false);
  });

  it('separates the KYC wizard (RIU) from its review (RIUD) on the same resource', () => {
    const applicant = perms([['KYCApplications', RIU]]);
    const reviewer = perms([['KYCApplications', RIUD]]);
    expect(isLocationAllowed(table, '/kyc/company-details', '', applicant)).toBe(true);
    expect(isLocationAllowed(table, '/kyc/applications', '', applicant)).toBe(false);
    expect(isLocationAllowed(table, '/kyc/applications', '', reviewer)).toBe(true);
    expect(isLocationAllowed(table, '/kyc/company-details', '', reviewer)).toBe(false);
  });

  it('always allows routes without demands, and refuses unknown paths', () => {
    expect(demandMet(undefined, [])).toBe(true);
    expect(demandMet({ resource: 'Users', actions: [] }, [])).toBe(true);
    expect(isLocationAllowed(table, '/home', '', [])).toBe(true);
    expect(isLocationAllowed(table, '/', '', [])).toBe(true);
    expect(isLocationAllowed(table, '/users', '', [])).toBe(false);
    expect(isLocationAllowed(table, '/nowhere', '', perms([['Users', RIUD]]))).toBe(false);
  });
});

describe('[id] placeholder', () => {
  const users = perms([['Users', RIUD]]);
  it('is replaced by the id query parameter', () => {
    expect(concretePath('/users/[id]', '42')).toBe('/users/42');
    expect(allowedPaths(table, users, '42')).toContain('/users/42');
    expect(isLocationAllowed(table, '/users/42', '?id=42', users)).toBe(true);
    // The id query parameter wins: a path naming another id is not the allowed one.
    expect(isLocationAllowed(table, '/users/43', '?id=42', users)).toBe(false);
  });

  it('falls back to the path segment when the query has no id', () => {
    expect(isLocationAllowed(table, '/users/7f9c', '', users)).toBe(true);
    expect(isLocationAllowed(table, '/kyc/applications/abc', '', users)).toBe(false);
    expect(isLocationAllowed(table, '/users/add-user', '', users)).toBe(true);
  });

  it('finds the route of a location, exact paths before placeholders', () => {
    expect(routeOf(table, '/users/add-user')?.path).toBe('/users/add-user');
    expect(routeOf(table, '/users/123')?.path).toBe('/users/[id]');
    expect(routeOf(table, '/users/123/more')).toBeUndefined();
  });
});

describe('home by role', () => {
  it('follows the table of spec 2, the root for unknown roles', () => {
    expect(homeOf('FolioAdmin')).toBe('/kyc/applications');
    expect(homeOf('FolioUser')).toBe('/kyc/applications');
    expect(homeOf('MerchantAdmin')).toBe('/home');
    expect(homeOf('MerchantViewOnlyUser')).toBe('/home');
    expect(homeOf('PropertyManager')).toBe('/property-management');
    expect(homeOf('PropertyOperations')).toBe('/property-management');
    expect(homeOf('PropertyViewOnlyUser')).toBe('/property-management');
    expect(homeOf('UserManagement')).toBe('/users');
    expect(homeOf('SuperAdmin')).toBe('/');
    expect(homeOf(undefined)).toBe('/');
  });
});

describe('the route table', () => {
  it('has every route of spec 2 exactly once', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/',
      '/sign-in',
      '/create-password',
      '/forgot-password-successful',
      '/properties/inactive-property',
      '/home',
      '/kyc/authorised-signatory',
      '/kyc/application-success',
      '/kyc/applications/[id]',
      '/properties/property-overview/[id]',
      '/properties/secret-keys',
      '/properties/admin/checkout-preview',
      '/users/[id]',
      '/merchants/contract-signed',
      '/payment-settings/add-payment-settings',
      '/transactions/transaction-info',
      '/fee-management',
      '/refund-management/rules',
      '/payouts',
    ])
      expect(paths).toContain(path);
    expect(paths.filter((path) => path.startsWith('/kyc/') && !path.startsWith('/kyc/applications'))).toHaveLength(9);
    expect(paths.filter((path) => /^\/properties\/[a-z-]+$/.test(path))).toHaveLength(13 + 3);
  });

  it('demands RIU for the KYC wizard and the payment-settings pages, Read for sent e-mails, RIUD elsewhere, nothing on public pages', () => {
    for (const route of ROUTES) {
      if (route.public) expect(route.demand).toBeUndefined();
      // Any signed-in user: the merchant home, and the user menu's two-step sign-in (decision 0310).
      else if (route.path === '/home' || route.path === '/account/two-step') expect(route.demand).toBeUndefined();
      // Reading is all the sent e-mails page does (decision 0170).
      else if (route.path === '/sent-emails') expect(route.demand).toEqual({ resource: 'EmailTemplates', actions: ['Read'] });
      // Spec 6 names the add page; its list and edit pages demand the same set so one role reaches all three (decision 0242).
      else if ((route.path.startsWith('/kyc/') && !route.path.startsWith('/kyc/applications')) || route.path.startsWith('/payment-settings'))
        expect([...(route.demand?.actions ?? [])]).toEqual([...RIU]);
      else expect([...(route.demand?.actions ?? [])], route.path).toEqual([...RIUD]);
    }
  });
});
